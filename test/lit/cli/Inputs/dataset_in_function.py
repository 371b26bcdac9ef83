import tensorflow as tf

ds = tf.data.Dataset.range(4)


@tf.function
def total(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s


@tf.function
def numpy_rows(x):
    return list(tf.data.Dataset.from_tensor_slices(x).as_numpy_iterator())


# A `for` over a dataset is staged: each call reads the pipeline.
print(total(ds))
print(total(ds.skip(1)))
it = iter(ds)
print(next(it))


@tf.function
def take_two(it):
    return next(it) + next(it)


@tf.function
def listed(it):
    return list(it)


print(take_two(it))
for call in (lambda: listed(it), lambda: numpy_rows(tf.ones([2, 2]))):
    try:
        call()
    except (NotImplementedError, RuntimeError) as e:
        print(type(e).__name__ + ":", str(e).splitlines()[-1].strip())
