# A Function calling another Function and a plain Python helper; tracing of each.
import tensorflow as tf


def helper(x):
    print("  helper traced with", x.dtype)
    return x * 2


@tf.function
def inner(x):
    print("  inner traced with", x.shape)
    return helper(x) + 1


@tf.function
def outer(x):
    print("outer traced")
    return inner(x) + inner(x * 10)


print(outer(tf.constant([1, 2])))
print(outer(tf.constant([3, 4])))
print(inner(tf.constant([1, 2])))
print(outer(tf.constant([1.5])))
print("outer traces:", outer.experimental_get_tracing_count())
print("inner traces:", inner.experimental_get_tracing_count())
