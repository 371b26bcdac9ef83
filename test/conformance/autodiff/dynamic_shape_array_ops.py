# Gradients through gather, concat, stack, tile, split and slices of a batch
# whose size is known only at run time.
import tensorflow as tf

w = tf.Variable([[1.0, 2.0], [2.0, 0.5], [0.5, 2.0]])
emb = tf.Variable([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]])


@tf.function(input_signature=[tf.TensorSpec([None, 3]),
                              tf.TensorSpec([None], tf.int32)])
def grads(x, i):
    with tf.GradientTape(persistent=True) as tape:
        h = x @ w
        losses = [
            tf.reduce_sum(tf.gather(emb, i) * 2.0),
            tf.reduce_sum(tf.concat([h, h * 2.0], axis=1)),
            tf.reduce_sum(tf.stack([h, h], axis=0)),
            tf.reduce_sum(tf.tile(h, [1, 2])),
            tf.reduce_sum(tf.split(h, 2, axis=1)[0]),
            tf.reduce_sum(h[:, 1]),
            tf.reduce_sum(h[:, 1:] * 3.0),
            tf.reduce_sum(h[..., 0]),
            tf.reduce_sum(h[:, None, 0] * 2.0),
            tf.reduce_sum(h[:, -1]),
        ]
    out = [tape.gradient(loss, w) for loss in losses[1:]]
    return tf.convert_to_tensor(tape.gradient(losses[0], emb)), out


embedding_grad, weight_grads = grads(
    tf.constant([[1.0, 1.0, 1.0], [2.0, 0.0, 1.0]]), tf.constant([1, 3]))
print(embedding_grad)
for g in weight_grads:
    print(g)
