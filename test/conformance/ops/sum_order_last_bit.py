# Float sums and means agree with TensorFlow to the last bit: TensorFlow adds
# innermost runs in 8-float (4-double) lanes, four packets at a time, then
# pairs the lanes and adds the tail; above 8192 elements it splits the run in
# two. Sums over leading axes add one element at a time.
import tensorflow as tf

for n in [5, 8, 9, 17, 31, 32, 33, 100, 1000, 8192, 8193, 9000, 20000]:
  x = (tf.range(n, dtype=tf.float32) * 0.37) % 2.3 - 1.1
  print(n, tf.reduce_sum(x).numpy(), tf.reduce_mean(x).numpy())

m = tf.reshape((tf.range(300, dtype=tf.float32) * 0.61) % 1.7 - 0.8, [3, 100])
print(tf.reduce_sum(m, axis=1))
print(tf.reduce_mean(m, axis=-1, keepdims=True))
print(tf.reduce_sum(m, axis=0)[:6])
print(tf.reduce_sum(tf.reshape(m, [3, 10, 10]), axis=[1, 2]))
print(tf.reduce_sum(tf.reshape(m, [3, 1, 100]), axis=2))
print(tf.reduce_sum(tf.reshape(m, [3, 10, 10]), axis=1)[0])


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def dynamic(v):
  return tf.reduce_sum(v, axis=1), tf.reduce_mean(v)


print(dynamic(m))
print(dynamic(tf.zeros([0, 3])))
print(dynamic(tf.reshape(tf.tile(m, [1, 100]), [1, 30000])))

d = tf.cast(m, tf.float64)
print(tf.reduce_sum(d, 1), tf.reduce_mean(d))


@tf.function
def normalize(v):
  return v - tf.reduce_mean(v, axis=-1, keepdims=True)


print(normalize(m)[:, :5])
