# Loop variables initialised from Python ints become int32 tensors in a staged while loop.
import tensorflow as tf


@tf.function
def count_doublings(limit):
    value = 1
    count = 0
    while value < limit:
        value = value * 2
        count = count + 1
    print("trace: value is a tensor:", tf.is_tensor(value), value.dtype)
    print("trace: count is a tensor:", tf.is_tensor(count), count.dtype)
    return value, count


print(count_doublings(tf.constant(100)))
print(count_doublings(tf.constant(1)))
print(count_doublings(tf.constant(1024)))
