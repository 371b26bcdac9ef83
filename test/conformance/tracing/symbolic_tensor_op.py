# A symbolic tensor's op (name, type, inputs, outputs) and value_index;
# Ellipsis is the builtin `...` is; non-tensor outputs print as Literal[...]
# in a concrete function's type; tf.nn.silu is tf.nn.swish.
import tensorflow as tf


@tf.function
def f(x):
    y = x * 2.0 + 1.0
    print(y.op.name, y.op.type, y.value_index)
    print([t.name for t in y.op.inputs], [t.name for t in y.op.outputs])
    print(y.op.node_def.name, y.op.node_def.op, list(y.op.node_def.input))
    values, indices = tf.math.top_k(x, 2)
    print(indices.op.name, indices.value_index)
    print(x[Ellipsis, 0], Ellipsis is ...)
    return y, None


print(f(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
print(f.get_concrete_function(tf.TensorSpec([2, 2])))


@tf.function
def g():
    return 3


print(g.get_concrete_function())
print(tf.nn.silu.__name__, tf.nn.swish.__name__, tf.nn.silu is tf.nn.swish)
