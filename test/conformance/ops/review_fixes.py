# Cases a review of new code found: a tensor passed to two arguments of a
# tf.function differentiated under an outer tape, tf.unique of NaNs,
# bincount's binary_output, a fold whose accumulator is more specific than
# its initializer, tf.nest over a named tuple result, map_fn over no rows
# with a signature, and constant tensors as slice bounds in a function.
import tensorflow as tf


@tf.function
def prod(a, b):
    return a * b


x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = prod(x, x)
print(tape.gradient(y, x))

nan = float("nan")
print(tf.unique(tf.constant([nan, 1.0, nan, 1.0])))
print(tf.math.bincount(tf.constant([1, 1, 2]), binary_output=True))

u = tf.unique(tf.constant([1, 1, 2]))
print(len(tf.nest.flatten(u)), tf.nest.is_nested(u))
print(tf.nest.map_structure(lambda v: v.shape, u))

print(tf.map_fn(lambda r: (r[0], tf.cast(r[1], tf.int32)), tf.zeros([0, 3]),
                fn_output_signature=(tf.float32, tf.int32)))
print(tf.map_fn(tf.reduce_sum, tf.zeros([0, 3]),
                fn_output_signature=tf.TensorSpec([], tf.float32)))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def total(v):
    return tf.foldl(lambda a, r: a + r, tf.ones([3, 2]), initializer=v * 0.0)


print(total(tf.constant([1.0, 2.0])))
print(tf.function(lambda v: (v[tf.constant(1):3], v[::tf.constant(2)]))(tf.range(5)))
