# next() past a dataset's end raises StopIteration (chained, in TensorFlow,
# after the kernel's OutOfRangeError).
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2])
it = iter(ds)
print(next(it))
print(next(it))
print("about to call next past the end")
print(next(it))
print("not reached")
