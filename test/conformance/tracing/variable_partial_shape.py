# tf.Variable(shape=) with None dimensions or an unknown rank: assigns may change
# the value's shape within it, eagerly and inside a tf.function.
import tensorflow as tf

v = tf.Variable(tf.zeros([2]), shape=tf.TensorShape(None))
print(v.shape)
print(v)
v.assign(tf.ones([4]))
print(v)
v.assign_add(tf.ones([4]))
print(v)
try:
    v.assign_add(tf.ones([3]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
w = tf.Variable(tf.zeros([2, 3]), shape=[None, 3])
print(w)
w.assign(tf.ones([1, 3]))
print(w)
try:
    w.assign(tf.ones([1, 4]))
except Exception as e:
    print(type(e).__name__, e)

@tf.function
def grow(x):
    w.assign(tf.concat([w, x], axis=0))
    return tf.reduce_sum(w, axis=0)

print(grow(tf.ones([2, 3])))
print(grow(tf.ones([1, 3]) * 2))
print(w)

u = tf.Variable(1.0, validate_shape=False)
print(u)
try:
    u.assign([1.0, 2.0])
except ValueError as e:
    print(e)

@tf.function
def total():
    return tf.reduce_sum(w) + u
print(total())
w.assign(tf.ones([2, 3]))
print(total())
print(v.shape, w.shape, w.get_shape())
