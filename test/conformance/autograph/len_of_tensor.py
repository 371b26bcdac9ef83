# len() of a tensor inside tf.function: a Python int for a static length, a tensor for a dynamic one.
import tensorflow as tf


@tf.function
def static_len(v):
    n = len(v)
    print("trace: static len is a Python int:", isinstance(n, int), n)
    return v[n - 1]


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def dynamic_len(v):
    n = len(v)
    print("trace: dynamic len is a tensor:", tf.is_tensor(n))
    return n


print(static_len(tf.constant([4, 5, 6])))
print(dynamic_len(tf.constant([4, 5, 6])))
print(dynamic_len(tf.constant([1])))
