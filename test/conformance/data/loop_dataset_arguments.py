# A dataset argument's TraceType is its DatasetSpec: another dataset with
# the same element_spec reuses the trace (and the loop iterates it), one
# with another element_spec traces again. enumerate and zip of datasets in
# a tf.function are the datasets' own enumerate and zip.
import tensorflow as tf


@tf.function
def total(dataset):
    s = tf.constant(0, tf.int64)
    for x in dataset:
        print("tracing; the element is", x)
        s += x
    return s


print(total(tf.data.Dataset.range(3)))
print(total(tf.data.Dataset.range(5)))
print(total(tf.data.Dataset.range(2).map(lambda x: x * 100)))
print(total.experimental_get_tracing_count())
print(total(tf.data.Dataset.range(4).filter(lambda x: x > 1)))
print(total(tf.data.Dataset.from_tensor_slices(tf.constant([7, 8], tf.int64))))
print(total.experimental_get_tracing_count())
print(total.get_concrete_function(tf.data.Dataset.range(9)).structured_input_signature)

xs = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])
ys = tf.data.Dataset.from_tensor_slices([10, 20, 30])


@tf.function
def steps():
    total = tf.constant(0.0)
    for step, x in enumerate(xs, start=1):
        tf.print("step", step, "x", x)
        total += tf.cast(step, tf.float32) * x
    return total


print(steps())


@tf.function
def dot(a, b):
    total = tf.constant(0.0)
    for x, y in zip(a, b):
        total += x * tf.cast(y, tf.float32)
    return total


print(dot(xs, ys))
