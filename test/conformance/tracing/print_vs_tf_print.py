# print runs once per trace; tf.print (to stderr) runs on every call.
import tensorflow as tf


@tf.function
def step(x):
    print("python print: tracing step")
    tf.print("tf.print: executing step with", x)
    return x + 1


print(step(tf.constant(1)))
print(step(tf.constant(2)))
print(step(tf.constant(3)))
print("traces:", step.experimental_get_tracing_count())
