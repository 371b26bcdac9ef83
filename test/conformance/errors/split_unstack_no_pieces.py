# No pieces: tf.unstack of an empty dimension is an empty list (eagerly and
# in a tf.function); tf.split into 0 or a negative number of pieces, or by
# no sizes, is the error Split's and SplitV's num_split attr (minimum 1)
# gives as the op is made.
import tensorflow as tf

x = tf.zeros([4])
for spec in [0, -1, [], tf.constant([], tf.int32)]:
    # (An empty list eagerly fails on its float32 Tlen or on num_split,
    # whichever attr TensorFlow's hash map gives first in that process.)
    if not isinstance(spec, list):
        try:
            print(tf.split(x, spec))
        except Exception as e:
            print(type(e).__name__, e)
    try:
        print(tf.function(lambda v: tf.split(v, spec))(x))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
print(tf.unstack(tf.zeros([3, 0]), axis=1), tf.unstack(tf.zeros([0]), num=0))
print(tf.unstack(tf.zeros([0, 2])))
unstack = tf.function(lambda v: (tf.unstack(v, axis=1), v + 1))
print(unstack(tf.zeros([3, 0])))
