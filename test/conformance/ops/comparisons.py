# Comparisons produce bool tensors: operators, tf.math names, equal/not_equal, broadcasting.
import tensorflow as tf


@tf.function
def compare(a, b):
    return a < b, a <= b, a > b, a >= b, tf.equal(a, b), tf.not_equal(a, b)


for r in compare(tf.constant([1, 2, 3]), tf.constant([3, 2, 1])):
    print(r)
for r in compare(tf.constant([[0.5], [1.5]]), tf.constant([1.0, 0.5])):
    print(r)
print(tf.math.less(tf.constant(1), 2))
print(tf.math.greater_equal(tf.constant([1.0, 2.0]), 2.0))
print(tf.equal(tf.constant(["a", "b"]), tf.constant("a")))
print(tf.constant([True, False]) == tf.constant([True, True]))
