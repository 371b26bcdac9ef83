# A tf.function with an input_signature called from another one's trace
# is traced for its TensorSpecs (x.shape is (None,) in its body), not for
# the caller's shapes, as when it is called eagerly.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def f(x):
    print("static shape", x.shape)
    if x.shape[0] is None:
        return tf.reduce_sum(x)
    return tf.reduce_sum(x) * 100.0


@tf.function
def g():
    return f(tf.constant([1.0, 2.0])), f(tf.constant([1.0, 2.0, 3.0]))


print(g())
print(f(tf.constant([4.0])))
