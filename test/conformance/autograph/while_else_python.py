# while ... else on a Python condition: AutoGraph warns and runs the function as-is (unrolled).
import tensorflow as tf


@tf.function
def bump(x):
    k = 0
    while k < 2:
        x = x + 1
        k += 1
    else:
        print("trace: while-else ran, k =", k)
        x = x * 10
    return x


tf.print("stderr: before the first call")
print(bump(tf.constant(1)))
print(bump(tf.constant(5)))
print("traces:", bump.experimental_get_tracing_count())
