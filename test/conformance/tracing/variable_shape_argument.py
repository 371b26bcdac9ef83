# tf.Variable's explicit shape= must fit its initial value's shape.
import tensorflow as tf
for kw in [dict(shape=[3]), dict(shape=[2]), dict(shape=(2,)), dict(shape=tf.TensorShape([2])), dict(shape=tf.TensorShape([5])), dict(shape=[1, 2]), dict(shape=None)]:
    try:
        v = tf.Variable([1.0, 2.0], **kw)
        print(v.shape)
    except ValueError as e:
        print("ValueError:", e)
