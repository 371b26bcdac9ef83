# tf.print's output_stream may name a file: file:///dev/stdout and
# file:///dev/stderr are the standard streams.
import sys
import tensorflow as tf
tf.print("to stdout", tf.constant([1, 2]), output_stream="file:///dev/stdout")
@tf.function
def f(x):
    tf.print("in f", x, output_stream="file:///dev/stdout")
    tf.print("err", x, output_stream="file:///dev/stderr")
    return x + 1
print(f(tf.constant(3)))
sys.stdout.flush()
