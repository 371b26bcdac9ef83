# A staged loop whose loop variable grows (tf.concat) changes shape: TensorFlow refuses it.
import tensorflow as tf


@tf.function
def ramp(n):
    values = tf.constant([0])
    for i in tf.range(1, n):
        values = tf.concat([values, [i]], axis=0)
    return values


print("calling ramp")
print(ramp(tf.constant(4)))
print("not reached")
