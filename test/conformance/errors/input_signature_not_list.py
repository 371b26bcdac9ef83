# input_signature must be a tuple or a list.
import tensorflow as tf

for sig in (tf.TensorSpec([2], tf.float32), {"x": tf.TensorSpec([2])}):
    try:
        tf.function(lambda x: x, input_signature=sig)
    except TypeError as e:
        print(e)
print(tf.function(lambda x: x * 2, input_signature=(tf.TensorSpec([2]),))(tf.ones([2])))
print(int(tf.constant(["7"])), float(tf.constant([b"2.5"])), int(tf.constant([[" 12 "]])))
