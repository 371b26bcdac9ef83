# tf.nn.sparse_softmax_cross_entropy_with_logits on logits of any rank (a
# sequence model's [batch, time, classes]), flattened to the kernel's
# [rows, classes] and reshaped back as nn_ops does, with its shape errors;
# scalar labels, a batch known only at run time, and the gradient.
import tensorflow as tf

logits = tf.reshape(tf.range(24.0) / 10.0, [2, 3, 4])
labels = tf.constant([[0, 1, 3], [2, 2, 0]])
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                     logits=logits))
print(tf.nn.sparse_softmax_cross_entropy_with_logits(
    labels=tf.constant(1), logits=tf.constant([1.0, 2.0, 3.0])))
for bad_labels, bad_logits in [(labels, tf.constant(1.0)),
                               (labels[0], logits),
                               (labels[:, :2], logits),
                               (tf.constant([0, 1, 2]), logits[0, :2])]:
    try:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=bad_labels,
                                                       logits=bad_logits)
    except ValueError as e:
        print("ValueError:", str(e).split(" Received")[0])


@tf.function(input_signature=[tf.TensorSpec([None, 3, 4], tf.float32),
                              tf.TensorSpec([None, 3], tf.int32)])
def sequence_loss(logits, labels):
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=logits))
    return loss, tape.gradient(loss, logits)


loss, grad = sequence_loss(logits, labels)
print(loss)
print(grad)
print(sequence_loss(logits[:1], labels[:1])[0])
