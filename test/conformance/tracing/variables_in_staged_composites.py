# tf.Variables in tf.cond, tf.while_loop, an early return and a conditional
# expression: a branch that returns a variable returns its value read in
# that branch.
import tensorflow as tf

v = tf.Variable(0.0)


@tf.function
def reads_before_write(x):
    for i in tf.range(3):
        y = v * 2.0
        v.assign_add(x)
    return y, v.read_value()


print(reads_before_write(tf.constant(1.0)))


@tf.function
def with_cond(p):
    return tf.cond(p, lambda: v.assign(5.0), lambda: v.assign(-5.0))


print(with_cond(tf.constant(True)), v.numpy())
print(with_cond(tf.constant(False)), v.numpy())


@tf.function
def with_while_loop(n):
    i = tf.constant(0)
    i = tf.while_loop(lambda i: i < n,
                      lambda i: (v.assign_add(1.0), i + 1)[1], [i])
    return i, v.read_value()


print(with_while_loop(tf.constant(3)))


@tf.function
def early_return(x):
    if x > 0:
        v.assign(1.0)
        return v.read_value()
    return v.read_value() - 1.0


print(early_return(tf.constant(1)), early_return(tf.constant(-1)))
u = tf.Variable(0)


@tf.function
def conditional_expression(x):
    return u.assign_add(1) if x > 0 else u.assign_sub(1)


print(conditional_expression(tf.constant(1)))
print(conditional_expression(tf.constant(-1)))
print(u.numpy())
