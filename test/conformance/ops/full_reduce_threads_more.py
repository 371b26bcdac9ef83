# Whole-tensor float64 sums and means, and float32 and float64 products, on
# TensorFlow's intra-op threads: Eigen's cost model splits them into blocks
# from 54,194 doubles and 108,388 floats on a 2-thread pool (the elements
# left over first, then each block's result). ops/full_sum_threads.py has
# the float32 sums. The thresholds depend on the host's core count, which
# kiln reads as TensorFlow does.
import numpy as np
import tensorflow as tf

rs = np.random.RandomState(19)
wide = rs.randn(300001) * 2.0 ** rs.randint(-12, 12, 300001)
near_one = 1.0 + 1e-5 * rs.randn(300001)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
def reduce_all(x):
  return tf.reduce_sum(x), tf.reduce_mean(x), tf.reduce_prod(x)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def product(x):
  return tf.reduce_prod(x)


for n in [54193, 54194, 60001, 108387, 108388, 150001, 300001]:
  d = tf.constant(wide[:n])
  p64 = tf.constant(near_one[:n])
  p32 = tf.constant(near_one[:n].astype(np.float32))
  print(n, repr(float(tf.reduce_sum(d))), repr(float(tf.reduce_mean(d))))
  print(n, repr(float(tf.reduce_prod(p64))), repr(float(tf.reduce_prod(p32))))
  print(n, [repr(float(v)) for v in reduce_all(d)],
        repr(float(reduce_all(p64)[2])), repr(float(product(p32))))
