# Graph tensors are named as TensorFlow names them: an op's name= argument
# names its node (made unique), tf.add/multiply/subtract name theirs by op
# ("Add") where the operators use lower case ("add"), and a default name
# that name= replaced stays free for the next op of that kind.
import tensorflow as tf


@tf.function
def g(x):
    print(tf.reduce_sum(x, name="total").name, tf.reduce_sum(x).name)
    print(tf.identity(x, name="out").name, tf.identity(x, name="out").name)
    print(tf.add(x, 1).name, tf.add(x, 1, name="plus").name, (x + 1).name)
    print(tf.multiply(x, 2).name, tf.subtract(x, 1).name, (x * 2).name)
    print(tf.matmul(tf.reshape(x, [1, 2]), tf.reshape(x, [2, 1])).name)
    print(tf.reshape(x, [2], name="r").name, tf.constant(1.0, name="c").name)
    print(tf.nn.relu(x, name="act").name, tf.concat([x, x], 0, name="cat").name)
    with tf.name_scope("layer"):
        print(tf.add(x, x, name="sum").name, tf.reduce_mean(x, name="avg").name)
    return x


g(tf.ones([2]))
