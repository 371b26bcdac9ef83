# tf.range of Python ints beyond int32 is int64 (each bound converts to the
# dtype that holds it); a range larger than memory is the Range kernel's
# ResourceExhaustedError, eagerly and in a function, not a hang.
import tensorflow as tf

print(tf.range(2**31, 2**31 + 3))
print(tf.range(3, 2**40, 2**39))
print(tf.range(-2**33, -2**33 + 2))


@tf.function
def big_bounds():
    return tf.range(2**31, 2**31 + 2), tf.range(0.0, 2**31 + 1.0, 2**30)


print(big_bounds())

try:
    tf.range(10**12)
except tf.errors.ResourceExhaustedError as e:
    print("ResourceExhaustedError:", e)


@tf.function
def too_large():
    return tf.range(0.0, 1e12)


try:
    too_large()
except tf.errors.ResourceExhaustedError as e:
    print("ResourceExhaustedError in a function")

# So is an identity matrix larger than memory (its MatrixDiagV3 kernel's).
try:
    tf.eye(10**6)
except tf.errors.ResourceExhaustedError as e:
    print("ResourceExhaustedError:", e)
print(tf.eye(3, 2, batch_shape=[2, 1], dtype=tf.float16))
print(tf.eye(2, batch_shape=[2], dtype=tf.bool))
