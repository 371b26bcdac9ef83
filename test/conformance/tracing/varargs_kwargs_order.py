# *args extras are named args_0, args_1 in the graph; **kwargs arrive sorted
# by name (TensorFlow rebuilds them from its key-sorted flat inputs), so the
# keyword order of a call changes neither the values seen nor the trace.
import tensorflow as tf


@tf.function
def f(a, *args, **kwargs):
    print("tracing", args, kwargs)
    print([k for k in kwargs], list(kwargs.values()))
    return a + tf.add_n(list(args)) * kwargs["scale"] + kwargs["bias"]


one = tf.constant(1.0)
print(f(one, tf.constant(3.0), tf.constant(4.0), scale=tf.constant(5.0),
        bias=tf.constant(6.0)))
print(f(one, tf.constant(3.0), tf.constant(4.0), bias=tf.constant(6.0),
        scale=tf.constant(5.0)))


@tf.function
def g(**options):
    return list(options.items())


print(g(zeta=1, alpha=2, mid=tf.constant(3)))
print(f.get_concrete_function(one, one, scale=one, bias=one))


@tf.function
def h(x, /, y, *, z):
    return x + y + z


print(h.get_concrete_function(one, one, z=one))
