# An input_signature with nested structures of TensorSpecs (a dict, a tuple):
# calls bind to them as TensorFlow binds them, and trace once.
import tensorflow as tf

@tf.function(input_signature=[{"a": tf.TensorSpec([None]), "b": tf.TensorSpec([], tf.int32)}])
def f(d):
    print("tracing f", d["a"].shape)
    return d["a"] * tf.cast(d["b"], tf.float32)

print(f({"a": tf.ones([2]), "b": tf.constant(3)}).numpy())
print(f({"b": 2, "a": tf.ones([4])}).numpy())
print(f.input_signature)

@tf.function(input_signature=[(tf.TensorSpec([2]), tf.TensorSpec([2])), tf.TensorSpec([])])
def g(pair, s):
    return pair[0] + pair[1] * s

print(g((tf.ones([2]), tf.ones([2])), tf.constant(2.0)).numpy())
for bad in [lambda: g((tf.ones([3]), tf.ones([2])), 1.0), lambda: f({"a": tf.ones([2])}), lambda: g(tf.ones([2]), 1.0)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

class M(tf.Module):
    @tf.function(input_signature=[{"x": tf.TensorSpec([None, 2])}])
    def __call__(self, inputs):
        return tf.reduce_sum(inputs["x"], axis=1)

m = M()
print(m({"x": tf.ones([3, 2])}).numpy())
print(f.get_concrete_function().structured_input_signature)
@tf.function(input_signature=[{"a": tf.TensorSpec([None])}])
def inner(d):
    return d["a"] * 2
@tf.function
def outer(x):
    return inner({"a": x}) + 1
print(outer(tf.ones([3])))
with tf.GradientTape() as t:
    x = tf.constant([1.0, 2.0])
    t.watch(x)
    y = tf.reduce_sum(inner({"a": x}))
print(t.gradient(y, x))
