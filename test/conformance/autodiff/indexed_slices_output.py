# A tf.function may return IndexedSlices (a gather's gradient): a composite
# of three tensors, rebuilt as IndexedSlices for the caller.
import tensorflow as tf

emb = tf.Variable([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])

@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def f(i):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(emb, i) ** 2)
    g = tape.gradient(loss, emb)
    return g, {"loss": loss}

g, d = f(tf.constant(2))
print(g.indices, g.values, g.dense_shape, d)
print(tf.convert_to_tensor(g))
print(type(g).__name__)
print(g)
