# Where a node inside staged control flow was defined: TensorFlow's stack
# has the if/for/while statement's line before the op's, for each staged
# statement the op is inside of, and a function called there adds its own.
# A while test's ops run in its cond function (the line twice); an if
# test, and AutoGraph's reshape of a test of shape [None], run before.
import tensorflow as tf


def pick(x):
    return tf.gather(x, [0, 5])


@tf.function
def loop(x, n):
    for i in tf.range(n):
        x = tf.gather(x, [0, 5])
    return x


@tf.function
def branch(x, c):
    if c > 0:
        x = tf.gather(x, [0, 5])
    return x


@tf.function
def nested(x, n):
    i = tf.constant(0)
    while i < n:
        if i >= 0:
            x = pick(x)
        i += 1
    return x


@tf.function
def while_test(x):
    while tf.gather(x, [5])[0] > 0:
        x = x - 1
    return x


@tf.function
def if_test(x):
    if tf.gather(x, [5])[0] > 0:
        x = x - 1
    return x


@tf.function(input_signature=[tf.TensorSpec([None])])
def reshaped_test(x):
    while x > 0:
        x = x - 1
    return x


@tf.function
def straight(x):
    return pick(x)


for fn, args in [(loop, (tf.constant([1, 2]), tf.constant(2))),
                 (branch, (tf.constant([1, 2]), tf.constant(1))),
                 (nested, (tf.constant([1, 2]), tf.constant(1))),
                 (while_test, (tf.constant([1.0, 2.0]),)),
                 (if_test, (tf.constant([1.0, 2.0]),)),
                 (reshaped_test, (tf.constant([1.0, 2.0]),)),
                 (straight, (tf.constant([1, 2]),))]:
    try:
        fn(*args)
    except tf.errors.InvalidArgumentError as e:
        lines = [line.strip() for line in str(e).splitlines()]
        print(fn.__name__, [line.split(", ", 1)[1] for line in lines
                            if line.startswith("File")])
