# tf.linalg.matvec, tf.tensordot and tf.einsum, which TensorFlow computes with
# transposes, reshapes and matrix products.
import tensorflow as tf

a = tf.reshape(tf.range(6, dtype=tf.float32), [2, 3]) / 7.0
b = tf.reshape(tf.range(12, dtype=tf.float32), [3, 4]) * 0.3
v3 = tf.constant([0.5, -1.25, 2.0])
v4 = tf.constant([1.5, 0.25, -2.0, 3.0])
batch_a = tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]) / 3.0
batch_b = tf.reshape(tf.range(16, dtype=tf.float32), [2, 4, 2]) * 0.7

print(tf.linalg.matvec(a, v3))
print(tf.linalg.matvec(b, v3, transpose_a=True))
print(tf.linalg.matvec(batch_a, v4))

print(tf.tensordot(a, b, axes=1))
print(tf.tensordot(a, b, 1).shape)
print(tf.tensordot(v3, v3, axes=1))
print(tf.tensordot(v3, v4, axes=0))
print(tf.tensordot(batch_a, b, axes=[[1], [0]]))
print(tf.tensordot(batch_a, batch_b, axes=[[0, 2], [0, 1]]))
print(tf.tensordot(a, a, axes=2))
print(tf.tensordot(a, tf.transpose(a), axes=([1], [0])))

print(tf.einsum("ij,jk->ik", a, b))
print(tf.einsum("bij,bjk->bik", batch_a, batch_b))
print(tf.einsum("i,i->", v3, v3))
print(tf.einsum("i,j->ij", v3, v4))
print(tf.einsum("ij->ji", a))
print(tf.einsum("ij->", a))
print(tf.einsum("ij->j", a))
print(tf.einsum("ij,jk", a, b))
print(tf.einsum("bi,bi->b", a, a))
print(tf.einsum("ijk,k->ij", batch_a, v4))
print(tf.einsum("ijk,ikl->jl", batch_a, batch_b))
print(tf.einsum("...ij,...jk->...ik", batch_a, batch_b))
print(tf.einsum("ij,kj->ik", a, a))
print(tf.einsum(" i j , j k -> i k ", a, b))
print(tf.einsum("ij,jk->ik", tf.cast(a, tf.float64), tf.cast(b, tf.float64)))


@tf.function
def project(x, w):
    return tf.einsum("bi,ij->bj", x, w), tf.tensordot(x, w, 1), tf.linalg.matvec(w, x[0], transpose_a=True)


print(project(a, b[:, :3] if False else tf.ones([3, 5]) * 0.1))
print(project(tf.ones([4, 3]), b))
