# for ... else with a Python break: AutoGraph warns and runs the function as-is; the else is skipped.
import tensorflow as tf


@tf.function
def scan(x):
    for w in [1, 2, 3]:
        print("trace: iteration", w)
        x = x + w
        if w == 2:
            break
    else:
        print("trace: else clause ran")
        x = x * 100
    return x


tf.print("stderr: before the first call")
print(scan(tf.constant(0)))
