# A loop over a dataset is TensorFlow's reduce, which traces the body again
# with the state's shapes relaxed when an iteration changes them: a state
# may grow without shape invariants (a loop over a tensor would need them).
import tensorflow as tf


@tf.function
def squares(dataset):
    seen = tf.zeros([0], tf.int64)
    for x in dataset:
        print("tracing with", seen.shape)
        seen = tf.concat([seen, [x * x]], 0)
    return seen


print(squares(tf.data.Dataset.range(4)))
print(squares(tf.data.Dataset.range(0)))


@tf.function
def rows(dataset):
    table = tf.zeros([0, 2])
    for x, y in dataset:
        table = tf.concat([table, [[x, y]]], axis=0)
    return table


print(rows(tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [3.0, 4.0]))))
