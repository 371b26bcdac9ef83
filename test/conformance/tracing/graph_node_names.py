# Graph node names as TensorFlow gives them: Python operands in the op's name scope (mul/y), the @ operator's matmul, case-insensitive uniquing; MatMul rank errors name the node.
import tensorflow as tf
@tf.function
def f(x):
    y = tf.nn.relu(x * 2.0 + 1.0)
    z = 3 - tf.cast(x, tf.int32)
    return y, z, x * 2.0, x < 1.5, tf.maximum(x, 0.5)
cf = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
for n in cf.graph.as_graph_def().node:
    print(n.name, n.op, list(n.input))
@tf.function
def f(a, b):
    return a @ b, tf.matmul(a, b)
print(f(tf.ones([2, 3]), tf.ones([3, 2])))
for n in f.get_concrete_function(tf.ones([2, 3]), tf.ones([3, 2])).graph.as_graph_def().node:
    print(n.name, n.op, list(n.input))
for fn in [lambda: f(tf.ones([2, 3]), tf.ones([2, 2])), lambda: f(tf.ones([3]), tf.ones([3, 2]))]:
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1] if "\n" in str(e) else e)
@tf.function
def g(a, b):
    return tf.matmul(a, b)
try:
    g(tf.ones([3]), tf.ones([3, 2]))
except Exception as e:
    print(type(e).__name__, [l for l in str(e).splitlines() if l.strip()][-1])
