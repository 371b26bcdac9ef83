# tf.init_scope (ops inside run eagerly, as at the top level, even in a
# traced function: the lazy-variable pattern), tf.inside_function,
# tf.identity_n (one IdentityN node, gradients passed through) and a
# Function's name and __wrapped__.
import tensorflow as tf

class Lazy(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            with tf.init_scope():
                self.w = tf.Variable(tf.ones([3]) * 2.0)
        print(tf.inside_function())
        return x * self.w

m = Lazy()
print(m(tf.constant([1.0, 2.0, 3.0])))
a, b = tf.constant([1.0, 2.0]), tf.constant(3)
print(tf.identity_n([a, b]))
@tf.function
def f(x, y):
    p, q = tf.identity_n([x * 2.0, y])
    print(p, q)
    with tf.GradientTape() as t:
        t.watch(x)
        u, v = tf.identity_n([x * x, x])
        s = tf.reduce_sum(u * 3.0)
    return p, q, t.gradient(s, x)
print(f(a, b))
print(tf.inside_function())
@tf.function
def named(x):
    """Doc."""
    return x
class M(tf.Module):
    @tf.function
    def call(self, x):
        return x
g = tf.function(lambda x: x)
print(named.name, M().call.name, g.name, named.__wrapped__.__name__,
      named.__wrapped__(3))
