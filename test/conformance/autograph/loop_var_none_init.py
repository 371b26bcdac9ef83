# A loop variable initialised to None and set to a tensor in a staged loop works when the loop runs.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def last_value(v):
    last = None
    for x in v:
        last = x
    return last


print(last_value(tf.constant([1, 2, 3])))
print(last_value(tf.constant([8])))
try:
    print(last_value(tf.constant([], tf.int32)))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", [l for l in e.message.splitlines() if "assertion failed" in l][0])
print("traces:", last_value.experimental_get_tracing_count())
