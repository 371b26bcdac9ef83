# choose_from_datasets picks each element from the dataset its choice names.
import tensorflow as tf
choice = tf.data.Dataset.range(2).repeat(3)
ch = tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(10, 20), tf.data.Dataset.range(100, 110)], choice)
print(list(ch.as_numpy_iterator()))
a = tf.data.Dataset.range(0, 3)
b = tf.data.Dataset.range(100, 105)
c = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0, 0, 1, 0, 1, 1, 1], tf.int64))
d = tf.data.Dataset.choose_from_datasets([a, b], c)
print(d, d.cardinality())
print(list(d.as_numpy_iterator()))
print(list(tf.data.Dataset.choose_from_datasets([a, b], c, stop_on_empty_dataset=False).as_numpy_iterator()))
