# bfloat16 MatMul and BatchMatMul: the float32 product of the widened
# operands, truncated to bfloat16 (TensorFlow's FloatToBFloat16).
import tensorflow as tf
a = tf.constant([[0.0, 0.14257812, 0.28515625, 0.42773438, 0.5703125, 0.71484375]], tf.bfloat16)
b = tf.constant([[2.578125],[2.71875],[2.859375],[3.0],[3.140625],[3.28125]], tf.bfloat16)
print(a @ b)
x = tf.cast(tf.random.stateless_normal([3, 16, 40], seed=(1, 1)), tf.bfloat16)
w = tf.cast(tf.random.stateless_normal([40, 8], seed=(1, 2)), tf.bfloat16)
print(x @ w)
@tf.function
def f(x, w):
  return tf.matmul(x[0], w, transpose_b=False), tf.matmul(w, x[1], transpose_a=True, transpose_b=True)
print(f(x, w))
