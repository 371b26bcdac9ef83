# Several steps per call, as TensorFlow's guides run them: next(iterator)
# inside a staged tf.range loop reads one element per iteration, and the
# iterator carries on from there between calls and eagerly.
import tensorflow as tf

it = iter(tf.data.Dataset.range(100).map(lambda x: tf.cast(x, tf.float32)))
w = tf.Variable(0.0)


@tf.function
def run_steps(iterator, steps):
    total = tf.constant(0.0)
    for _ in tf.range(steps):
        x = next(iterator)
        w.assign_add(0.5 * x)
        total += x
    return total


print(run_steps(it, tf.constant(3)))
print(run_steps(it, tf.constant(2)))
print(next(it), w.numpy())
print(run_steps.experimental_get_tracing_count())
