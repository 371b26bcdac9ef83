# Staged if, for and while whose state or body holds string tensors, and
# tf.print of strings inside a staged loop.
import sys

import tensorflow as tf


@tf.function
def label(x):
    if tf.reduce_sum(x) > 0:
        s = tf.strings.as_string(tf.reduce_sum(x))
    else:
        s = tf.constant("neg")
    return s + "!", tf.strings.length(s)


print(label(tf.constant([1, 2])))
print(label(tf.constant([-1, -2])))


@tf.function
def spell(n):
    s = tf.constant("")
    for i in tf.range(n):
        s = s + tf.strings.as_string(i)
    return s


print(spell(tf.constant(5)))
print(spell(tf.constant(0)))


@tf.function
def grow(limit):
    s = tf.constant("a")
    while tf.strings.length(s) < limit:
        s = s + "b"
    return s


print(grow(tf.constant(4)))


@tf.function
def join_rows(m):
    out = tf.constant("")
    for row in m:
        out = out + tf.strings.reduce_join(tf.strings.as_string(row), separator=",") + ";"
    return out


print(join_rows(tf.constant([[1, 2], [3, 4]])))


@tf.function
def count_words(words):
    total = 0
    for w in words:
        if tf.strings.length(w) > 2:
            total += 1
    return total


print(count_words(tf.constant(["a", "abc", "abcd"])))


@tf.function
def steps(n):
    for i in tf.range(n):
        tf.print("step", i, tf.strings.as_string(i * 2), output_stream=sys.stdout)
    return n


steps(tf.constant(2))
