# Variable.scatter_add and the other IndexedSlices scatters return the
# variable as TensorFlow's _UnreadVariable ('UnreadVariable').
import tensorflow as tf
v = tf.Variable([1.0, 2.0])
print(v.scatter_add(tf.IndexedSlices(tf.constant([1.0]), tf.constant([0]))))
print(v.scatter_update(tf.IndexedSlices(tf.constant([5.0]), tf.constant([1]))))
r = v.scatter_max(tf.IndexedSlices(tf.constant([9.0]), tf.constant([0])))
print(r.numpy(), v.numpy())
@tf.function
def f():
  return v.scatter_sub(tf.IndexedSlices(tf.constant([1.0]), tf.constant([1])))
print(f())
