# tf.image.rot90 with k known only when the function runs: TensorFlow's case
# on k mod 4, and the static shape the four rotations share.
import tensorflow as tf


@tf.function
def rotate(img, k):
    r = tf.image.rot90(img, k)
    print(r.shape)
    return r


img = tf.reshape(tf.range(2 * 3 * 1), [2, 3, 1])
for k in range(-1, 5):
    print(k, rotate(img, tf.constant(k))[:, :, 0].numpy().tolist())
batch = tf.reshape(tf.range(2 * 2 * 3 * 1), [2, 2, 3, 1])
print(rotate(batch, tf.constant(3))[:, :, :, 0].numpy().tolist())
sq = tf.reshape(tf.range(9.0), [3, 3, 1])
print(rotate(sq, tf.constant(1))[:, :, 0])
