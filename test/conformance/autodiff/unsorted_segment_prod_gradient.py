# unsorted_segment_prod's gradient (_UnsortedSegmentProdGrad): a segment's
# product over each element, the product of the others at a segment's only
# zero, zero for a segment with two or more; rows of negative ids get none.
import tensorflow as tf
data = tf.constant([1.0, 5.0, 0.0, 5.0, -2.0, 0.5, 0.0, 0.0, 3.0])
seg = tf.constant([2, 0, 2, 0, 1, 3, 4, 4, -1])
w = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
with tf.GradientTape() as t:
    t.watch(data)
    e = tf.math.unsorted_segment_prod(data, seg, 6)
print(e, t.gradient(e, data, output_gradients=w))

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.sin(tf.math.unsorted_segment_prod(x, seg, 6)))
    return t.gradient(y, x)
print(f(data))
m = tf.reshape(tf.range(1.0, 19.0), [9, 2])
with tf.GradientTape() as t:
    t.watch(m)
    e = tf.math.unsorted_segment_prod(m, seg, 5)
print(t.gradient(e, m))
