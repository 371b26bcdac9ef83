# Stateful tf.random ops inside tf.function: seeds come from the global seed
# and the op's position among the seedless ops of its graph (a staged branch
# or loop body is a graph of its own); each call continues the kernel's
# Philox sequence.
import tensorflow as tf

tf.random.set_seed(1)


@tf.function
def draws():
    return (tf.random.uniform([3]), tf.random.normal([2]),
            tf.random.uniform([2, 2], -1.0, 1.0, dtype=tf.float64),
            tf.random.normal([3], mean=2.0, stddev=0.5, dtype=tf.float64),
            tf.random.uniform([4], minval=-5, maxval=1000, dtype=tf.int64),
            tf.random.uniform([4], maxval=10, dtype=tf.int32))


for call in range(2):
    for r in draws():
        print(r)


@tf.function
def accumulate(n):
    s = tf.zeros([2])
    for i in tf.range(n):
        s = s + tf.random.uniform([2], seed=7)
    return s


print(accumulate(tf.constant(3)))
print(accumulate(tf.constant(3)))


@tf.function
def branches(x):
    if x > 0:
        y = tf.random.uniform([2], maxval=10, dtype=tf.int32)
    else:
        y = tf.random.uniform([2], maxval=5, dtype=tf.int32)
    return y + tf.random.uniform([2], 0, 100, dtype=tf.int32)


print(branches(tf.constant(1)))
print(branches(tf.constant(-1)))
print(branches(tf.constant(1)))


# A new trace (another signature) is a new graph with new kernels.
@tf.function
def scaled(x):
    return x * tf.random.uniform(tf.shape(x)[:1])


print(scaled(tf.ones([2])))
print(scaled(tf.ones([3])))
print(scaled(tf.ones([2])))
