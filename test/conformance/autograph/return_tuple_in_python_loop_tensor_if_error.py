# A tuple returned under a tensor if inside an unrolled Python loop: the if
# has no else return, which AutoGraph reports before comparing the
# branches' structures.
import tensorflow as tf


@tf.function
def first_negative(x):
    for i in range(x.shape[0]):
        if x[i] < 0:
            return i, x[i]
    return -1, 0.0


try:
    first_negative(tf.constant([1.0, -2.0, -3.0]))
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-1].strip())


@tf.function
def first_negative_dict(x):
    for i in range(x.shape[0]):
        if x[i] < 0:
            return {"at": i, "value": x[i]}
    return {"at": -1, "value": 0.0}


try:
    first_negative_dict(tf.constant([1.0, -2.0]))
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-1].strip())
