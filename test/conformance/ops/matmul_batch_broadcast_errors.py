# Batched matmul: broadcasting rank-2 against rank-4 operands, transposes with
# broadcasting, and batch dimensions that do not broadcast.
import tensorflow as tf

a = tf.reshape(tf.range(24, dtype=tf.float32), [2, 1, 3, 4])
b = tf.reshape(tf.range(12, dtype=tf.float32), [3, 4, 1])
print(tf.matmul(a, b))
print(tf.matmul(tf.ones([4, 3]), a, transpose_a=True, transpose_b=True).shape)
try:
    tf.matmul(tf.ones([2, 3, 3]), tf.ones([4, 3, 3]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e)


@tf.function
def bad(x, y):
    return tf.matmul(x, y)


try:
    bad(tf.ones([2, 3, 3]), tf.ones([4, 3, 3]))
except ValueError as e:
    # The full message names this file by its absolute path: keep the cause.
    print(str(e).strip().splitlines()[-1].strip())
