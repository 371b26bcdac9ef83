# The gradient of tf.reduce_prod over each axis choice (a zero included),
# as TensorFlow's _ProdGrad builds it from exclusive cumulative products.
import tensorflow as tf
x = tf.Variable([[1.0, 2.0, 3.0], [4.0, 0.0, 6.0]])
for axes in [None, 0, 1, [0, 1]]:
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reduce_prod(x, axis=axes) * 1.5)
    print(tape.gradient(y, x))
with tf.GradientTape() as tape:
    y = tf.reduce_prod(x, axis=1, keepdims=True)
print(tape.gradient(y, x))
