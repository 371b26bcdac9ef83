# A return that ends a staged loop's body on every path is staged, as
# AutoGraph stages it: the loop stops after that iteration, and a loop that
# never iterates fails its assertion on the function's return value.
import tensorflow as tf


@tf.function
def first_step(x):
    while x > 0:
        x = x - 1
        return x
    return x


print(first_step(tf.constant(3)))
try:
    first_step(tf.constant(-2))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2])


@tf.function
def doubled(x):
    for i in tf.range(5):
        x = x * 2.0
        return x + tf.cast(i, tf.float32)
    return x


print(doubled(tf.constant(1.5)))


@tf.function
def after_break(n):
    total = tf.constant(0)
    for i in tf.range(n):
        if i > 2:
            break
        total += i
    while total < 100:
        total = total * 3 + 1
        return total
    return -total


print(after_break(tf.constant(10)), after_break(tf.constant(1)))


@tf.function
def vector(v):
    for row in v:
        return row * 2.0
    return tf.zeros([2])


print(vector(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
