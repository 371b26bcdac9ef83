# tf.random.split and tf.random.fold_in (and their experimental names), new
# seeds from full-range stateless integers (minval and maxval None).
import tensorflow as tf

seed = [1, 2]
new_seeds = tf.random.split(seed, num=3)
print(new_seeds)
print(tf.random.stateless_uniform([3], seed=new_seeds[0, :]))
print(tf.random.experimental.stateless_split(tf.constant([7, 8], tf.int64)))
print(tf.random.fold_in(seed, 3))
print(tf.random.experimental.stateless_fold_in(tf.constant([5, 6], tf.int64), tf.constant(9, tf.int64)))
print(tf.random.stateless_uniform([5], seed=[3, 4], minval=None, maxval=None, dtype=tf.int32))
print(tf.random.stateless_uniform([3], seed=[3, 4], minval=None, maxval=None, dtype=tf.int64))
print(tf.random.split([1, 2], alg="philox"))
replica_seed = tf.random.fold_in([42, 0], 1)
print(tf.random.stateless_normal([2], seed=replica_seed))

@tf.function
def f():
  s = tf.random.split([10, 20], 2)
  return tf.random.stateless_uniform([2], seed=s[1])

print(f())
try:
  tf.random.split([1, 2], alg="foo")
except ValueError as e:
  print("ValueError", e)
