# uint8 ops whose results depend on signedness: values above 127 must compare,
# divide, reduce and take maxima as unsigned numbers, eagerly and traced.
import tensorflow as tf

a = tf.constant([200, 3, 130], tf.uint8)
b = tf.constant([7, 2, 129], tf.uint8)


def everything(a, b):
    return [a // b, a % b, tf.maximum(a, b), tf.minimum(a, b), a > b, a <= b,
            tf.reduce_max(a),
            tf.reduce_min(a), tf.reduce_mean(a), tf.argmax(a), tf.argmin(b),
            tf.nn.relu(a)]


for r in everything(a, b):
    print(r)
for r in tf.function(everything)(a, b):
    print(r)
# TensorFlow has no uint8 kernels for these.
for name, fn in [("abs", tf.abs), ("negative", tf.negative), ("sign", tf.sign),
                 ("pow", lambda x: x ** x)]:
    try:
        print(name, fn(a))
    except tf.errors.InvalidArgumentError as e:
        print(name, "InvalidArgumentError")
