# tf.boolean_mask, tf.sequence_mask and the cross-entropy losses of tf.nn,
# eagerly and in functions.
import tensorflow as tf

x = tf.reshape(tf.range(12, dtype=tf.float32), [3, 4])
print(tf.boolean_mask(tf.constant([1.0, 2.0, 3.0, 4.0]), [True, False, True, True]))
print(tf.boolean_mask(x, [False, True, True]))
print(tf.boolean_mask(x, [True, False, False, True], axis=1))
print(tf.boolean_mask(x, x > 4.5))
print(tf.boolean_mask(x, [False, False, False]))


@tf.function
def positives(v):
    return tf.boolean_mask(v, v > 0)


print(positives(tf.constant([1, -2, 3, 0, 5])))
print(positives(tf.constant([-1.5, 2.5])))

print(tf.sequence_mask([1, 3, 2], 5))
print(tf.sequence_mask([1, 3, 2]))
print(tf.sequence_mask(tf.constant([[1, 2], [0, 3]])))
print(tf.sequence_mask([2, 0], 3, dtype=tf.float32))
print(tf.sequence_mask(tf.constant([1, 2], dtype=tf.int64), 4))


@tf.function
def lengths_mask(lengths):
    return tf.sequence_mask(lengths), tf.sequence_mask(lengths, 4, dtype=tf.int32)


print(lengths_mask(tf.constant([3, 1])))

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [-1.0, 0.0, 4.0], [3.0, 3.0, 3.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.2, 0.3, 0.5], [0.0, 0.0, 1.0]])
print(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
print(tf.nn.softmax_cross_entropy_with_logits(labels=[0.5, 0.5], logits=[1.0, -1.0]))
print(tf.nn.softmax_cross_entropy_with_logits(
    labels=tf.reshape(labels, [2, 2, 3]), logits=tf.reshape(logits, [2, 2, 3])))
print(tf.nn.softmax_cross_entropy_with_logits(
    labels=tf.cast(labels, tf.float64), logits=tf.cast(logits, tf.float64)))
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1, 2, 1], logits=logits))
print(tf.nn.sparse_softmax_cross_entropy_with_logits(
    labels=tf.constant([2, 0, 0, 1], dtype=tf.int64), logits=logits))
print(tf.nn.sigmoid_cross_entropy_with_logits(
    labels=tf.constant([1.0, 0.0, 0.5, 1.0]), logits=tf.constant([0.3, -1.2, 0.0, -20.0])))
print(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))


@tf.function
def mean_losses(y, logits, classes):
    dense = tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits)
    sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=classes, logits=logits)
    binary = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits)
    return tf.reduce_mean(dense), tf.reduce_mean(sparse), tf.reduce_mean(binary)


print(mean_losses(labels, logits, tf.constant([0, 1, 2, 2])))


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])


show(lambda: tf.boolean_mask(x, True))
show(lambda: tf.boolean_mask(x, [True, False]))
show(lambda: tf.sequence_mask([1, 2], [3, 4]))
show(lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 3, 1, 1], logits=logits))
show(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.0, 0.0], logits=[0.5, 0.5, 0.5]))
show(lambda: tf.nn.softmax_cross_entropy_with_logits(labels=[[1.0, 0.0]], logits=[[1.0, 2.0, 3.0]]))
