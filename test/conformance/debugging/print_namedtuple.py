# tf.print of a namedtuple (top_k's TopKV2): its name and fields, eagerly
# and inside a tf.function.
import tensorflow as tf

@tf.function
def f(x):
    tf.print("topk", tf.math.top_k(x, k=2))
    tf.print("moments", tf.nn.moments(x, [0]))

f(tf.constant([1.0, 3.0, 2.0]))
tf.print("eager topk", tf.math.top_k(tf.constant([1.0, 3.0, 2.0]), k=2))
