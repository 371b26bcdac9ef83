# break and return inside a staged loop over a dataset, and a map with
# tf.print in the pipeline, which runs as the loop pulls each element.
# (TensorFlow stages a loop with a break through take_while, whose
# deprecation warning names TensorFlow's own source file; the tf.print
# first keeps that path out of the golden.)
import tensorflow as tf

tf.print("start")


def noisy(x):
    tf.print("map", x)
    return x * 10


ds = tf.data.Dataset.range(10).map(noisy)


@tf.function
def first_over(limit):
    found = tf.constant(-1, tf.int64)
    for x in ds:
        if x > limit:
            found = x
            break
    return found


print(first_over(tf.constant(25, tf.int64)))
print(first_over(tf.constant(1000, tf.int64)))


@tf.function
def find(target):
    for x in tf.data.Dataset.range(100):
        if x * x >= target:
            return x
    return tf.constant(-1, tf.int64)


print(find(tf.constant(50, tf.int64)))
print(find(tf.constant(100000, tf.int64)))
