# float16 and bfloat16 draws: a uniform's mantissa is the low 10 (7) bits
# of a Philox word, a normal is the float one rounded; stateless, stateful
# and Generator draws, eagerly and compiled with run-time shapes.
import tensorflow as tf

for dt in [tf.float16, tf.bfloat16]:
  print(tf.random.stateless_uniform([6], seed=[1, 2], dtype=dt))
  print(tf.random.stateless_uniform([3], seed=[1, 2], minval=-2, maxval=3,
                                    dtype=dt))
  print(tf.random.stateless_normal([6], seed=[3, 4], dtype=dt))
  print(tf.random.stateless_truncated_normal([6], seed=[3, 4], dtype=dt))
  g = tf.random.Generator.from_seed(5)
  print(g.uniform([5], dtype=dt), g.normal([5], dtype=dt),
        g.truncated_normal([5], dtype=dt))
  tf.random.set_seed(7)
  print(tf.random.uniform([5], dtype=dt), tf.random.normal([5], dtype=dt),
        tf.random.truncated_normal([5], dtype=dt))

  @tf.function
  def draws(x):
    n = tf.shape(x)
    return (tf.random.uniform(n, dtype=dt), tf.random.normal([3], dtype=dt),
            tf.random.truncated_normal(n, dtype=dt), g.normal(n, dtype=dt),
            tf.random.stateless_uniform(n, seed=[1, 2], dtype=dt),
            tf.nn.dropout(tf.ones(n, dt), 0.5, seed=3))

  print(draws(tf.zeros([6])))
