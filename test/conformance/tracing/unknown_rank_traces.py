# Unknown ranks: get_concrete_function with a TensorSpec of unknown rank
# traces anew (a ranked trace is no supertype of it) and then serves ranked
# calls; reduce_retracing generalizes a rank change to an unknown rank; and
# reductions and argmax/argmin over a tensor of unknown rank.
import tensorflow as tf

@tf.function(reduce_retracing=True)
def f(x):
    print("tracing", x.shape)
    return tf.reduce_sum(x) * 2

print(f(tf.constant(1.0)))
print(f(tf.constant([1.0, 2.0])))
print(f(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
print(f(tf.constant([5.0, 6.0, 7.0])))
print(f.experimental_get_tracing_count())

@tf.function
def g(x):
    print("g tracing", x.shape)
    return x + 1
g(tf.constant([1.0]))
g(tf.constant(1.0))
g(tf.constant([[1.0]]))
cf = g.get_concrete_function(tf.TensorSpec(None, tf.float32))
print(cf(tf.constant([1.0, 2.0, 3.0])))
g(tf.constant([1.0, 2.0, 3.0, 4.0]))
print(g.experimental_get_tracing_count())
@tf.function
def dbl(a):
    print("Tracing with", a)
    return a + a
print(dbl(tf.constant(1.5)))
cf = dbl.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.float32))
print(cf.structured_outputs)
cf2 = dbl.get_concrete_function(tf.TensorSpec(shape=[None], dtype=tf.float32))
print(cf2.structured_outputs)
print(dbl.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.float32)).structured_outputs)

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def stats(x):
    return (tf.reduce_sum(x), tf.reduce_mean(x, axis=-1, keepdims=True),
            tf.reduce_max(x, axis=0), tf.argmax(x), tf.argmin(x, axis=-1))

print(stats(tf.constant([[1.0, 2.0], [3.0, 5.0]])))
print(stats(tf.constant([4.0, -1.0, 2.5])))
