# NumPy arrays passed for an input_signature's specs convert to the spec's
# dtype (float64 arrays for float32, int64 for int32), as TensorFlow does.
import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def shift(x):
    return x + 1


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def double(x):
    return x * 2


print(shift(np.array([1.0, 2.0])))
print(shift(np.array([1, 2])))
print(double(np.array([1, 2])))
print(shift.experimental_get_tracing_count(), double.experimental_get_tracing_count())
