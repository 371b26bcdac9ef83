# tf.print shows Python objects other than strings and containers by their
# repr: a TensorShape, a DType, an instance with __repr__.
import sys
import tensorflow as tf
class P:
    def __repr__(self): return "P-repr"
    def __str__(self): return "P-str"
tf.print(tf.TensorShape([2, None]), tf.float32, 3.5, None, True, (1, 2), P(), b"by", "s", output_stream=sys.stdout)
@tf.function
def f(x):
    tf.print(x.shape, x.dtype, P(), output_stream=sys.stdout)
    return x
f(tf.constant([1.0]))
