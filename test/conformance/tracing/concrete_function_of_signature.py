# get_concrete_function() with no arguments on a function with an
# input_signature returns the signature's concrete function, traced once.
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([], tf.int32)])
def f(x, n):
    print("trace")
    return x * 2.0, n + 1
print(f(tf.ones([2, 3]), tf.constant(1))[1])
cf = f.get_concrete_function()
print(f.experimental_get_tracing_count())
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def g(x):
    print("trace g")
    return x
cf = g.get_concrete_function()
g(tf.ones([1, 3]))
cf2 = g.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
print(g.experimental_get_tracing_count(), cf2(tf.ones([2, 3])).shape)
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([2])])
    def h(self, x):
        print("trace h")
        return x
m = M()
m.h.get_concrete_function()
m.h(tf.ones([2]))
print(m.h.experimental_get_tracing_count())

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def u(x):
    print("trace")
    return x * 2.0
print(u(tf.ones([2])))
cf = u.get_concrete_function()
print(u.experimental_get_tracing_count())
