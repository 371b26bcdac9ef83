# Tensors with no elements whose other dimensions are huge, made in a
# tf.function: no memory is needed for them (kiln once built an LLVM
# constant per leading index, or allocated by the leading dimensions).
import tensorflow as tf


@tf.function
def f():
    return tf.zeros([2**31 - 1, 2, 0]), tf.ones([2**33, 0, 5])


print([t.shape for t in f()])


@tf.function
def g():
    return tf.zeros([2**33, 0]) + 1.0


print(g().shape)
