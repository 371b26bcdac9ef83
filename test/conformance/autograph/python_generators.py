# Python generators with tensors: a batching helper eagerly and inside a
# tf.function (where the loop over it runs while tracing, once), and
# AutoGraph leaving generator functions unconverted, so len() of a graph
# tensor and a tensor condition in one fail as plain Python would.
import tensorflow as tf


def batches(x, size):
    print("batching", x.shape[0], "rows")
    for start in range(0, x.shape[0], size):
        yield x[start:start + size]


data = tf.reshape(tf.range(10, dtype=tf.float32), [5, 2])
for batch in batches(data, 2):
    print(batch.numpy().tolist())


@tf.function
def total(x):
    s = tf.constant(0.0)
    for batch in batches(x, 2):
        s += tf.reduce_sum(batch)
    return s


print(total(data))
print(total(data + 1))


def positive(x):
    if x > 0:
        yield x


def unsized(x):
    for i in range(len(x)):
        yield x[i]


@tf.function
def keep_positive(x):
    return list(positive(x))


@tf.function
def rows(x):
    return tf.stack(list(unsized(x)))


for fn, arg in ((keep_positive, tf.constant(1.0)), (rows, data)):
    try:
        print(fn(arg))
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[-1].strip()[:90])


def running_mean():
    count, mean = 0, tf.constant(0.0)
    while True:
        value = yield mean
        count += 1
        mean += (value - mean) / count


m = running_mean()
next(m)
for v in (2.0, 4.0, 9.0):
    print(m.send(tf.constant(v)))
