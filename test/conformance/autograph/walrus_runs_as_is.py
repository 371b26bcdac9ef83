# TensorFlow 2.20's AutoGraph cannot convert a function that holds `:=`: it
# warns (asking for a bug report) and traces the function as written. Python
# conditions still work; a tensor condition then fails as in graph mode.
import sys

import tensorflow as tf

# The warnings name functions by address: a fixed first line of stderr.
print("walrus_runs_as_is", file=sys.stderr)


@tf.function
def scaled(x, k):
    if (half := k // 2) > 1:
        x = x * half
    total = tf.reduce_sum(x)
    return x + total, [y for v in [1, 2, 3] if (y := v * k) > 5]


r, kept = scaled(tf.constant([1.0, 2.0, 3.0]), 5)
print(r)
print(kept)
print(scaled(tf.constant([1.0]), 2)[0])


@tf.function
def last_positive(xs):
    found = tf.constant(-1.0)
    for v in tf.unstack(xs):
        found = tf.where((d := v * 2.0) > 0, d, found)
    return found


print(last_positive(tf.constant([1.0, -2.0, 3.0, -4.0])))


@tf.function
def countdown(n):
    steps = tf.constant(0)
    while (n := n - 1) > 0:
        steps += n
    return steps


print(countdown(tf.constant(5)))
