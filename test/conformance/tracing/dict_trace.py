# Dicts are keyed by key -> value type, independent of insertion order.
import tensorflow as tf


@tf.function
def weighted(d):
    print("tracing weighted with keys", sorted(d.keys()))
    return d["a"] * d["b"]


print(weighted({"a": tf.constant(2.0), "b": tf.constant(3.0)}))
print(weighted({"b": tf.constant(5.0), "a": tf.constant(4.0)}))
print(weighted({"a": tf.constant(2), "b": tf.constant(3)}))
print(weighted({"a": tf.constant(2.0), "b": tf.constant(3.0), "c": tf.constant(0.0)}))
print("traces:", weighted.experimental_get_tracing_count())


@tf.function
def lookup(d):
    print("tracing lookup with", d)
    return tf.constant(d[1] + d[3])


print(lookup({1: 2, 3: 4}))
print(lookup({3: 4, 1: 2}))
print(lookup({1: 2, 3: 5}))
print("traces:", lookup.experimental_get_tracing_count())
