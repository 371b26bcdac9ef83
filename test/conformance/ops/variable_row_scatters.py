# Variable.scatter_update/add/sub/max/min with tf.IndexedSlices: rows of the
# first dimension updated in order, eagerly and inside a function (an
# embedding table updated by its sparse gradient).
import tensorflow as tf
v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
v.scatter_sub(tf.IndexedSlices(tf.constant([[0.5, 0.5], [1.0, 1.0]]), tf.constant([2, 0])))
print(v.numpy())
v.scatter_add(tf.IndexedSlices(tf.constant([[0.1, 0.2], [0.3, 0.4]]), tf.constant([1, 1])))
print(v.numpy())
print(v.scatter_update(tf.IndexedSlices(tf.constant([[9.0, 9.0]]), tf.constant([0]))).numpy())
v.scatter_max(tf.IndexedSlices(tf.constant([[0.0, 10.0]]), tf.constant([2])))
v.scatter_min(tf.IndexedSlices(tf.constant([[0.0, 10.0]]), tf.constant([1])))
print(v.numpy())
emb = tf.Variable(tf.reshape(tf.range(12.0), [6, 2]))

@tf.function
def step(ids):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(emb, ids) ** 2)
    g = tape.gradient(loss, emb)
    emb.scatter_sub(tf.IndexedSlices(0.1 * g.values, g.indices))
    return loss

print(step(tf.constant([1, 4, 1])).numpy(), emb.numpy())
try:
    v.scatter_add(tf.constant([1.0, 2.0]))
except TypeError as e:
    print("TypeError:", e)
