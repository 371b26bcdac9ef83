# tf.while_loop carrying a TensorArray (written in the body, with and
# without an element shape, dynamic size), inside tf.function and eagerly.
import tensorflow as tf

@tf.function
def f(n):
    ta = tf.TensorArray(tf.int32, size=n)
    _, ta = tf.while_loop(lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, i * i)), [0, ta])
    return ta.stack()

print(f(tf.constant(4)))

@tf.function
def g(x):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[2])
    def body(i, acc, ta):
        acc = acc + x[i]
        return i + 1, acc, ta.write(i, acc)
    _, total, ta = tf.while_loop(lambda i, acc, ta: i < tf.shape(x)[0], body,
                                 (tf.constant(0), tf.zeros([2]), ta))
    return total, ta.stack()

print(g(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))

ta = tf.TensorArray(tf.int32, size=3)
_, ta = tf.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta.write(i, i * 10)), [0, ta])
print(ta.stack())
