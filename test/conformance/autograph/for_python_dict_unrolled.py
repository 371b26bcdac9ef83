# A for loop over a Python dict inside tf.function is unrolled in insertion order.
import tensorflow as tf

POSITIONS = {"ones": 0, "tens": 1, "hundreds": 2}


@tf.function
def encode(digits):
    value = tf.constant(0)
    for name in POSITIONS:
        print("trace: key", name)
        value += digits[POSITIONS[name]] * 10 ** POSITIONS[name]
    return value


print(encode(tf.constant([3, 2, 1])))
print(encode(tf.constant([9, 0, 5])))
print("traces:", encode.experimental_get_tracing_count())
