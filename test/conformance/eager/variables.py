# tf.Variable outside functions: making, printing, reading and assigning.
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
counter = tf.Variable(3, name="counter")
print(v)
print(counter)
print(repr(counter), str(counter))
print(v.name, counter.name, v.dtype, v.shape, v.trainable)
print(tf.Variable(1.5))
print(tf.Variable(True))
print(tf.Variable([[1, 2], [3, 4]], dtype=tf.int64))
print(tf.Variable([1, 2], dtype=tf.float64, trainable=False).trainable)
print(tf.Variable(lambda: tf.ones([2])))
print(tf.Variable(tf.zeros([2, 3])))

# A variable computes as the tensor it holds.
print(v + 1.0)
print(2.0 * v)
print(v * v, -v, abs(-v))
print(v > 1.5)
print(v[1], v[-1])
print(tf.reduce_sum(v), tf.shape(v))
print(tf.stack([v, v]))
print(v.read_value())
print(v.value())
print(tf.convert_to_tensor(v))
print(float(counter), int(counter))

# assign returns an _UnreadVariable showing the new value.
r = v.assign([4.0, 5.0, 6.0])
print(type(r).__name__)
print(r)
print(v.assign_add([1.0, 1.0, 1.0]))
print(counter.assign_sub(1))
print(v.numpy(), counter.numpy())
print(v.assign([1, 2, 3]))
print(v.assign(tf.constant([7.0, 8.0, 9.0]), read_value=False))
print(v)
