# A staged while loop with a tensor if inside its body: counts Collatz steps down to 1.
import tensorflow as tf


@tf.function
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


for start in [1, 6, 7, 27]:
    print(start, "takes", collatz_steps(tf.constant(start)).numpy(), "steps")
print("traces:", collatz_steps.experimental_get_tracing_count())
