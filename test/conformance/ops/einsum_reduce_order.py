# tf.einsum's sums over labels of one operand: the Einsum kernel adds each
# row's elements to zero one after another (not tf.reduce_sum's order), and
# copies a single element.
import tensorflow as tf

a = tf.random.stateless_normal([3, 40, 5], seed=[1, 2])
for eq in ["ijk->k", "ijk->ik", "ijk->ki", "ijk->j", "ijk->jk"]:
    print(eq, tf.einsum(eq, a).numpy().tolist())
print("ijk->", tf.einsum("ijk->", a).numpy())
b = tf.random.stateless_normal([4, 3000], seed=[1, 3])
c = tf.random.stateless_normal([30, 6, 7], seed=[1, 4])
print(tf.einsum("ij->i", b).numpy().tolist())
print(tf.einsum("ij,jkl->i", b[:, :30], c).numpy().tolist())
print(tf.einsum("ij,jk->i", b[:, :30], c[:, :, 0]).numpy().tolist())
print(tf.einsum("i->", tf.constant([-0.0])),
      tf.einsum("ij->i", tf.constant([[-0.0]])))


@tf.function(input_signature=[tf.TensorSpec([None, None])])
def sums(x):
    return tf.einsum("ij->i", x), tf.einsum("ij->", x)


print(sums(b[:, :50]))
print(sums(tf.zeros([3, 0])))
