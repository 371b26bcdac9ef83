# The * operator with a bool tensor on either side casts both operands to
# int32, multiplies, and casts the product back to bool (TensorFlow's
# _mul_dispatch_factory), in name scope "mul". A Python number on the left
# is converted to bool first, which fails; tf.multiply has no such rule.
import tensorflow as tf

b = tf.constant([True, False, True])
print(b * 2)
print(tf.constant([2, 3, 0]) * b)
print(b * b)
print(b * 2.5)
print(True * b)
print(b * [1.5, 0.0, 0.2])
for thunk in [lambda: 2 * b, lambda: tf.multiply(b, 2)]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)


@tf.function
def f(b, x):
    try:
        print(2 * b)
    except TypeError as e:
        print("TypeError", e)
    print(b * 2, x * b, b * b, True * b)
    return b * 2, x * b


print(f(b, tf.constant([2, 3, 0])))
graph = tf.function(lambda b: b * 2).get_concrete_function(b).graph
print([(n.name, n.op, list(n.input)) for n in graph.as_graph_def().node])
