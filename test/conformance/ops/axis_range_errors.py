# argmax/argmin with an axis out of range and transpose with a perm entry
# out of range: ArgOp's and Transpose's own messages, eagerly (a Python
# list perm ends without " name: ", as the generated wrapper's slow path
# does) and while tracing.
import tensorflow as tf


def show(f):
    try:
        f()
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__ + ":", str(e).strip().splitlines()[-1])


show(lambda: tf.argmax(tf.ones([2, 3]), axis=2))
show(lambda: tf.argmin(tf.ones([2, 3]), axis=-3))
show(lambda: tf.math.argmax(tf.ones([4]), axis=1, output_type=tf.int32))
show(lambda: tf.transpose(tf.ones([2, 3]), [0, 2]))
show(lambda: tf.transpose(tf.ones([2, 3]), tf.constant([0, 2])))


@tf.function
def arg(x):
    return tf.argmax(x, axis=2)


@tf.function
def arg32(x):
    return tf.argmin(x, axis=-3, output_type=tf.int32)


show(lambda: arg(tf.ones([2, 3])))
show(lambda: arg32(tf.ones([3, 2])))
