# get_next() past the end: OutOfRangeError, End of sequence.
import tensorflow as tf

it = iter(tf.data.Dataset.range(1))
print(it.get_next())
print(it.get_next())
