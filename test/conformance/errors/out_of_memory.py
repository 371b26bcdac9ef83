# A tensor too large for memory is TensorFlow's ResourceExhaustedError,
# eagerly and from compiled code, and the script goes on after catching it.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def square_zeros(n):
    return tf.zeros([n, n])


for f in [lambda: tf.zeros([200000, 200000]), lambda: square_zeros(tf.constant(200000))]:
    try:
        print(f().shape)
    except tf.errors.ResourceExhaustedError as e:
        print(type(e).__name__)
print(square_zeros(tf.constant(2)))
