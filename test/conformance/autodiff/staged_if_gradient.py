# Gradients through a staged `if` inside a tf.function: the branch taken
# at run time is differentiated (if statements, conditional expressions,
# tf.cond, a persistent tape asked twice).
import tensorflow as tf


@tf.function
def branch(x):
    with tf.GradientTape() as t:
        t.watch(x)
        if tf.reduce_sum(x) > 0:
            y = x * x
        else:
            y = x * 3.0
    return t.gradient(y, x)


print(branch(tf.constant([1.0, 2.0])))
print(branch(tf.constant([-1.0, -2.0])))


@tf.function
def expression(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x if tf.reduce_sum(x) > 0 else -x
        z = tf.reduce_sum(y)
    return t.gradient(z, x)


print(expression(tf.constant([1.0, 2.0])), expression(tf.constant([-1.0, -2.0])))


@tf.function
def cond(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.cond(x > 0, lambda: tf.exp(x), lambda: x * x * x)
    return t.gradient(y, x)


print(cond(tf.constant(0.5)), cond(tf.constant(-2.0)))


@tf.function
def persistent(x):
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        if tf.reduce_sum(x) > 0:
            y = tf.reduce_sum(x ** 2)
            z = tf.reduce_prod(x)
        else:
            y = tf.reduce_sum(x)
            z = tf.reduce_max(x)
    return t.gradient(y, x), t.gradient(z, x), t.gradient([y, z], x)


print(persistent(tf.constant([1.0, 3.0])))
print(persistent(tf.constant([-1.0, -3.0])))

v = tf.Variable(2.0)


@tf.function
def variable_in_branch(c):
    with tf.GradientTape() as t:
        if c > 0:
            y = v * v
        else:
            y = tf.constant(1.0)
    return t.gradient(y, v)


print(variable_in_branch(tf.constant(1)))
print(variable_in_branch(tf.constant(-1)))
