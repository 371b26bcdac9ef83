# A dict argument's tensors keep their keys, whatever the insertion order.
import tensorflow as tf


@tf.function
def scaled(cfg):
    return cfg["x"] * cfg["scale"] + tf.cast(cfg["bias"], tf.float32)


print(scaled({"x": tf.constant(2.0), "scale": tf.constant(3.0), "bias": tf.constant(1)}))
print(scaled({"bias": tf.constant(5), "scale": tf.constant(0.5), "x": tf.constant(4.0)}))
print("traces:", scaled.experimental_get_tracing_count())
