# Python strings select behaviour at trace time and are keyed by value.
import tensorflow as tf


@tf.function
def activate(x, kind):
    print("tracing activate for", kind)
    if kind == "relu":
        return tf.nn.relu(x)
    elif kind == "square":
        return tf.square(x)
    return x


x = tf.constant([-2.0, 3.0])
print(activate(x, "relu"))
print(activate(x, "square"))
print(activate(x, "relu"))
print(activate(x, "none"))
print(activate(x, "square"))
print("traces:", activate.experimental_get_tracing_count())
