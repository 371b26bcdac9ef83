# tf.sort and tf.argsort with an axis out of range: TensorFlow reads the
# axis's size as shape(values)[axis], so the StridedSlice kernel (eagerly)
# or its shape function (in a function) refuses the index.
import tensorflow as tf
x = tf.constant([[3, 1], [2, 4]])
for ax in [3, -3, 2]:
    for f in [tf.sort, tf.argsort]:
        try:
            print(f(x, axis=ax))
        except Exception as e:
            print(type(e).__name__, e)
@tf.function
def g(x):
    return tf.sort(x, axis=2)
try:
    print(g(x))
except Exception as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])
