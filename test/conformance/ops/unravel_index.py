# tf.unravel_index: flat indices as coordinates, eagerly and in functions,
# with dims known only at run time, int64, and negative indices (divided
# as C divides, not an error).
import tensorflow as tf

print(tf.unravel_index([5, 7], [3, 4]))
print(tf.unravel_index(5, [3, 4]))
print(tf.unravel_index(tf.constant([5, 7], tf.int64), [3, 4]))
print(tf.unravel_index([1], tf.constant([3, 4], tf.int64)))
print(tf.unravel_index(tf.constant([-7, 5]), [3, 4]))
print(tf.unravel_index(0, []))


@tf.function
def coords(i):
    return tf.unravel_index(i, [2, 3, 4])


print(coords(tf.range(24)))
print(coords(tf.constant(23, tf.int64)))


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32),
                              tf.TensorSpec([None], tf.int32)])
def any_dims(i, d):
    return tf.unravel_index(i, d)


print(any_dims(tf.constant([0, 11, 59]), tf.constant([5, 3, 4])))
print(any_dims(tf.constant([3]), tf.constant([7])))
print(any_dims.get_concrete_function().structured_outputs)
