# Mistakes TensorFlow's shape functions find while tracing are ValueErrors
# naming the node; eagerly the kernel's InvalidArgumentError: too many
# indices, an uneven tf.split, and tf.zeros of a partially known shape.
import tensorflow as tf


def run(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1])


@tf.function
def index(a):
    return a[1, 0]


@tf.function
def split3(x):
    a, b, c = tf.split(x, 3)
    return a


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def zeros_like_shape(x):
    return tf.zeros(x.shape)


run("index eager:", lambda: tf.constant([1, 2, 3])[1, 0])
run("index traced:", lambda: index(tf.constant([1, 2, 3])))
run("split eager:", lambda: tf.split(tf.range(10), 3))
run("split traced:", lambda: split3(tf.range(10)))
run("zeros traced:", lambda: zeros_like_shape(tf.ones([2, 3])))
