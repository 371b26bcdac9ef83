# for ... else inside tf.function is not converted by AutoGraph: a warning, then the Python list loop runs as-is.
import tensorflow as tf


@tf.function
def scan(x):
    for w in [1, 2, 3]:
        x = x + w
        if w == 10:
            break
    else:
        print("trace: else clause ran")
        x = x * 100
    return x


tf.print("stderr: before the first call")
print(scan(tf.constant(0)))
print(scan(tf.constant(1)))
