# tf.math.top_k, sorted, for every k of rows with many ties: equal values
# come out by lower index first, whether kiln keeps the k largest in a
# heap (k up to half the row) or sorts the whole row.
import tensorflow as tf

rows = tf.constant([[4, 4, 1, 4, 9, 0, 9, 2, 4, 4, 1, 9],
                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    [5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6],
                    [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]])
for k in range(13):
    top = tf.math.top_k(rows, k)
    print(k, top.indices.numpy().tolist())
floats = tf.cast(rows, tf.float32) * 0.5
print(tf.math.top_k(floats, 3).indices.numpy().tolist())
print(tf.math.top_k(tf.cast(rows, tf.uint8), 4).indices.numpy().tolist())


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def top(x, k):
    return tf.math.top_k(x, k)


for k in [1, 2, 5, 6, 7, 12]:
    values, indices = top(floats, k)
    print(k, values.numpy().tolist(), indices.numpy().tolist())
tf.random.set_seed(3)
big = tf.round(tf.random.uniform([3, 1000]) * 50.0)
values, indices = tf.math.top_k(big, 20)
print(indices.numpy().tolist())
print(values.numpy()[:, :5].tolist())
