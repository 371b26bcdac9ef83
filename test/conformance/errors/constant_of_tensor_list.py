# tf.constant refuses a list holding tensors, which tf.convert_to_tensor
# packs: eagerly the EagerTensor constructor's ValueError (the TypeError
# that len() raised on the first element it took for a sequence), in a
# function make_tensor_proto's TypeError.
import tensorflow as tf

cases = ([tf.constant(1), tf.constant(2)], [tf.constant([[1, 2]])],
         [1.0, tf.constant(2.0)], [[tf.constant(1.0)]],
         [tf.Variable(1.0), 2.0], [2.0, tf.Variable(1.0)])
for value in cases:
    try:
        print(tf.constant(value))
    except ValueError as e:
        print("ValueError |", str(e).splitlines()[0])
print(tf.convert_to_tensor([tf.constant(1), tf.constant(2)]))


@tf.function
def f(x):
    try:
        return tf.constant([x, x])
    except TypeError as e:
        print("TypeError |", e)
        return x


print(f(tf.constant(1)))
