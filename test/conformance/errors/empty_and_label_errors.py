# Errors the kernels raise when a function runs, and their absence on
# empty tensors: sparse cross-entropy labels out of range (the smallest
# label named if it is negative, else the largest), argmax over an empty
# axis; an empty boolean mask, tile by 0 and an integer division of an
# empty tensor are not errors.
import tensorflow as tf


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        lines = [l for l in str(e).splitlines() if l.strip()]
        # The message after "Graph execution error"'s traceback, without
        # the function's generated name.
        print(type(e).__name__ + ":", lines[-2] if len(lines) > 1 else lines[0])


@tf.function(input_signature=[tf.TensorSpec([3, 3], tf.float32),
                              tf.TensorSpec([3], tf.int32)])
def loss(logits, labels):
    l = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                       logits=logits)
    return tf.reduce_mean(l)


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                              tf.TensorSpec([None], tf.int64)])
def batch_loss(logits, labels):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                          logits=logits)


show(lambda: loss(tf.ones([3, 3]), tf.constant([0, 7, -1])))
show(lambda: loss(tf.ones([3, 3]), tf.constant([0, 7, 5])))
show(lambda: loss(tf.ones([3, 3]), tf.constant([0, 1, 2])))
show(lambda: batch_loss(tf.ones([2, 3]), tf.constant([3, 0], tf.int64)))
show(lambda: batch_loss(tf.ones([0, 3]), tf.zeros([0], tf.int64)))
show(lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(
    labels=tf.constant([0, 7, -1]), logits=tf.ones([3, 3])))


@tf.function
def argmax(x):
    return tf.argmax(x, axis=1)


show(lambda: argmax(tf.zeros([2, 0])))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def positive(x):
    return tf.boolean_mask(x, x > 0)


show(lambda: positive(tf.constant([-1.0, -2.0])))
show(lambda: positive(tf.constant([-1.0, 2.0])))
show(lambda: tf.reduce_sum(positive(tf.constant([-3.0]))))


@tf.function
def tile0(x):
    return tf.tile(x, [0])


@tf.function
def share(x):
    return x // tf.size(x)


show(lambda: tile0(tf.constant([1.0, 2.0])))
show(lambda: share(tf.zeros([0], tf.int32)))
show(lambda: share(tf.constant([4, 9])))
