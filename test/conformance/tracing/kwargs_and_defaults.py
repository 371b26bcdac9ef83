# Positional and keyword calls share a trace; defaults are bound before the trace key.
import tensorflow as tf


@tf.function
def lin(x, w=2, b=tf.constant(0)):
    print("tracing lin with w =", w)
    return x * w + b


x = tf.constant(3)
print(lin(x))
print(lin(x=x))
print(lin(x, 2))
print(lin(x, w=2, b=tf.constant(1)))
print(lin(x, 5))
print("traces:", lin.experimental_get_tracing_count())
