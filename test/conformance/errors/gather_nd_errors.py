# tf.gather_nd's errors: the kernel's eagerly (with " name: " only when no
# argument is a nested Python list, as TensorFlow's fast path adds it),
# shape inference's while tracing, and index vectors out of range when the
# function runs.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]])


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        lines = str(e).splitlines()
        print(type(e).__name__ + ":", lines[0])
        # A graph execution error's message follows the traceback.
        for line in lines:
            if line.startswith("indices["):
                print("   ", line)


show(lambda: tf.gather_nd(x, [[0, 5]]))
show(lambda: tf.gather_nd(x, tf.constant([[0, 5]])))
show(lambda: tf.gather_nd(x, [[3, 0], [1, 1]]))
show(lambda: tf.gather_nd(x, [[0, 1, 2]]))
show(lambda: tf.gather_nd(x, tf.constant([[0, 1, 2]])))
show(lambda: tf.gather_nd(x, [[0.0, 1.0]]))
show(lambda: tf.gather_nd(x, tf.constant([[0.0]])))
show(lambda: tf.gather_nd(x, 1))
show(lambda: tf.gather_nd(tf.constant(3.0), [[0]]))
show(lambda: tf.gather_nd([1.0, 2.0], [[3]]))


@tf.function
def pick(params, indices):
    return tf.gather_nd(params, indices)


show(lambda: pick(x, tf.constant([[-1, 0]])))
show(lambda: pick(x, tf.constant([[0, 0], [2, 2]])))
show(lambda: pick(x, tf.constant([[0, 1, 1]])))
show(lambda: pick(tf.constant(3.0), tf.constant([[0]])))
show(lambda: pick(x, tf.constant(1)))
show(lambda: pick(x, tf.constant([[0.0]])))
words = tf.constant([["a", "b"], ["c", "d"]])
show(lambda: pick(words, tf.constant([[0, 2]])))


@tf.function
def row(t, i):
    return tf.gather(t, [i, i])


print(row(words, tf.constant(1)))
show(lambda: row(words, tf.constant(-1)))
