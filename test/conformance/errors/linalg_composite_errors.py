# Wrong shapes and arguments for tf.einsum, tf.tensordot and tf.linalg.matvec:
# TensorFlow's exceptions, eagerly and while tracing.
import tensorflow as tf

a = tf.ones([2, 3])
b = tf.ones([4, 5])


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])


show(lambda: tf.einsum("ij,jk->ik", a, b))
show(lambda: tf.einsum("ij,jk->ik", a))
show(lambda: tf.einsum("ijk->ik", a))
show(lambda: tf.einsum("ij->ix", a))
show(lambda: tf.tensordot(a, b, axes=[[1], [0, 1]]))
show(lambda: tf.tensordot(a, b, axes=-1))
show(lambda: tf.tensordot(a, b, axes=3))
show(lambda: tf.tensordot(a, b, axes=1))
show(lambda: tf.linalg.matvec(a, tf.ones([4])))


@tf.function
def contract(x, y):
    return tf.einsum("ij,jk->ik", x, y)


@tf.function
def rows(x):
    return tf.einsum("ijk->ik", x)


def last_line(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).strip().splitlines()[-1].strip())


last_line(lambda: contract(a, b))
last_line(lambda: rows(a))
