# Static shapes with None dims versus tf.shape at run time, inside an input_signature Function.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def describe(x):
    print("static shape:", x.shape)
    n = tf.shape(x)[0]
    print("dynamic n:", n)
    return tf.shape(x), tf.size(x), tf.rank(x), tf.reshape(x, [-1]), tf.reduce_sum(x, axis=1)


for r in describe(tf.ones([2, 3])):
    print(r)
for r in describe(tf.zeros([1, 3])):
    print(r)
