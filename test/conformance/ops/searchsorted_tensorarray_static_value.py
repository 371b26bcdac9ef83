# tf.searchsorted (left and right, batched, inside a function),
# TensorArray.concat and .gather, and tf.get_static_value eagerly and of
# graph tensors (constants and static shapes only, as constant_value).
import tensorflow as tf
print(tf.searchsorted(tf.constant([1, 3, 5, 7]), tf.constant([2, 5, 8, 0])))
print(tf.searchsorted(tf.constant([1, 3, 5, 7]), tf.constant([2, 5, 8, 0]), side="right"))
print(tf.searchsorted(tf.constant([[0.5, 1.0, 2.0], [1.0, 1.0, 4.0]]), tf.constant([[1.0, 3.0], [1.0, 0.0]]), side="right", out_type=tf.int64))
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def bucket(v):
    return tf.searchsorted(tf.constant([0.0, 10.0, 20.0]), v)
print(bucket(tf.constant([-1.0, 5.0, 10.0, 25.0])))
ta = tf.TensorArray(tf.int32, size=3)
ta = ta.write(0, [1, 2]).write(1, [3, 4]).write(2, [5, 6])
print(ta.concat(), ta.gather([2, 0]))
@tf.function
def f(x):
    n = tf.shape(x)[0]
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, x[i] * 2.0)
    return ta.concat(), ta.gather([1, 0])
print(f(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
print(tf.get_static_value(tf.constant([1, 2])), tf.get_static_value(tf.constant(3.5)), tf.get_static_value(7))
@tf.function
def g(x):
    print(tf.get_static_value(x), tf.get_static_value(tf.constant([4, 5]) * 2), tf.get_static_value(tf.shape(x)), tf.get_static_value(tf.constant([4, 5])))
    return x
g(tf.constant([1.0]))
