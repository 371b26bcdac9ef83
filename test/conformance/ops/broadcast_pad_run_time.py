# tf.broadcast_to and tf.pad with shapes and paddings known only at run time,
# and the mirror pads of dimensions known only at run time: the kernels'
# checks run in the compiled code and report TensorFlow's errors.
import tensorflow as tf


def show(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        lines = [l for l in str(e).split("\n") if l.strip() and "File" not in l]
        print(type(e).__name__, lines[-2:][0].split(" [Op:__inference")[0])


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([2], tf.int32)])
def broadcast(x, s):
    return tf.broadcast_to(x, s)


for s in [[3, 2], [2, 1], [3, -1], [0, 2]]:
    show(broadcast, tf.constant([1., 2.]), tf.constant(s))
show(broadcast, tf.constant([7.]), tf.constant([2, 3]))


@tf.function
def broadcast_rows(x, n):
    y = tf.broadcast_to(x, [n, 3])
    print(y.shape)
    return y * 2.0


show(broadcast_rows, tf.constant([[1.], [2.]]), tf.constant(2))
show(broadcast_rows, tf.constant([1., 2., 3.]), tf.constant(4))
show(broadcast_rows, tf.constant(5.), tf.constant(1))
show(broadcast_rows, tf.constant([1., 2.]), tf.constant(1))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                              tf.TensorSpec([2, 2], tf.int32)])
def pad(x, p):
    return tf.pad(x, p, constant_values=5)


for p in [[[1, 0], [0, 2]], [[-1, 0], [0, 0]], [[0, 0], [-3, 0]],
          [[0, 0], [0, 0]]]:
    show(pad, tf.ones([2, 2]), tf.constant(p))
show(pad, tf.ones([0, 3]), tf.constant([[1, 1], [0, 1]]))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.int64),
                              tf.TensorSpec([2, 2], tf.int64)])
def pad_zeros(x, p):
    return tf.pad(x, p)


show(pad_zeros, tf.ones([2, 3], tf.int64),
     tf.constant([[1, 2], [0, 1]], tf.int64))

for mode in ["REFLECT", "SYMMETRIC"]:
    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                                  tf.TensorSpec([2, 2], tf.int32)])
    def mirror(x, p):
        return tf.pad(x, p, mode=mode)

    for p in [[[1, 0], [0, 1]], [[2, 0], [0, 0]], [[1, 1], [2, 2]],
              [[3, 0], [0, 0]], [[0, -1], [0, 0]]]:
        show(mirror, tf.reshape(tf.range(4.), [2, 2]), tf.constant(p))

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def mirror_rows(x):
        return tf.pad(x, [[1, 1], [2, 2]], mode=mode)

    show(mirror_rows, tf.reshape(tf.range(6.), [2, 3]))
    show(mirror_rows, tf.reshape(tf.range(3.), [1, 3]))


@tf.function
def pad_by(x, n):
    return tf.pad(x, [[0, n], [n, 0]])


show(pad_by, tf.ones([2, 2]), tf.constant(1))

# Amounts known at trace time: negative ones fail the shape function, the
# mirror modes' limits fail when the kernel runs.
for mode in ["CONSTANT", "REFLECT", "SYMMETRIC"]:
    for p in [[[-1, 0], [0, 0]], [[0, 0], [0, 2]], [[0, 0], [0, 3]]]:
        @tf.function
        def known(x):
            return tf.pad(x, p, mode=mode, constant_values=1)

        show(known, tf.ones([2, 2]))
show(lambda: tf.pad(tf.ones([2, 2]), [[-1, 0], [0, 0]], mode="REFLECT"))

# Arguments of the wrong dtype or rank: TensorFlow's errors.
@tf.function
def pad_with(x, p):
    return tf.pad(x, p)


@tf.function
def broadcast_as(x, s):
    return tf.broadcast_to(x, s)


@tf.function
def broadcast_rows_of(x, n):
    return tf.broadcast_to(x, [n])


show(pad_with, tf.range(3.), tf.constant([[1.0, 2.0]]))
show(broadcast_as, tf.ones([2, 2]), tf.constant([2]))
show(broadcast_rows_of, tf.ones([2, 2]), tf.constant(2))
