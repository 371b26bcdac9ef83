# Gradients through staged control flow, the edge cases: regions that
# yield a tensor from outside them unchanged, inputs no branch reaches
# (None), growing TensorArrays written in while and for loops, and
# gradient kernels (SigmoidGrad) that grappler leaves as they are.
import tensorflow as tf

v = tf.Variable(1.0)


@tf.function
def passed_through_cond(x, p):
    with tf.GradientTape() as t:
        t.watch(x)
        z = x * 3.0
        y = tf.cond(p, lambda: z, lambda: x * x)
    return t.gradient(y, x)


print(passed_through_cond(tf.constant(2.0), tf.constant(True)))
print(passed_through_cond(tf.constant(2.0), tf.constant(False)))


@tf.function
def passed_through_variable(x, p):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.cond(p, lambda: v * 1.0, lambda: x)
    return t.gradient(y, [x, v])


print(passed_through_variable(tf.constant(2.0), tf.constant(False)))


@tf.function
def passed_through_loop(x):
    with tf.GradientTape() as t:
        t.watch(x)
        z = x * 3.0
        y = tf.constant(0.0)
        w = tf.constant(0.0)
        for i in tf.range(2):
            y = z
            w = w + x
    return t.gradient([y, w], x)


print(passed_through_loop(tf.constant(2.0)))


@tf.function
def alternating(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(2):
            z = y * 3.0
            if i % 2 == 0:
                y = z
            else:
                y = y * x
    return y, t.gradient(y, x)


print(alternating(tf.constant(2.0)))


@tf.function
def unreached(x, p):
    with tf.GradientTape() as t:
        t.watch(x)
        z = tf.cond(p, lambda: tf.cast(x > 1.0, tf.float32),
                    lambda: tf.constant(2.0))
    return t.gradient(z, x)


print(unreached(tf.constant(5.0), tf.constant(True)))


@tf.function
def growing_for(x):
    with tf.GradientTape() as t:
        t.watch(x)
        arr = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(3):
            arr = arr.write(i, x * tf.cast(i + 1, tf.float32))
        s = tf.reduce_sum(arr.stack())
    return s, t.gradient(s, x)


print(growing_for(tf.constant(2.0)))


@tf.function
def growing_while(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        y = x
        i = tf.constant(0)
        while i < n:
            y = tf.sigmoid(y) * 2.0
            ta = ta.write(i, y)
            i += 1
        out = ta.stack()
        loss = tf.reduce_sum(out)
    return out, tape.gradient(loss, x)


out, g = growing_while(tf.constant([0.0, 1.0]), tf.constant(3))
print(out.numpy())
print(g.numpy())


@tf.function
def sigmoid_chain(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sigmoid(x) * 2.0
        z = tf.sigmoid(y) * 2.0
        loss = tf.reduce_sum(y + z)
    return tape.gradient(loss, x)


print(sigmoid_chain(tf.constant([0.0, 1.0])).numpy())
