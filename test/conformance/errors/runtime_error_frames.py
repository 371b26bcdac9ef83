# A run-time error's "defined at" frames go through the helpers and the
# nested tf.functions that made the failing node, and name the node as the
# graph that made it names it.
import tensorflow as tf


def show(e):
    for line in str(e).splitlines():
        if "File" in line:
            line = line.split("/")[-1]
        print(line.split(" [Op:")[0])


def gather_far(x):
    return tf.gather(x, 10)


@tf.function
def via_helper(x):
    return gather_far(x) + 1


@tf.function
def inner(x):
    return tf.gather(x, 10)


@tf.function
def outer(x):
    y = x * 2
    return inner(y) + 1


def deeper(x):
    return inner(x - 1)


@tf.function
def outer_via_helper(x):
    return deeper(x)


for f in [via_helper, outer, outer_via_helper]:
    try:
        f(tf.range(5))
    except tf.errors.InvalidArgumentError as e:
        show(e)
