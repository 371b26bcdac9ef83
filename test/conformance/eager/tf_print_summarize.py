# tf.print summarization (stderr): first and last 3 elements by default, summarize=-1 for all.
import tensorflow as tf

tf.print(tf.range(10), summarize=-1)
tf.print(tf.range(10))
print("summarized output goes to stderr")
tf.print(tf.range(7), tf.range(6), tf.range(100, 108), summarize=2)
