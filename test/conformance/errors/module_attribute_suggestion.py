# A misspelt TensorFlow name: the AttributeError names the real module
# (tensorflow._api.v2.math for tf.math) and its traceback suggests the
# closest name in it; str() of the error leaves the suggestion out.
import tensorflow as tf

for module, name in [(tf.math, "reduce_sums"), (tf.nn, "relus"), (tf.math, "truncatediv")]:
    try:
        getattr(module, name)
    except AttributeError as e:
        print(e)
x = tf.constant([1.0, 2.0])
print(tf.reduce_sums(x))
