# tf.while_loop called directly with a tuple of loop variables (gcd by Euclid's algorithm).
import tensorflow as tf


@tf.function
def gcd(a, b):
    def cond(a, b):
        return b != 0

    def body(a, b):
        print("trace: while_loop body")
        return b, a % b

    result, _ = tf.while_loop(cond, body, (a, b))
    return result


print(gcd(tf.constant(48), tf.constant(18)))
print(gcd(tf.constant(17), tf.constant(5)))
print(gcd(tf.constant(9), tf.constant(0)))
print("traces:", gcd.experimental_get_tracing_count())
