# A branch or loop body reads the values it captures from the enclosing
# graph as placeholders: their shapes are known there, their values are not
# (even constants), so shapes computed from them are unknown inside the body
# and in what it returns. Eager tensors the function captures stay
# constants in every graph.
import tensorflow as tf

G = tf.constant(5)


@tf.function
def f(a, c):
    n = tf.shape(a)[0]
    k = tf.constant(3)
    m = 4

    def branch():
        print("branch:", tf.zeros([n]).shape, tf.zeros([k]).shape,
              tf.zeros([m]).shape, tf.zeros([k + 1]).shape, a.shape,
              tf.zeros([G]).shape)
        z = tf.constant(2)
        print("own constant:", tf.zeros([z]).shape, tf.range(tf.shape(a)[1]).shape)
        return tf.zeros([k])

    x = tf.cond(c > 0, branch, branch)
    print("cond result:", x.shape)
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        print("loop body:", tf.zeros([n]).shape, tf.range(k).shape)
        ta = ta.write(i, tf.zeros([k]) + tf.cast(i, tf.float32))
    s = ta.stack()
    print("stacked:", s.shape)
    print("outside:", tf.zeros([n]).shape, tf.zeros([k]).shape)
    return x, s


print(f(tf.ones([3, 2]), tf.constant(1)))


# A nested tf.function's graph captures the same way.
@tf.function
def outer(a):
    n = tf.shape(a)[0]
    k = tf.constant(3)

    @tf.function
    def inner():
        print("nested function:", tf.zeros([n]).shape, tf.zeros([k]).shape)
        return tf.zeros([k])

    return inner()


print(outer(tf.ones([3, 2])))
