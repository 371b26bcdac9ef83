# tf.norm with ord 1, inf and a p-norm over vectors (as linalg_ops.norm
# builds them), next to the Euclidean and Frobenius norms.
import numpy as np
import tensorflow as tf
x = tf.constant([[3.0, -4.0], [1.0, -2.5]])
print(tf.norm(x), tf.norm(x, ord=1), tf.norm(x, ord=np.inf), tf.norm(x, ord=3))
print(tf.norm(x, ord=1, axis=1), tf.norm(x, ord=np.inf, axis=0, keepdims=True), tf.norm(x, ord="fro", axis=[0, 1]), tf.norm(x, axis=-1))
