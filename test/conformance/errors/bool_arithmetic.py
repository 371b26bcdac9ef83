# Arithmetic and reductions that have no bool kernel raise TensorFlow's
# errors on bool tensors (kiln computed them as logic: b + b was XOR).
import tensorflow as tf
b = tf.constant([True, False])
for f in [lambda: tf.reduce_sum(b), lambda: tf.reduce_mean(b), lambda: tf.reduce_max(b),
          lambda: tf.reduce_prod(b), lambda: tf.reduce_min(b), lambda: tf.abs(b), lambda: -b,
          lambda: tf.square(b), lambda: b + b, lambda: b - b, lambda: b * b,
          lambda: tf.reduce_any(b), lambda: tf.reduce_sum(tf.cast(b, tf.int32))]:
    try:
        print(f())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", e)


def absolute(x):
    return tf.abs(x)


def doubled(x):
    return x + x


def largest(x):
    return tf.reduce_max(x)


for op in [absolute, doubled, largest]:
    traced = tf.function(op)
    try:
        traced(b)
    except TypeError as e:
        print("TypeError:", str(e).splitlines()[-1])
for f in [lambda: tf.sign(b), lambda: tf.maximum(b, b), lambda: tf.minimum(b, b),
          lambda: b // b, lambda: b % b, lambda: b ** b]:
    try:
        print(f())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", e)
