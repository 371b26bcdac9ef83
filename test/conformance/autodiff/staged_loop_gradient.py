# Gradients through staged for loops inside a tf.function: through the
# loop state and the tensors and variables the body reads, nested loops
# and branches, zero iterations, break, and TensorArrays.
import tensorflow as tf

w = tf.Variable([[0.5, -0.2], [0.1, 0.3]])
b = tf.Variable([0.1, -0.1])


@tf.function
def rnn(xs):
    with tf.GradientTape() as t:
        h = tf.zeros([1, 2])
        for i in tf.range(tf.shape(xs)[0]):
            h = tf.tanh(tf.matmul(h, w) + xs[i] + b)
        loss = tf.reduce_sum(h * h)
    return loss, t.gradient(loss, [w, b])


print(rnn(tf.constant([[[1.0, 2.0]], [[0.5, -1.0]], [[0.3, 0.2]]])))


@tf.function
def power(x, n):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * 2.0
        for i in tf.range(n):
            y = y * x
    return t.gradient(y, x)


print(power(tf.constant(3.0), tf.constant(0)))
print(power(tf.constant(3.0), tf.constant(2)))


@tf.function
def with_branch(x, n):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(n):
            if i % 2 == 0:
                y = y * x
            else:
                y = tf.sin(y)
    return t.gradient(y, x)


print(with_branch(tf.constant(0.7), tf.constant(4)))


@tf.function
def nested(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(3):
            for j in tf.range(2):
                y = tf.sin(y) + x
    return t.gradient(y, x)


print(nested(tf.constant(0.3)))

v = tf.Variable(1.5)


@tf.function
def accumulate(x):
    with tf.GradientTape() as t:
        t.watch(x)
        s = 0.0
        for i in tf.range(4):
            s += x * tf.cast(i, tf.float32) * v
    return t.gradient(s, [x, v])


print(accumulate(tf.constant(2.0)))


@tf.function
def early_exit(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(10):
            if y > 50.0:
                break
            y = y * 2.0
    return y, t.gradient(y, x)


print(early_exit(tf.constant(3.0)))


@tf.function
def tensor_array(xs):
    with tf.GradientTape() as t:
        t.watch(xs)
        out = tf.TensorArray(tf.float32, size=3)
        h = tf.constant(0.0)
        for i in tf.range(3):
            h = tf.tanh(h + xs[i])
            out = out.write(i, h)
        y = tf.reduce_sum(out.stack())
    return t.gradient(y, xs)


print(tensor_array(tf.constant([0.1, 0.2, 0.3])))


@tf.function
def relu_layers(w, x):
    with tf.GradientTape() as t:
        t.watch(w)
        h = x
        for i in tf.range(3):
            h = tf.nn.relu(tf.matmul(h, w))
        loss = tf.reduce_mean(h)
    return t.gradient(loss, w)


print(relu_layers(tf.constant([[0.5, 0.1], [-0.3, 0.8]]), tf.constant([[1.0, 2.0]])))


@tf.function
def unconnected(x, z):
    with tf.GradientTape() as t:
        t.watch(x)
        y = z
        for i in tf.range(3):
            y = y + 1.0
    return t.gradient(y, x)


print(unconnected(tf.constant(2.0), tf.constant(1.0)))


@tf.function
def jacobian(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(2):
            y = y * x
    return t.jacobian(y, x)


print(jacobian(tf.constant([1.0, 2.0])))
