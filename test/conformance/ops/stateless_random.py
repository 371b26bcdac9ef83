# tf.random.stateless_uniform and stateless_normal: TensorFlow's Philox
# numbers bit for bit, for float32, float64, int32 and int64, with minval,
# maxval, mean and stddev, eagerly and in a function.
import tensorflow as tf

print(tf.random.stateless_normal([7], seed=[1, 2]))
print(tf.random.stateless_normal([3], seed=[5, -3], dtype=tf.float64,
                                 mean=2.0, stddev=0.5))
print(tf.random.stateless_uniform([2, 3], seed=(7, 8), minval=-1.0,
                                  maxval=3.0))
print(tf.random.stateless_uniform([5], seed=[7, 8], minval=3, maxval=10,
                                  dtype=tf.int32))
print(tf.random.stateless_uniform([5], seed=[7, 8], minval=-5, maxval=10,
                                  dtype=tf.int64))
print(tf.random.stateless_uniform([3], seed=[7, 8], dtype=tf.float64))
print(tf.random.stateless_uniform([], seed=[0, 0]))
print(tf.random.stateless_uniform([0, 4], seed=[0, 0]))
print(tf.random.stateless_uniform(tf.constant([2, 2]), seed=tf.constant([3, 4])))
# Many samples: every Box-Muller pair and every Philox block.
print(tf.random.stateless_normal([50, 4], seed=[123, 456]).numpy().tolist())
print(tf.random.stateless_normal([9, 2], seed=[1, 1], dtype=tf.float64))


@tf.function
def init(shape_seed):
    w = tf.random.stateless_normal([3, 2], seed=[shape_seed, 0], stddev=0.1)
    b = tf.random.stateless_uniform([2], seed=[shape_seed, 1])
    return w, b


print(init(1))
print(init(2))
try:
    tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32)
except ValueError as e:
    print("ValueError:", e)
