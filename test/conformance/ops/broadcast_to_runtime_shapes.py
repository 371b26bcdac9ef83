# broadcast_to (and a sliced variable assignment, which broadcasts its value)
# of a dimension known only at run time: a 1 is expanded, a mismatch is
# InvalidArgumentError (kiln used to drop or invent elements).
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def to2(x):
    return tf.broadcast_to(x, [3, 2])

@tf.function(input_signature=[tf.TensorSpec([None, 1], tf.float32)])
def rows(x):
    return tf.broadcast_to(x, [2, 3])

v = tf.Variable([0.0, 0.0, 0.0])

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def tail(x):
    v[1:].assign(x)
    return v.read_value()

print(to2(tf.constant([1.0, 2.0])))
print(to2(tf.constant([7.0])))
print(rows(tf.constant([[1.0], [2.0]])))
print(rows(tf.constant([[5.0]])))
print(tail(tf.constant([1.0, 2.0])))
print(tail(tf.constant([4.0])))
for bad in [lambda: to2(tf.constant([1.0, 2.0, 3.0])),
            lambda: tail(tf.constant([1.0, 2.0, 3.0]))]:
    try:
        print(bad())
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
