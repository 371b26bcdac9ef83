# A concrete function's one-line signature (repr, function_type,
# pretty_printed_signature(verbose=False)) marks positional-only and
# keyword-only parameters as inspect.Signature does; variables lists the
# captured variables in the order the trace used them.
import tensorflow as tf
@tf.function
def f(x, y=2, *, flag=True, **kw):
    return x * y
cf = f.get_concrete_function(tf.TensorSpec([], tf.float32))
f.get_concrete_function(tf.TensorSpec([2], tf.float32), 3)
print(repr(cf).split(" at 0x")[0] + ">")
print(str(cf))
print(cf.pretty_printed_signature(verbose=False))
print(f.pretty_printed_concrete_signatures(verbose=False))
print(f.pretty_printed_concrete_signatures(False))
@tf.function
def g(a, b, /, c, *args):
    return a
print(g.get_concrete_function(1, 2, tf.TensorSpec([], tf.int32), 4).pretty_printed_signature(verbose=False))
v = tf.Variable(2.0, name="scale")
w = tf.Variable(3.0, name="w", trainable=False)
h = tf.function(lambda x: x * v + w)
ch = h.get_concrete_function(tf.TensorSpec([], tf.float32))
print([x.name for x in ch.variables])
print([x.name for x in ch.trainable_variables])
print(type(ch.variables).__name__, type(ch.function_type).__name__)
print(ch.function_type)
print(cf.function_type)
print(len(cf.variables))

# TensorFlow 2 exports the _v2 checks under their plain names.
print(tf.debugging.assert_less.__name__, tf.assert_equal.__name__,
      tf.debugging.assert_all_finite.__name__, tf.Assert.__name__)
