# return in both branches of a tensor if/else: both are traced and the function returns one value.
import tensorflow as tf


@tf.function
def relu6(x):
    if x < 0:
        return tf.zeros_like(x)
    elif x > 6:
        return tf.fill(tf.shape(x), 6.0)
    else:
        return x


print(relu6(tf.constant(-2.0)))
print(relu6(tf.constant(2.5)))
print(relu6(tf.constant(9.0)))
print("traces:", relu6.experimental_get_tracing_count())
