# tf.norm as linalg_ops.norm builds it (reductions keep their dimensions,
# a Squeeze drops them), so that grappler leaves a division by the norm a
# division, and divisions by a kept-dimension norm become rsqrt products.
import tensorflow as tf
x = tf.constant([[3.0, -4.0, 1.0], [0.5, 2.0, -2.0]])
for kw in [{}, {"axis": 0}, {"axis": 1}, {"axis": -1, "keepdims": True}, {"ord": 1}, {"ord": 1, "axis": 1}, {"ord": float("inf"), "axis": 0}, {"ord": 3, "axis": 1}, {"ord": "fro", "axis": [0, 1]}, {"keepdims": True}]:
    print(kw, tf.norm(x, **kw))
print(tf.norm(tf.constant([[[1.0, 2.0]]])))
@tf.function
def unit(v):
    return v / tf.norm(v, axis=1, keepdims=True), v / tf.norm(v)
print(unit(x))
elems = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.function(lambda x: tf.map_fn(lambda row: row / tf.norm(row), x))(elems))
