# next(iterator) inside a tf.function is a node that reads the iterator
# each time the function runs, from where eager reads left it; a `for`
# over an iterator reads the rest of it. Another iterator with the same
# element_spec reuses the trace.
import tensorflow as tf

ds = tf.data.Dataset.range(10).map(lambda x: x * 2)
it = iter(ds)


@tf.function
def step(iterator):
    x = next(iterator)
    y = iterator.get_next()
    print("tracing step:", x.shape, y.dtype)
    return x + y


print(step(it))
print(step(it))
print(next(it))
print(step(it))
other = iter(ds)
print(step(other))
print(step.experimental_get_tracing_count())


@tf.function
def rest(iterator):
    s = tf.constant(0, tf.int64)
    for x in iterator:
        s += x
    return s


print(rest(it))
try:
    step(it)
except tf.errors.OutOfRangeError as e:
    lines = str(e).splitlines()  # (the middle names this file's path)
    print("OutOfRangeError:", lines[0], lines[2])
    print(lines[-2])
    print(lines[-1].rsplit(" [Op:", 1)[0])
