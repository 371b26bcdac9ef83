# log_softmax sums exp(shifted) inside its row reduction: Eigen's packet
# exp per row of classes (a tail of each row in the scalar form), not by
# position in the whole tensor; bit for bit, eagerly and in functions.
import tensorflow as tf

z = [0.0] * 7
row = [1.893904, -3.991899, 6.55594, 7.724568, 4.963476, 6.434655, -3.037639]
print(tf.nn.log_softmax(tf.constant([z, z, row, z])).numpy()[2].tolist())


def bits(t):
    v = tf.cast(tf.reshape(tf.bitcast(t, tf.int32), [-1]), tf.int64)
    return int(tf.reduce_sum(v * tf.range(1, tf.size(v, tf.int64) + 1)))


log_softmax = tf.function(tf.nn.log_softmax)
log_of_softmax = tf.function(lambda t: tf.math.log(tf.nn.softmax(t)))
for i, shape in enumerate([[4, 7], [9, 7], [3, 13], [8, 16], [5, 33]]):
    x = tf.random.stateless_normal(shape, seed=[i, 1]) * 4.0
    print(shape, bits(tf.nn.log_softmax(x)))
    if i < 4:
        print(bits(log_softmax(x)), bits(log_of_softmax(x)))
