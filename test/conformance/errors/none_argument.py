# None given where an op takes a tensor: TensorFlow's conversion error,
# not a missing-argument TypeError.
import tensorflow as tf

attempts = [
    lambda: tf.reduce_sum(None),
    lambda: tf.constant(None),
    lambda: tf.add(None, 1),
    lambda: tf.nn.relu(None),
    lambda: tf.reshape(None, [2]),
]
for f in attempts:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
