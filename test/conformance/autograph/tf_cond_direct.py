# tf.cond called directly: both branch functions are traced once; the predicate picks at run time.
import tensorflow as tf


@tf.function
def step(x):
    def grow():
        print("trace: true_fn")
        return x * 2

    def shrink():
        print("trace: false_fn")
        return x - 1

    return tf.cond(x < 10, grow, shrink)


print(step(tf.constant(3)))
print(step(tf.constant(12)))
print("traces:", step.experimental_get_tracing_count())
print(tf.cond(tf.constant(False), lambda: tf.constant(1), lambda: tf.constant(2)))
