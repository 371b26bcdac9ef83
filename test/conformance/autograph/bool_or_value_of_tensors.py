# The value of `a or b` and `a and b` with boolean tensor operands is a boolean tensor.
import tensorflow as tf


@tf.function
def both(a, b):
    return a and b, a or b


for p in [True, False]:
    for q in [True, False]:
        r_and, r_or = both(tf.constant(p), tf.constant(q))
        print(p, q, "and:", r_and.numpy(), "or:", r_or.numpy())
print("traces:", both.experimental_get_tracing_count())
