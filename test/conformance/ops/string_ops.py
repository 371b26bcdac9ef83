# String tensors: + concatenation, equality, and a Function doubling a string.
import tensorflow as tf


@tf.function
def double(s):
    print("tracing double with", s)
    return s + s


print(double(tf.constant("ab")))
print(double(tf.constant(["x", "yz"])))
print(double(tf.constant("c")))
print(tf.constant("foo") + "bar")
print(tf.constant("a") == tf.constant("a"), tf.constant("a") != "b")
print(tf.strings.join([tf.constant("p"), tf.constant("q")], separator="-"))
