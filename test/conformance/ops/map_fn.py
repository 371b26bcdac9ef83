# tf.map_fn eagerly (fn runs per row) and inside tf.function (fn traced
# once), with structured elements and outputs, a None batch, an empty
# batch, nested map_fn and TensorArray's dtype check.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])

def row_stats(r):
    print("called with", r.shape)
    return {"sum": tf.reduce_sum(r), "max": tf.reduce_max(r)}

print(tf.map_fn(row_stats, x, fn_output_signature={"sum": tf.float32, "max": tf.float32}))

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
    out = tf.map_fn(row_stats, x, fn_output_signature={"sum": tf.float32, "max": tf.float32})
    return out["sum"] * out["max"]

print(f(x))
print(f(tf.ones([4, 3])))
print(f(tf.zeros([0, 3])))

@tf.function
def g(a, b):
    return tf.map_fn(lambda t: (t[0] * t[1], t[0] + 1), (a, b))

print(g(tf.constant([1, 2, 3]), tf.constant([4, 5, 6])))
print(tf.map_fn(lambda v: tf.cast(v > 2, tf.int64), tf.constant([1, 2, 3, 4]),
                fn_output_signature=tf.TensorSpec([], tf.int64)))
print(tf.map_fn(lambda v: v * 2, tf.constant([], dtype=tf.float32)))

@tf.function
def h(m):
    return tf.map_fn(lambda row: tf.map_fn(lambda e: e * e, row), m)
print(h(tf.constant([[1, 2], [3, 4]])))
try:
    tf.map_fn(lambda v: tf.cast(v, tf.float32), tf.constant([1, 2]))
except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
