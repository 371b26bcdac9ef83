# A small model kiln compiles to a shared library (see call_model.c).
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def normalize(x):
    """Centers each row and scales it by 2."""
    mean = tf.reduce_mean(x, axis=1, keepdims=True)
    return (x - mean) * 2.0


@tf.function(input_signature=[tf.TensorSpec([2, 2], tf.float32),
                              tf.TensorSpec([2, 2], tf.float32)])
def affine(w, x):
    return tf.nn.relu(tf.matmul(w, x) - 1.0)


if __name__ == "__main__":
    print(normalize(tf.constant([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0]])))
    print(affine(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.eye(2) if False else
                 tf.constant([[1.0, 0.0], [0.0, 1.0]])))
