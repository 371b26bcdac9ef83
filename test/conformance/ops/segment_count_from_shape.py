# unsorted_segment_* with a count that is an element of a static shape
# (tf.shape(c)[0]) give results of that static size, as shape inference
# reads it.
import tensorflow as tf

@tf.function
def f(points, cents):
    a = tf.constant([0, 1, 1, 2])
    r = tf.math.unsorted_segment_mean(points, a, tf.shape(cents)[0])
    print(r.shape)
    r2 = tf.math.unsorted_segment_sum(points, a, tf.shape(cents)[0])
    print(r2.shape)
    r3 = tf.math.unsorted_segment_sum(points, a, 3)
    print(r3.shape)
    return r

f(tf.ones([4, 2]), tf.ones([3, 2]))
