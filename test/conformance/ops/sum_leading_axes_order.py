# Sums and means over leading and middle dimensions add in TensorFlow's
# order: per output, four running sums over rows 0,1,2,3 mod 4 once there
# are 16 or more rows (outputs in whole packets of 8 floats within a row),
# otherwise row by row. A bias gradient of a batch of 16 is such a sum.
import tensorflow as tf
for shape in [[16, 8], [16, 10], [17, 9], [40, 13], [15, 8], [5, 33, 7], [3, 20, 12], [64, 3], [2, 3, 18, 4]]:
    x = tf.random.stateless_normal(shape, seed=[1, 2])
    print(shape, tf.reduce_sum(x, axis=0).numpy().tolist())
    print(tf.reduce_mean(x, axis=0).numpy().tolist())
    if len(shape) == 3:
        print(tf.reduce_sum(x, axis=1).numpy().tolist())
    if len(shape) == 4:
        print(tf.reduce_sum(x, axis=[1, 2]).numpy().tolist())
x = tf.random.stateless_normal([32, 8], seed=[3, 4], dtype=tf.float64)
print(tf.reduce_sum(x, axis=0).numpy().tolist())
@tf.function
def f(x):
    return tf.reduce_sum(x, 0), tf.reduce_mean(x, 0)
print(f(tf.random.stateless_normal([20, 16], seed=[5, 6])))

w = tf.Variable(tf.zeros([8]))
batch = tf.random.stateless_normal([32, 8], seed=[7, 8])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum((batch + w) ** 2)
print(tape.gradient(loss, w).numpy().tolist())
