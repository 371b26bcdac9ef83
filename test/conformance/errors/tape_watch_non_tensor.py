# GradientTape.watch of something that is neither a tensor nor a variable:
# TensorFlow's ValueError shows the object as str() does.
import tensorflow as tf
with tf.GradientTape() as t:
    try:
        t.watch(3.0)
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
    try:
        t.watch([tf.constant(1.0), "s"])
        print("ok2")
    except Exception as e:
        print(type(e).__name__, e)
import numpy as np
a = np.array([1.0, 2.0], dtype=np.float32)
with tf.GradientTape() as t:
    try:
        t.watch(a)
        print("ok3")
    except Exception as e:
        print(type(e).__name__, e)
