# tf.nn.conv2d (strides, SAME/VALID/explicit padding, dilations),
# max_pool2d, avg_pool2d, bias_add and tf.pad in its three modes, eagerly
# and in a function whose batch size is known only at run time. float32
# convolutions round as TensorFlow's kernel does (one fused multiply-add
# chain per output element).
import tensorflow as tf

x = tf.reshape(tf.range(1.0, 51.0) / 7.0, [1, 5, 5, 2])
k = tf.reshape(tf.range(-12.0, 12.0) / 5.0, [2, 2, 2, 3])
print(tf.nn.conv2d(x, k, 1, "VALID"))
print(tf.nn.conv2d(x, k, 2, "SAME"))
print(tf.nn.conv2d(x, k, [1, 2], [[0, 0], [1, 0], [0, 2], [0, 0]]))
print(tf.nn.conv2d(x, k, 1, "SAME", dilations=2))
print(tf.nn.conv2d(tf.cast(x, tf.float64), tf.cast(k, tf.float64), 1,
                   "VALID")[0, 0])
print(tf.nn.max_pool2d(x, 2, 2, "VALID"))
print(tf.nn.max_pool2d(x, 3, 2, "SAME"))
print(tf.nn.avg_pool2d(x, 2, 1, "VALID"))
print(tf.nn.avg_pool2d(x, [2, 3], [2, 2], "SAME"))
print(tf.nn.bias_add(x, [0.5, -1.0])[0, 0])
m = tf.constant([[1, 2, 3], [4, 5, 6]])
print(tf.pad(m, [[1, 0], [2, 1]]))
print(tf.pad(m, [[1, 0], [2, 1]], constant_values=9))
print(tf.pad(m, [[1, 1], [2, 2]], mode="REFLECT"))
print(tf.pad(m, [[2, 1], [3, 2]], mode="symmetric"))


@tf.function
def net(images, kernel, bias):
    h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(images, kernel, 1, "SAME"),
                                  bias))
    padded = tf.pad(images, [[0, 0], [1, 1], [1, 1], [0, 0]])
    return tf.nn.max_pool2d(h, 2, 2, "VALID"), tf.shape(padded)


cf = net.get_concrete_function(tf.TensorSpec([None, 5, 5, 2]),
                               tf.TensorSpec([2, 2, 2, 3]),
                               tf.TensorSpec([3]))
print(cf(tf.concat([x, -x], 0), k, tf.constant([0.1, 0.2, -0.3])))
print([n.op for n in cf.graph.as_graph_def().node])

# A larger convolution, still one fused chain per element (K = 3*3*16).
# (With two images and SAME padding TensorFlow splits the sums differently:
# docs/numerics.md.)
images = tf.reshape(tf.sin(tf.range(8.0 * 8 * 16)), [1, 8, 8, 16])
filters = tf.reshape(tf.cos(tf.range(3.0 * 3 * 16 * 4)), [3, 3, 16, 4])
same = tf.nn.conv2d(images, filters, 1, "SAME")
print(same[0, 0], same[0, 4])
print(tf.nn.conv2d(tf.concat([images, -images], 0), filters, 2, "VALID")[1, 1])
