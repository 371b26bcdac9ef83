# A Python value written to a TensorArray converts to the array's dtype
# where convert_to_tensor's preferred dtype allows it (an int into int64,
# a bool into int32 but not int8); tf.while_loop's shape invariants are
# not checked against the initial value, as in TensorFlow.
import tensorflow as tf
for dt in [tf.int64, tf.float64, tf.int8, tf.float16, tf.bool, tf.int32]:
    ta = tf.TensorArray(dt, size=2)
    for v in [0, 1.5, True]:
        try:
            print(dt.name, v, ta.write(0, v).read(0))
        except Exception as e:
            print(dt.name, v, type(e).__name__, str(e).splitlines()[0])
@tf.function
def f(n):
    ta = tf.TensorArray(tf.int64, size=n)
    ta = ta.write(0, 0)
    for i in tf.range(1, n):
        ta = ta.write(i, ta.read(i - 1) + 1)
    return ta.stack()
print(f(tf.constant(3)))
@tf.function
def g():
    ta = tf.TensorArray(tf.float64, size=2)
    ta = ta.write(0, 1)
    ta = ta.write(1, 2.5)
    return ta.stack()
print(g())
@tf.function
def loop():
    return tf.while_loop(lambda i, v: i < 2, lambda i, v: (i + 1, v), [0, tf.ones([2])],
                         shape_invariants=[tf.TensorShape([]), tf.TensorShape([3])])
print(loop())
