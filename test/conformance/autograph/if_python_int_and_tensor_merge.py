# A Python int before a tensor if, replaced by a tensor in one branch, merges into an int32 tensor.
import tensorflow as tf


@tf.function
def positive_part(x):
    y = 0
    if x > 0:
        y = x
    print("trace: y after if: tensor?", tf.is_tensor(y), "dtype", y.dtype)
    return y


print(positive_part(tf.constant(9)))
print(positive_part(tf.constant(-9)))
