# Results whose size in bytes does not fit in 64 bits fail the call; they
# used to wrap around to a small allocation that the code wrote past.
# TensorFlow reports an element count past int64 as InvalidArgumentError
# and kiln as ResourceExhaustedError, so those print only that they failed.
import tensorflow as tf


@tf.function
def rng(n):
    return tf.range(n)


@tf.function
def tile(x, n):
    return tf.reduce_sum(tf.tile(x, tf.stack([n, n])))


@tf.function
def bcast(x, n):
    return tf.reduce_sum(tf.broadcast_to(x, tf.stack([n, n, 4])))


try:
    rng(tf.constant(2**61, tf.int64))
except tf.errors.ResourceExhaustedError as e:
    print("range:", type(e).__name__)

errors = (tf.errors.ResourceExhaustedError, tf.errors.InvalidArgumentError)
for name, call in [("tile", lambda: tile(tf.ones([4, 4]), 2**31)),
                   ("broadcast_to", lambda: bcast(tf.ones([4]), 2**31))]:
    try:
        call()
        print(name, "ran")
    except errors:
        print(name, "failed")
print(rng(tf.constant(3, tf.int64)))


# Dimensions known at trace time that overflow on their own.
@tf.function
def partly_static(n):
    return tf.reduce_sum(tf.zeros(tf.stack([n, 2**31, 2**31, 4]), tf.int8))


try:
    partly_static(tf.constant(1, tf.int64))
except tf.errors.InvalidArgumentError as e:
    print("partly static:", type(e).__name__)

# Eagerly too: a filled tensor of more than 2**63 - 1 elements.
try:
    tf.zeros([2**62, 4])
except tf.errors.InvalidArgumentError as e:
    print("eager zeros:", type(e).__name__)
