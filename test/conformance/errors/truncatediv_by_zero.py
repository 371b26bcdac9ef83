# The truncating integer kernels do not check their divisor: an eager zero
# fails inside Eigen's binary operator, an InternalError.
import tensorflow as tf

for fn in (tf.truncatediv, tf.truncatemod):
    try:
        print(fn(tf.constant([7, -7]), tf.constant([0, 2])))
    except tf.errors.InternalError as e:
        print(type(e).__name__, str(e).split("}} ")[1])
print(tf.truncatediv(tf.constant([7, -7]), tf.constant([2, 2])))
print(tf.truncatemod(tf.constant([7, -7]), tf.constant([2, 2])))
