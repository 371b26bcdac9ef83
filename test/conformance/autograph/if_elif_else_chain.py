# An if/elif/else chain on tensor conditions traces all three branches and merges the result.
import tensorflow as tf


@tf.function
def bucket(x):
    if x < 0:
        print("trace: negative")
        label = tf.constant(-1)
    elif x < 10:
        print("trace: small")
        label = tf.constant(1)
    else:
        print("trace: large")
        label = tf.constant(2)
    return label


for v in [-4, 0, 9, 10, 250]:
    print(v, "->", bucket(tf.constant(v)).numpy())
print("traces:", bucket.experimental_get_tracing_count())
