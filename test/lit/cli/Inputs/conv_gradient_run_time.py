import tensorflow as tf

w = tf.ones([3, 3, 2])


@tf.function(input_signature=[tf.TensorSpec([None, None, 3])])
def step(x):
    with tf.GradientTape() as tape:
        tape.watch(w)
        y = tf.reduce_sum(tf.nn.conv1d(x, w, stride=1, padding="SAME"))
    return tape.gradient(y, w)


print(step(tf.ones([2, 5, 3])))
