# A symbolic tensor of a multi-output op is named by its output index
# ("TopKV2:1").
import tensorflow as tf

@tf.function
def f(x):
    values, indices = tf.math.top_k(x, k=2)
    print(values.name, indices.name)
    print(indices)
    return values, indices

print(f(tf.constant([3.0, 1.0, 2.0])))
