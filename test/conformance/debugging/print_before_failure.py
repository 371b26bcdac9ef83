# tf.print in a function whose call then fails at run time: what printed
# before the failing op stays printed, as in TensorFlow, whose automatic
# control dependencies run the print first.
import sys
import tensorflow as tf


@tf.function
def checked(x):
    tf.print("checking", x, output_stream=sys.stdout)
    tf.debugging.assert_positive(x)
    return x


print(checked(tf.constant(1)))
try:
    checked(tf.constant(-1))
except tf.errors.InvalidArgumentError:
    print("caught")


@tf.function
def lookup(x, i):
    tf.print("looking up", i, "in", x, output_stream=sys.stdout)
    return tf.gather(x, i) * 2


print(lookup(tf.constant([1, 2]), 1))
try:
    lookup(tf.constant([1, 2]), 5)
except tf.errors.InvalidArgumentError as e:
    print("caught", str(e).splitlines()[-2].split("}} ")[-1])


@tf.function
def steps(n):
    total = tf.constant(0.0)
    for i in tf.range(n):
        total += 1.0
        tf.print("step", i, total, output_stream=sys.stdout)
        tf.debugging.assert_less(total, 3.0, message="diverged")
    return total


print(steps(tf.constant(2)))
try:
    steps(tf.constant(10))
except tf.errors.InvalidArgumentError as e:
    print("caught", "diverged" in str(e))
