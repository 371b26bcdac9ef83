# Gradients of gradients through staged control flow: an outer tape
# records the recomputed regions and the gradient's own control flow (a
# cond on a variable, a while loop, a TensorArray loop), and a persistent
# tape asked inside its `with` block records its gradient (with
# TensorFlow's warning on stderr).
import tensorflow as tf


@tf.function
def second_cond(x):
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.cond(x > 0, lambda: x * x * x, lambda: x)
        g = t1.gradient(y, x)
    return g, t2.gradient(g, x)


print(second_cond(tf.constant(2.0)), second_cond(tf.constant(-2.0)))


@tf.function
def second_for(x, n):
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x
            for i in tf.range(n):
                y = y * x
        g = t1.gradient(y, x)
    return g, t2.gradient(g, x)


print(second_for(tf.constant(2.0), tf.constant(3)))


@tf.function
def second_while(x):
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x
            while y < 10.0:
                y = y * x
        g = t1.gradient(y, x)
    return y, g, t2.gradient(g, x)


print(second_while(tf.constant(1.5)))

v = tf.Variable(2.0)


@tf.function
def second_cond_variable(p):
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.cond(p, lambda: v ** 3, lambda: tf.exp(v))
        g = t1.gradient(y, v)
    return g, t2.gradient(g, v)


print(second_cond_variable(tf.constant(True)))
print(second_cond_variable(tf.constant(False)))


@tf.function
def persistent_inside(x):
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = x
        for i in tf.range(2):
            y = y * x
        g = t.gradient(y, x)
    return g, t.gradient(g, x)


print(persistent_inside(tf.constant(3.0)))
