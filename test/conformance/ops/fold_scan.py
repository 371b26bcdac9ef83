# tf.foldl, tf.foldr and tf.scan (with and without initializer, reversed,
# structured accumulators), eagerly and inside tf.function (fn traced once
# into a loop, a None batch), and tf.vectorized_map.
import tensorflow as tf

elems = tf.constant([1, 2, 3, 4])
print(tf.foldl(lambda a, x: a + x, elems), tf.foldr(lambda a, x: a * 10 + x, elems))
print(tf.foldl(lambda a, x: a * x, tf.constant([1.5, 2.0, 3.0]), initializer=tf.constant(2.0)))
print(tf.scan(lambda a, x: a + x, elems), tf.scan(lambda a, x: a + x, elems, reverse=True))
print(tf.scan(lambda a, x: a * 2 + x, elems, initializer=tf.constant(0)))
print(tf.scan(lambda a, x: (a[0] + x, a[1] * 2), tf.constant([1.0, 2.0, 3.0]), initializer=(tf.constant(0.0), tf.constant(1.0))))
print(tf.vectorized_map(lambda x: x * 2, elems))

@tf.function
def cumprod(x):
    print("tracing cumprod")
    return tf.scan(lambda a, v: a * v, x), tf.foldl(lambda a, v: tf.maximum(a, v), x), tf.foldr(lambda a, v: a - v, x, initializer=100.0)

print(cumprod(tf.constant([1.0, 2.0, 3.0, 0.5])))

@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def running(m):
    return tf.scan(lambda acc, row: acc + row, m)

print(running(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(running(tf.zeros([1, 2])))
