# tf.reverse_sequence: each row's first seq_lengths[row] elements along the
# sequence axis reversed (a bidirectional RNN's backward pass), its
# gradient, and the kernel's checks on the lengths.
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.range(24.0), [2, 4, 3])
print(tf.reverse_sequence(x, [3, 1], seq_axis=1, batch_axis=0))
print(tf.reverse_sequence(tf.transpose(x, [1, 0, 2]), tf.constant([4, 0]),
                          seq_axis=0, batch_axis=1))


@tf.function(input_signature=[tf.TensorSpec([None, None, 2]),
                              tf.TensorSpec([None], tf.int32)])
def backward(inputs, lengths):
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        rev = tf.reverse_sequence(inputs, lengths, seq_axis=1, batch_axis=0)
        loss = tf.reduce_sum(rev * tf.range(1.0, 3.0))
    return rev, tape.gradient(loss, inputs)


r, g = backward(tf.reshape(tf.range(12.0), [2, 3, 2]), tf.constant([2, 3]))
print(r)
print(g)
for call in (lambda: tf.reverse_sequence(x, [5, 1], seq_axis=1),
             lambda: tf.reverse_sequence(x, [-1, 1], seq_axis=1),
             lambda: tf.reverse_sequence(x, [1, 1, 1], seq_axis=1),
             lambda: tf.reverse_sequence(x, [1, 1], seq_axis=0, batch_axis=0),
             lambda: backward(tf.ones([2, 3, 2]), tf.constant([4, 1]))):
    try:
        call()
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__, str(e).splitlines()[0])
