# tf.truediv at the top level, tf.get_current_name_scope (eager and while
# tracing, nested, in a tf.Module's scope) and tf.tuple.
import tensorflow as tf

x = tf.constant([1, 2, 3])
y = tf.constant([2, 2, 2])
print(tf.truediv(x, y), tf.math.truediv(x, y), tf.truediv(1, 4))
print(repr(tf.get_current_name_scope()))
with tf.name_scope("outer"):
    with tf.name_scope("inner"):
        print(tf.get_current_name_scope())
    print(tf.get_current_name_scope())


class Model(tf.Module):
    def scoped(self):
        with self.name_scope:
            return tf.get_current_name_scope()


print(Model(name="model").scoped())


@tf.function
def f(a):
    print("tracing in", repr(tf.get_current_name_scope()))
    with tf.name_scope("s"):
        tf.print(tf.get_current_name_scope())
        with tf.name_scope("s"):
            tf.print(tf.get_current_name_scope())
        return tf.tuple([a + 1, None, a * 2])


print(f(tf.constant(3)))
print(tf.tuple([tf.constant(1), None, tf.constant(2.0)]))
print(tf.tuple((tf.constant(1),)))
