# iter(dataset) inside a tf.function makes TensorFlow's anonymous iterator:
# each call opens it anew, next() and a for loop read it there, for a
# dataset argument and for one built from the function's tensors.
import tensorflow as tf

ds = tf.data.Dataset.range(10)


@tf.function
def first_two(ds):
    it = iter(ds)
    return next(it) + next(it)


print(first_two(ds), first_two(ds), first_two(ds.skip(3)))


@tf.function
def rows(x):
    it = iter(tf.data.Dataset.from_tensor_slices(x).batch(2))
    first = next(it)
    rest = tf.constant(0.0)
    for b in it:
        rest += tf.reduce_sum(b)
    return first, rest


print(rows(tf.reshape(tf.range(10.0), [5, 2])))
print(rows(tf.ones([3, 2])))


@tf.function
def past_the_end(ds):
    it = iter(ds)
    return next(it) + next(it)


try:
    past_the_end(ds.take(1))
except tf.errors.OutOfRangeError:
    print("OutOfRangeError")
print(past_the_end(ds.take(2)))


@tf.function
def numpy_rows(x):
    return list(tf.data.Dataset.from_tensor_slices(x).as_numpy_iterator())


try:
    numpy_rows(tf.ones([2]))
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[-1].strip())
