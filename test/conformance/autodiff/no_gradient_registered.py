# A gradient through an op TensorFlow registers no gradient for at all
# (the autodiff guide's adjust_contrast example) is a LookupError.
import tensorflow as tf

image = tf.Variable([[[0.5, 0.0, 0.0]]])
with tf.GradientTape() as tape:
    new_image = tf.image.adjust_contrast(image, 0.1)
try:
    tape.gradient(new_image, image)
except LookupError as e:
    print(f"{type(e).__name__}: {e}")

x = tf.Variable([3.0, 1.0, 3.0])
with tf.GradientTape() as tape:
    y, idx = tf.unique(x * 2.0)
    s = tf.reduce_sum(y)
try:
    tape.gradient(s, x)
except LookupError as e:
    print(f"{type(e).__name__}: {e}")
