# tf.einsum with a label repeated in one operand: the Einsum kernel's
# diagonal (a strided slice of the merged axes), then its sums.
import tensorflow as tf
m = tf.reshape(tf.range(9.0), [3, 3])
print(tf.einsum('ii->i', m))
print(tf.einsum('ii', m))
print(tf.einsum('ii->', m))
b = tf.reshape(tf.range(2 * 9.0), [2, 3, 3])
print(tf.einsum('bii->bi', b))
print(tf.einsum('bii->b', b))
print(tf.einsum('iij->ij', tf.reshape(tf.range(18.0), [3, 3, 2])))
print(tf.einsum('iii->i', tf.reshape(tf.range(27.0), [3, 3, 3])))
print(tf.einsum('ii,ij->j', m, m))
print(tf.einsum('ij,jj->i', m, m))
@tf.function
def f(x):
  return tf.einsum('...ii->...i', x), tf.linalg.trace(x)
print(f(b))
try:
  tf.einsum('ii->i', tf.ones([2, 3]))
except Exception as e:
  print(type(e).__name__, e)
@tf.function
def g(x):
  return tf.einsum('ii->i', x)
try:
  g(tf.ones([2, 3]))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])
print(tf.einsum('ii->i', tf.ones([0, 0])), tf.einsum('ii->i', tf.ones([1, 1])))
r = tf.random.stateless_normal([4, 60, 60], seed=[3, 4])
print(tf.einsum('bii->b', r).numpy(), tf.einsum('bii,bij->bj', r, r)[:, :3].numpy())
