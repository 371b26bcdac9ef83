# A write of the wrong dtype to a TensorArray, then writes in a loop: the
# call fails with the kernel's error. (The failing write's list was
# replaced by an empty one and the later writes went past its end: the
# process crashed about one run in three. Six calls here.)
import tensorflow as tf

tf.get_logger().setLevel("CRITICAL")  # its log carries a Python stack


@tf.function
def f(n):
    ta = tf.TensorArray(tf.int64, size=n)
    ta = ta.write(0, 1.5)
    for i in tf.range(1, n):
        ta = ta.write(i, ta.read(i - 1) + 1)
    return ta.stack()


for k in range(6):
    try:
        print(f(tf.constant(3 + k)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-1].split("[[")[0].strip())
