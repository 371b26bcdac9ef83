# print of symbolic tensors during tracing: graph names, shapes and dtypes.
import tensorflow as tf


@tf.function
def f(a, b):
    print(a)
    print(b)
    c = a + b
    print(c)
    d = tf.reduce_sum(c, axis=0)
    print(d)
    e = tf.matmul(c, c, transpose_b=True)
    print(e)
    print(c.shape, c.dtype)
    print(e.shape.as_list())
    return e


print(f(tf.ones([2, 3]), tf.ones([2, 3])))
