import tensorflow as tf

ds = tf.data.Dataset.range(4)


@tf.function
def total(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s


# Eagerly the pipeline runs; the elements go to the function as tensors.
print(sum(int(x) for x in ds))
it = iter(ds)
print(next(it))


@tf.function
def take_two(it):
    return next(it) + next(it)


for call in (lambda: total(ds), lambda: take_two(it)):
    try:
        call()
    except NotImplementedError as e:
        print("NotImplementedError:", str(e).splitlines()[-1].strip())
