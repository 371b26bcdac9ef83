# A TensorArray with no element shape that was never written: stacking or
# reading it fails in the kernel when the function runs (eagerly, the zeros
# it would read have no shape to convert). The list ops carry
# _GraphTensorArrayV2's names, which the errors quote.
import tensorflow as tf


def report(e):
    # Without the script's path and the function's id after "[Op:".
    text = str(e).split(" [Op:__inference")[0]
    print(type(e).__name__,
          "\n".join(l for l in text.splitlines() if "File" not in l))


@tf.function
def stack_unwritten(n):
    return tf.TensorArray(tf.float32, size=n).stack()


@tf.function
def stack_empty():
    return tf.TensorArray(tf.float32, size=0).stack()


@tf.function
def read_unwritten():
    return tf.TensorArray(tf.float32, size=2).read(1)


@tf.function
def write_past_end(x):
    ta = tf.TensorArray(tf.float32, size=2)
    ta = ta.write(0, x)
    ta = ta.write(1, x)
    ta = ta.write(2, x)
    return ta.stack()


for f, args in [(stack_unwritten, (tf.constant(3),)), (stack_empty, ()),
                (read_unwritten, ()), (write_past_end, (tf.constant(1.0),))]:
    try:
        print(f(*args))
    except tf.errors.InvalidArgumentError as e:
        report(e)


@tf.function
def partly_written(n):
    ta = tf.TensorArray(tf.float32, size=n)
    return ta.write(1, 2.0).stack()


print(partly_written(tf.constant(3)))
print(tf.TensorArray(tf.float32, size=0).stack())
print(tf.TensorArray(tf.float32, size=2, element_shape=[2]).stack())
for size in (0, 2):
    try:
        print(tf.TensorArray(tf.float32, size=size).read(0))
    except (ValueError, tf.errors.OutOfRangeError) as e:
        print(type(e).__name__, e)
try:
    print(tf.TensorArray(tf.float32, size=2).stack())
except ValueError as e:
    print(type(e).__name__, e)
