# input_signature with several specs and None dims; Python lists are converted to tensors.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32),
                              tf.TensorSpec([], tf.float32)])
def affine(points, scale):
    print("tracing affine with", points, "and", scale)
    return points * scale + 1.0


print(affine(tf.constant([[1.0, 2.0]]), tf.constant(2.0)))
print(affine(tf.constant([[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]), tf.constant(-1.0)))
print(affine([[4.0, 4.0]], 0.5))
print("traces:", affine.experimental_get_tracing_count())
