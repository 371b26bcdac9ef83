# Dispatch picks the most specific matching trace (shown by a constant fixed at trace time).
import tensorflow as tf

tag = 1


@tf.function
def which(x):
    print("tracing which with", x.shape, "tag", tag)
    return tf.reduce_sum(x) * 0 + tag


which.get_concrete_function(tf.TensorSpec([1, None], tf.int32))
tag = 2
which.get_concrete_function(tf.TensorSpec([None, None], tf.int32))
tag = 3
print(which(tf.constant([[1, 2]])))
print(which(tf.constant([[1, 2], [3, 4]])))
print(which(tf.constant([[1, 2, 3]])))
print(which(tf.constant([[5]])))
print("traces:", which.experimental_get_tracing_count())


@tf.function
def general_first(x):
    print("tracing general_first with", x.shape, "tag", tag)
    return tf.reduce_sum(x) * 0 + tag


general_first.get_concrete_function(tf.TensorSpec([None, None], tf.int32))
tag = 4
general_first.get_concrete_function(tf.TensorSpec([1, None], tf.int32))
print(general_first(tf.constant([[1, 2]])))
print("traces:", general_first.experimental_get_tracing_count())
