# tf.linalg.cross: values (float and int64), gradients, dimensions known only
# at run time, and its errors.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except (ValueError, TypeError, tf.errors.InvalidArgumentError,
            tf.errors.FailedPreconditionError) as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1].strip())


a = tf.constant([[1.0, 2.0, 3.0], [0.1, -0.2, 0.3]])
b = tf.constant([[4.0, 5.0, 6.0], [1.5, 2.5, -3.5]])
print(tf.linalg.cross(a, b))
print(tf.linalg.cross(tf.constant([1, 2, 3]), tf.constant([4, 5, 6])))
attempt(lambda: tf.linalg.cross(a[:, :2], b[:, :2]))
attempt(lambda: tf.linalg.cross(a, b[:1]))
attempt(lambda: tf.linalg.cross(a, tf.cast(b, tf.float64)))
attempt(lambda: tf.linalg.cross([1.0, 2.0, 3.0], [1.0, 0.0, 0.0]))
f = tf.function(lambda a, b: tf.linalg.cross(a, b))
attempt(lambda: f(a, b))
attempt(lambda: f(a[:, :2], b[:, :2]))
attempt(lambda: f(a, b[:1]))
print(f.get_concrete_function(tf.TensorSpec([None, 3]), tf.TensorSpec([None, 3])).structured_outputs)
u = tf.constant([[1.0, 2.0, 3.0], [0.1, -0.2, 0.3]])
v = tf.constant([[4.0, 5.0, 6.0], [1.5, 2.5, -3.5]])
with tf.GradientTape(persistent=True) as t:
    t.watch([u, v])
    w = tf.linalg.cross(u, v)
    loss = tf.reduce_sum(w * tf.constant([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]]))
print(t.gradient(loss, u), t.gradient(loss, v))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.int64),
                              tf.TensorSpec([None, 3], tf.int64)])
def cross(a, b):
    return tf.linalg.cross(a, b)


print(cross(tf.constant([[1, 2, 3], [-4, 5, 6]], tf.int64),
            tf.constant([[7, 8, 9], [1, 0, -1]], tf.int64)))
try:
    cross(tf.ones([2, 3], tf.int64), tf.ones([3, 3], tf.int64))
except tf.errors.InvalidArgumentError as e:
    print(e.message.splitlines()[-2])
attempt(lambda: tf.linalg.cross(tf.ones([2, 3], tf.bool), tf.ones([2, 3], tf.bool)))
attempt(lambda: tf.linalg.cross(tf.ones([3]), tf.ones([2, 3])))
attempt(lambda: tf.function(lambda a, b: tf.linalg.cross(a, b))(tf.ones([3]), tf.ones([2, 3])))
attempt(lambda: tf.function(lambda a: tf.linalg.cross(a, a))(tf.ones([2, 4])))
attempt(lambda: tf.linalg.cross(tf.ones([2, 4]), tf.ones([2, 4])))
