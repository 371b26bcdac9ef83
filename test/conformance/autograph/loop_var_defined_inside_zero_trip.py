# A variable first assigned inside a staged loop that runs zero times fails a run-time assertion.
import tensorflow as tf


@tf.function
def last_square(n):
    for i in tf.range(n):
        sq = i * i
    return sq


print(last_square(tf.constant(3)))
try:
    print(last_square(tf.constant(0)))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in e.message.splitlines() if "assertion failed" in l][0])
print(last_square(tf.constant(5)))
print("traces:", last_square.experimental_get_tracing_count())
