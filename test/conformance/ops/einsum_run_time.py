# tf.einsum and tf.tensordot on dimensions known only at run time, the
# products in the Einsum kernel's order (transposes folded into the batch
# product where the kernel folds them), and its run-time checks.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None, 8]),
                              tf.TensorSpec([None, None, 8])])
def scores(q, k):
    return tf.einsum("bqd,bkd->bqk", q, k)


q = tf.reshape(tf.range(2 * 3 * 8, dtype=tf.float32), [2, 3, 8]) / 10.0
k = tf.reshape(tf.range(2 * 4 * 8, dtype=tf.float32), [2, 4, 8]) / 20.0
print(scores(q, k))


@tf.function(input_signature=[tf.TensorSpec([None, 4, 2, 3]),
                              tf.TensorSpec([3, 5])])
def heads(x, w):
    return tf.einsum("bthd,de->bthe", x, w)


x = tf.reshape(tf.range(2 * 4 * 2 * 3, dtype=tf.float32), [2, 4, 2, 3]) / 7.0
w = tf.reshape(tf.range(15, dtype=tf.float32), [3, 5]) / 3.0
print(heads(x, w))


@tf.function(input_signature=[tf.TensorSpec([None, None, 2, 3]),
                              tf.TensorSpec([None, None, 2, 3])])
def attention(q, k):
    return tf.einsum("bqhd,bkhd->bhqk", q, k)


print(attention(x, x[:, :3]))


@tf.function(input_signature=[tf.TensorSpec([None, None, 3]),
                              tf.TensorSpec([3, 2])])
def dot(x, w):
    return tf.tensordot(x, w, axes=1), tf.tensordot(x, w, axes=[[2], [0]])


print(dot(x[:, :, 0, :], w[:, :2]))


@tf.function(input_signature=[tf.TensorSpec([None, None]),
                              tf.TensorSpec([None, None])])
def outer_and_sums(a, b):
    return (tf.einsum("ni,nj->nij", a, b), tf.einsum("ni,mi->nm", a, b),
            tf.einsum("ni,ni->n", a, b), tf.einsum("ij->j", a),
            tf.einsum("ij->ji", a))


print(outer_and_sums(tf.reshape(tf.range(6.0), [2, 3]) / 4.0,
                     tf.reshape(tf.range(6.0, 12.0), [2, 3]) / 5.0))


@tf.function(input_signature=[tf.TensorSpec([None, 3, 4]),
                              tf.TensorSpec([None, 4, 5])])
def batched(a, b):
    return tf.einsum("bij,bjk->bik", a, b)


@tf.function(input_signature=[tf.TensorSpec([None, 3, 4]),
                              tf.TensorSpec([None, 4, 5])])
def broadcast(a, b):
    return tf.einsum("...ij,...jk->...ik", a, b)


a = tf.reshape(tf.range(24.0), [2, 3, 4]) / 8.0
print(broadcast(a, tf.ones([1, 4, 5])))


def first_line(e):
    lines = [l for l in str(e).split("\n") if l.strip() and "File" not in l]
    return lines[-2] if len(lines) > 1 else lines[0]


for f, b in [(batched, tf.ones([1, 4, 5])), (broadcast, tf.ones([3, 4, 5]))]:
    try:
        f(a, b)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, first_line(e))
