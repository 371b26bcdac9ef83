# A frozenset argument of a tf.function: hashable, so it has TensorFlow's
# generic TraceType, which matches the same object again and traces an
# equal but distinct frozenset anew; a set has none (TypeError).
import tensorflow as tf


@tf.function
def masked_sum(x, keep):
    print("tracing with", sorted(keep))
    return tf.add_n([x[i] for i in sorted(keep)])


x = tf.constant([1.0, 2.0, 4.0, 8.0])
evens = frozenset([0, 2])
print(masked_sum(x, evens))
print(masked_sum(x * 2, evens))
print(masked_sum(x, frozenset([2, 0])))
print(masked_sum(x, frozenset([3])))
try:
    masked_sum(x, {1})
except TypeError as e:
    print("TypeError:", e)
# A temporary frozenset is gone after its call: an equal one traces again.
print(masked_sum(x, frozenset([1, 3])))
print(masked_sum(x, frozenset([3, 1])))
