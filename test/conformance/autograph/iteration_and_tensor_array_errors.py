# Iterating over a scalar tensor in a function fails on AutoGraph's len()
# of its graph shape; a TensorArray read past its size (a TensorList get)
# fails at run time with the list's message.
import tensorflow as tf


@tf.function
def total(x):
    s = 0
    for v in x:
        s += v
    return s


try:
    total(tf.constant(5))
except ValueError as e:
    print(str(e).splitlines()[-1])
print(total(tf.constant([1, 2, 3])))


@tf.function
def f(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i * 10)
    return ta.read(n - 1), ta.read(n + 2)


try:
    f(tf.constant(3))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2])
