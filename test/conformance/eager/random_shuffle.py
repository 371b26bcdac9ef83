# tf.random.shuffle as the RandomShuffle kernel shuffles, eagerly: a
# Fisher-Yates pass over the first dimension with the kernel's Philox
# words, rows of any rank and strings, seeds as the other stateful ops.
import tensorflow as tf
tf.random.set_seed(3)
print(tf.random.shuffle(tf.range(10)))
print(tf.random.shuffle(tf.range(10)))
print(tf.random.shuffle(tf.reshape(tf.range(12.0), [6, 2])))
print(tf.random.shuffle(tf.constant(["a", "b", "c", "d", "e"]), seed=5))
print(tf.random.shuffle(tf.constant([7])), tf.random.shuffle(tf.constant(3.0)))
print(tf.random.shuffle(tf.range(20), seed=1))
print(tf.random.shuffle(tf.range(20), seed=1))
