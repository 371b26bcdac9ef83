# A loop writing a TensorArray without element_shape: TensorFlow traces
# its body once (a loop variable first defined in the body makes it trace
# twice, tested elsewhere).
import tensorflow as tf

@tf.function
def f(x):
    ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
    for i in tf.range(tf.shape(x)[0]):
        print("tracing body")
        ta = ta.write(i, x[i] * 2.0)
    return ta.stack()

print(f(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
