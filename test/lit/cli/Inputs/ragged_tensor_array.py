import tensorflow as tf
@tf.function
def matrix_rows(n):
    ta = tf.TensorArray(tf.float32, size=n, infer_shape=False)
    for i in tf.range(n):
        ta = ta.write(i, tf.ones([i + 1]))
    return ta.concat()
print(matrix_rows(tf.constant(1)))
print(matrix_rows(tf.constant(4)))
