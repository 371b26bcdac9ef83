# APIs TensorFlow builds as one op (Softmax, Tile) or in a name scope
# (l2_normalize) name their result as TensorFlow does, and the nodes after
# them keep TensorFlow's names (the user's tf.exp is "Exp").
import tensorflow as tf

@tf.function
def f(x):
    outs = [tf.nn.softmax(x), tf.nn.log_softmax(x), tf.tile(x, [1, 2]), tf.ones_like(x), tf.zeros_like(x),
            tf.nn.relu6(x), tf.nn.elu(x), tf.nn.selu(x), tf.nn.softplus(x), tf.nn.sigmoid(x), tf.math.log_sigmoid(x),
            tf.nn.leaky_relu(x), tf.square(x), tf.math.reduce_logsumexp(x), tf.nn.l2_normalize(x), tf.math.sign(x),
            tf.clip_by_value(x, 0.0, 1.0), tf.math.xlogy(x, x), tf.exp(x)]
    for o in outs:
        print(o.name)
    return outs

f.get_concrete_function(tf.TensorSpec([2, 3], tf.float32))
