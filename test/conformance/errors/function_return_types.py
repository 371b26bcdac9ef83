# A tf.function's return values convert to tensors where TensorFlow converts
# them (numbers, strings, bytes, NumPy arrays); other objects are its
# TypeError naming their type.
import numpy as np
import tensorflow as tf

class Box:
    pass

for value in [object(), tf.float32, Box(), b"raw", np.array([1, 2]), (1, "a")]:
    @tf.function
    def f(x):
        return x, value
    try:
        print(f(tf.constant(1.0))[1])
    except TypeError as e:
        print("TypeError:", str(e).split(" in compilation of ")[0], "...", str(e).split(", found return value")[1])
