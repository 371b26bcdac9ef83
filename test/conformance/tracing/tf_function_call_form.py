# tf.function(f) without a decorator: separate Function objects never share traces.
import tensorflow as tf


def greet():
    print("tracing greet")
    return tf.constant("hi")


g1 = tf.function(greet)
print(g1())
print(g1())
g2 = tf.function(greet)
print(g2())
print(tf.function(greet)())
print(g1.experimental_get_tracing_count(), g2.experimental_get_tracing_count())
print(greet())
