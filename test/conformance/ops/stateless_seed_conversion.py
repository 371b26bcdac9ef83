# A stateless op's seed converts as it is given: a list holding an
# int32 tensor packs to int32 (kiln forced int64); eagerly a float or
# wrong-length seed gets StatelessRandomGetKeyCounter's errors.
import tensorflow as tf

@tf.function
def f(seed):
  return (tf.random.stateless_uniform([3], seed=[seed, 1]),
          tf.random.stateless_normal([2], seed=(1, seed)),
          tf.random.stateless_uniform([2], seed=tf.stack([seed, seed])))

print(f(tf.constant(7)))
print(f(tf.constant(7, tf.int64)))
print(tf.random.stateless_uniform([2], seed=[2**40, 3]))
print(tf.random.stateless_uniform([2], seed=[tf.constant(5), 3]))
for bad in [[1.5, 2.0], [1, 2, 3]]:
  try:
    print(tf.random.stateless_uniform([2], seed=bad))
  except Exception as e:
    print(type(e).__name__, e)
