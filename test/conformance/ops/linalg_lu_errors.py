# tf.linalg.det, slogdet, inv and solve on arguments their kernels refuse:
# eagerly the kernels' InvalidArgumentErrors (a singular matrix only for
# inv and solve; det of one is 0), while tracing shape inference's
# ValueErrors and op construction's TypeErrors, and at run time in a
# function the kernel's error from its node.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except (tf.errors.InvalidArgumentError, ValueError, TypeError) as e:
        lines = str(e).strip().splitlines()
        # A function's run-time error ends with its node and the function's
        # internal name ("__inference_inverse_of_158"): show the message.
        print(type(e).__name__ + ":",
              lines[-2] if "__inference" in lines[-1] else lines[-1])


singular = tf.constant([[1.0, 2.0], [2.0, 4.0]])
show(lambda: tf.linalg.inv(singular))
show(lambda: tf.linalg.inv(tf.stack([tf.eye(2), singular])))
show(lambda: tf.linalg.solve(singular, tf.ones([2, 1])))
show(lambda: tf.linalg.det(singular))
show(lambda: tf.linalg.det(tf.ones([2, 3])))
show(lambda: tf.linalg.slogdet(tf.ones([3])))
show(lambda: tf.linalg.inv([[1.0, 2.0, 3.0]]))
show(lambda: tf.linalg.det(tf.constant([[1, 2], [3, 4]])))
show(lambda: tf.linalg.inv(tf.constant([[1, 2], [3, 4]])))
show(lambda: tf.linalg.solve(tf.ones([2, 3]), tf.ones([2, 1])))
show(lambda: tf.linalg.solve(tf.eye(3), tf.ones([3])))
show(lambda: tf.linalg.solve(tf.eye(3), tf.ones([2, 1])))
show(lambda: tf.linalg.solve(tf.ones([2, 3, 3]), tf.ones([3, 3, 1])))
show(lambda: tf.linalg.solve(tf.ones([2, 3, 3]), tf.ones([3, 1])))
show(lambda: tf.linalg.solve(tf.eye(2), tf.ones([2, 1], tf.float64)))


@tf.function
def det_of(m):
    return tf.linalg.det(m)


@tf.function
def inverse_of(m):
    return tf.linalg.inv(m)


@tf.function
def solve_with(m, rhs):
    return tf.linalg.solve(m, rhs)


show(lambda: det_of(tf.ones([2, 3])))
show(lambda: det_of(tf.ones([3])))
show(lambda: inverse_of(tf.ones([2, 3])))
show(lambda: inverse_of(tf.constant([[1, 2], [3, 4]])))
show(lambda: solve_with(tf.ones([2, 3]), tf.ones([2, 1])))
show(lambda: solve_with(tf.eye(3), tf.ones([2, 1])))
show(lambda: solve_with(tf.eye(3), tf.ones([3])))
show(lambda: solve_with(tf.ones([2, 3, 3]), tf.ones([3, 3, 1])))
show(lambda: solve_with(tf.eye(2), tf.ones([2, 1], tf.float64)))
print(inverse_of(tf.constant([[2.0, 0.0], [0.0, 4.0]])))
show(lambda: inverse_of(tf.constant([[2.0, 0.0], [0.0, 0.0]])))
show(lambda: solve_with(tf.zeros([2, 2]), tf.ones([2, 1])))
