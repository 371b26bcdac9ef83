# tf.nn.conv2d_transpose (a Conv2DBackpropInput node): upsampling with
# SAME and VALID padding, a batch known at run time, the two-value
# output_shape, its gradients, and the shape and kernel errors.
import tensorflow as tf

x = tf.random.stateless_normal([2, 3, 3, 4], seed=[1, 2])
k = tf.random.stateless_normal([3, 3, 2, 4], seed=[3, 4])

y = tf.nn.conv2d_transpose(x, k, output_shape=[2, 6, 6, 2], strides=2)
print(y.shape)
print(y[0, :, :, 1])
print(tf.nn.conv2d_transpose(x, k, [2, 7, 7, 2], strides=2, padding="VALID")[1, :, :, 0])
print(tf.nn.conv2d_transpose(x, k, (5, 5), strides=(2, 2)).shape)
print(tf.nn.conv2d_transpose(tf.cast(x, tf.float64), tf.cast(k, tf.float64),
                             [2, 3, 3, 2], strides=1)[0, 1])


@tf.function(input_signature=[tf.TensorSpec([None, 3, 3, 4]),
                              tf.TensorSpec([4, 4, 2, 4])])
def upsample(x, k):
    y = tf.nn.conv2d_transpose(x, k, [tf.shape(x)[0], 6, 6, 2], strides=2)
    print("traced", y)
    return tf.nn.relu(y)


k4 = tf.random.stateless_normal([4, 4, 2, 4], seed=[5, 6])
print(upsample(x, k4)[1, 2])
print(upsample(x[:1], k4).shape)

with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, k])
    y = tf.nn.conv2d_transpose(x, k, [2, 6, 6, 2], strides=2)
    loss = tf.reduce_sum(y * y)
gx, gk = tape.gradient(loss, [x, k])
print(gx[0, :, :, 0])
print(gk[:, :, 1, 2])


@tf.function
def train_step(x, k):
    with tf.GradientTape() as tape:
        tape.watch(k)
        y = tf.nn.conv2d_transpose(x, k, [2, 7, 7, 2], 2, "VALID")
        loss = tf.reduce_mean(tf.square(y - 1.0))
    return loss, tape.gradient(loss, k)


loss, g = train_step(x, k)
print(loss)
print(g[1, :, 0, :])


@tf.function
def wrong_size(x, k):
    return tf.nn.conv2d_transpose(x, k, [2, 7, 7, 2], strides=2)


@tf.function
def wrong_depth(x, k):
    return tf.nn.conv2d_transpose(x, k, [2, 6, 6, 3], strides=2)


@tf.function
def wrong_batch(x, k):
    return tf.nn.conv2d_transpose(x, k, [3, 6, 6, 2], strides=2)


@tf.function
def wrong_channels(x, k):
    return tf.nn.conv2d_transpose(x, tf.ones([3, 3, 2, 5]), [2, 6, 6, 2], 2)


@tf.function(input_signature=[tf.TensorSpec([None, 3, 3, 4]),
                              tf.TensorSpec([3, 3, 2, 4])])
def wrong_batch_at_run_time(x, k):
    return tf.nn.conv2d_transpose(x, k, [tf.shape(x)[0] + 1, 6, 6, 2], 2)


for f in (wrong_size, wrong_depth, wrong_batch, wrong_channels,
          wrong_batch_at_run_time):
    try:
        f(x, k)
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        # Without the script's path and the function's id after "[Op:",
        # which differ from checkout to checkout and run to run.
        text = str(e).split(" [Op:__inference")[0]
        print(type(e).__name__,
              "\n".join(l for l in text.splitlines() if "File" not in l))

for args in ([2, 7, 7, 2], [2, 6, 6, 3], [3, 6, 6, 2], [2, 6, 6], [2, 6, 6, -1]):
    try:
        tf.nn.conv2d_transpose(x, k, args, strides=2)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
try:
    tf.nn.conv2d_transpose(x, k, [2, 6, 6, 2], strides=2, dilations=2)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.nn.conv2d_transpose(x, k, [2, 6, 6, 2], strides=[1, 2, 2])
except ValueError as e:
    print(type(e).__name__, e)
