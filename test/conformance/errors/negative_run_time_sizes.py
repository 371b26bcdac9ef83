# Sizes known at run time only that are negative: the kernels' errors when
# the function runs (random ops, fills, a TensorArray's reserve), not a
# crash or an attempt at a huge allocation.
import tensorflow as tf

spec = [tf.TensorSpec([], tf.int32)]


@tf.function(input_signature=spec)
def stateless(n):
    return tf.random.stateless_uniform([n], seed=[1, 2])


@tf.function(input_signature=spec)
def stateful(n):
    return tf.random.uniform([n])


@tf.function(input_signature=spec)
def normal(n):
    return tf.random.stateless_normal([n, 2], seed=[1, 2])


@tf.function(input_signature=spec)
def zeros(n):
    return tf.zeros([n])


@tf.function(input_signature=spec)
def filled(n):
    return tf.fill([n, 2], 1.0)


@tf.function(input_signature=spec)
def squares(n):
    arr = tf.TensorArray(tf.int32, size=n)
    i = tf.constant(0)
    while i < n:
        arr = arr.write(i, i * i)
        i += 1
    return arr.stack()


for f in [stateless, stateful, normal, zeros, filled, squares]:
    try:
        print(f(tf.constant(-3)))
    except tf.errors.InvalidArgumentError as e:
        lines = str(e).splitlines()
        print(type(e).__name__, lines[-2].split("}} ", 1)[-1],
              lines[-1].split(" [Op")[0])
print(squares(tf.constant(3)))
