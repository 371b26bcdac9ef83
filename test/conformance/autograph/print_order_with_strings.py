# tf.print calls inside a staged loop print in program order, whether they
# format string tensors (which kiln runs on the host) or numbers (compiled).
import sys

import tensorflow as tf


@tf.function
def items(n):
  for i in tf.range(n):
    tf.print(tf.strings.format("item {}", i), output_stream=sys.stdout)
    tf.print("num", i, output_stream=sys.stdout)
    label = tf.strings.join(["#", tf.strings.as_string(i * 10)])
    tf.print("square", i * i, output_stream=sys.stdout)
    tf.print(label, output_stream=sys.stdout)
  return n


items(tf.constant(3))


@tf.function
def countdown(n):
  while n > 0:
    tf.print("n =", n, output_stream=sys.stdout)
    if n % 2 == 0:
      tf.print(tf.strings.format("{} is even", n), output_stream=sys.stdout)
    n -= 1
  return n


print(countdown(tf.constant(4)))
