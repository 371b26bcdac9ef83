# A staged loop that writes a TensorArray is typed by a first trace of its
# body, which sees the loop's arguments rather than their first values: an
# empty input no longer fails its a[i] at trace time.
import tensorflow as tf

@tf.function
def f(a):
    i = tf.constant(0)
    out = tf.TensorArray(tf.int32, size=tf.size(a))
    while i < tf.size(a):
        out = out.write(i, a[i])
        i += 1
    return out.stack()

print(f(tf.constant([], tf.int32)))
print(f(tf.constant([4, 5], tf.int32)))
