# A function that mixes string tensors with numbers: string arguments,
# strings parsed into numbers and numbers formatted into strings, string
# tf.where on a numeric condition, variables and tf.print. kiln runs it in
# stages, the strings on the host and the numbers compiled.
import sys

import tensorflow as tf


@tf.function
def parse_and_scale(s, k):
    x = tf.strings.to_number(s)
    y = x * k + 1.0
    label = tf.strings.join(["v=", tf.strings.as_string(y, precision=2)])
    return tf.strings.reduce_join(label, separator=", "), tf.reduce_sum(y)


print(parse_and_scale(tf.constant(["1.5", "2", "-3"]), tf.constant(2.0)))
print(parse_and_scale(tf.constant(["10", "20"]), 0.5))


@tf.function
def classify(x):
    names = tf.where(x > 0, "pos", tf.where(x < 0, "neg", "zero"))
    n = tf.strings.length(names)
    return names, n * 2, tf.reduce_max(n)


print(classify(tf.constant([3, -1, 0])))


@tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
def lengths(words):
    n = tf.strings.length(words)
    total = tf.reduce_sum(n)
    tf.print("total:", total, "words:", words, output_stream=sys.stdout)
    return tf.cast(n, tf.float32) / tf.cast(total, tf.float32)


print(lengths(tf.constant(["a", "bcd", ""])))
print(lengths(tf.constant(["hello"])))

v = tf.Variable(0)


@tf.function
def count(s):
    v.assign_add(tf.reduce_sum(tf.strings.length(s)))
    return tf.strings.format("count is {}", v)


print(count(tf.constant(["ab", "c"])))
print(count(tf.constant(["xyz"])))
print(v.numpy())


@tf.function
def upper_if(s, flag):
    u = tf.strings.upper(s)
    return u + "!" if flag else tf.strings.lower(s)


print(upper_if(tf.constant("MiXed"), True), upper_if(tf.constant("MiXed"), False))


@tf.function
def movers(s, x):
    return tf.transpose(s), tf.tile(s, [2, 1]), tf.reverse(s, [1]), x + 1.0


print(movers(tf.constant([["a", "b", "c"], ["d", "e", "f"]]), tf.constant(1.0)))
