# An eager tf.TensorArray empties an element when it is read
# (clear_after_read, the default): a second read is TensorFlow's
# InvalidArgumentError, a write or a stack (which fills cleared elements
# with zeros) makes it readable again; clear_after_read=False keeps the
# elements, and arrays in a tf.function ignore the option.
import tensorflow as tf
ta = tf.TensorArray(tf.float32, size=2)
ta = ta.write(0, 1.0)
ta = ta.write(1, 2.0)
print(ta.read(0))
try:
    print(ta.read(0))
except Exception as e:
    print(type(e).__name__, e)
tb = tf.TensorArray(tf.float32, size=2, clear_after_read=False)
tb = tb.write(0, 1.0)
print(tb.read(0), tb.read(0))
@tf.function
def f():
    t = tf.TensorArray(tf.float32, size=2)
    t = t.write(0, 3.0)
    return t.read(0) + t.read(0)
print(f())
tc = tf.TensorArray(tf.float32, size=2)
tc = tc.write(0, 5.0).write(1, 6.0)
print(tc.read(1), tc.stack())
try:
    print(tc.read(1))
except Exception as e:
    print(type(e).__name__, e)
td = tf.TensorArray(tf.int32, size=3)
td = td.unstack([7, 8, 9])
print(td.read(2))
td = td.write(2, 10)
print(td.read(2), td.gather([0, 2]))
print(td.read(2))
