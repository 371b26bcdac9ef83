# Keyword-only parameters of a tf.function bind as inspect's BoundArguments
# with apply_defaults: one left out takes its default, so f(a, c=x) and
# f(a, c=x, d=None) share a trace and the signature lists d; they come in
# declaration order, before the **kwargs (sorted by name).
import tensorflow as tf

@tf.function
def g(a, *, c, d=None):
    print("trace", d)
    return a + c

g(tf.constant(1), c=tf.constant(2))
g(tf.constant(1), c=tf.constant(2), d=None)
g(tf.constant(1), d=None, c=tf.constant(2))
print(g.experimental_get_tracing_count())
cf = g.get_concrete_function(tf.constant(1), c=tf.constant(2))
print(cf.structured_input_signature)
print(cf(tf.constant(5), c=tf.constant(1)))

@tf.function
def h(a, *, c, d=None):
    return a + c

h(tf.constant(1), c=tf.constant(2))
print(h.pretty_printed_concrete_signatures())

@tf.function
def f(x, *args, scale=1.0, **kw):
    return x * scale

f(tf.constant(1.0), extra=tf.constant(1), scale=2.0)
print(f.pretty_printed_concrete_signatures())
