# for over tf.range(start, limit, delta): records the visited indices with a TensorArray.
import tensorflow as tf


@tf.function
def visited(start, limit, delta):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    k = 0
    for i in tf.range(start, limit, delta):
        ta = ta.write(k, i)
        k += 1
    return ta.stack()


print(visited(tf.constant(2), tf.constant(11), tf.constant(3)))
print(visited(tf.constant(0), tf.constant(5), tf.constant(1)))
print(visited(tf.constant(-3), tf.constant(3), tf.constant(2)))
print("traces:", visited.experimental_get_tracing_count())
