# tf.range with float bounds rounds as the Range kernel does (start + i *
# delta in float32), and tf.split with a size list fills in its -1 and
# reports bad size lists with the SplitV kernel's errors eagerly and with
# its shape function's errors while tracing.
import tensorflow as tf

print(tf.range(0, 1, 0.3))
print(tf.range(1.0, 0.0, -0.2))
print(tf.range(0.1, 2.0, 0.1))
print(tf.range(0.5, 3, 0.7, dtype=tf.float64))
print(tf.range(3, 3, 1), tf.range(2.0, 1.0, -0.5))
try:
    tf.range(3, 0, 1)
except tf.errors.InvalidArgumentError as e:
    print(e)
print(tf.split(tf.range(5), [2, -1]))
print(tf.split(tf.reshape(tf.range(12), [3, 4]), [1, -1, 2], axis=1))
x = tf.range(5)
for sizes in [[2, -1, 0], [2, 2], [-1, -1], [4, 3, -1], [6, -1], [-2, 7]]:
    try:
        print(sizes, [p.numpy().tolist() for p in tf.split(x, sizes)])
    except tf.errors.InvalidArgumentError as e:
        print(sizes, e)


@tf.function
def pieces(x):
    return tf.split(x, [3, -1])


print(pieces(tf.range(7)))
for sizes in [[2, 2], [-1, -1], [6, -1]]:
    @tf.function
    def bad(x):
        return tf.split(x, sizes)
    try:
        bad(x)
    except ValueError as e:
        print(str(e).splitlines()[-1])


@tf.function
def backwards():
    total = tf.constant(0)
    for i in tf.range(5, 0):
        total += i
    return total


try:
    backwards()
except ValueError as e:
    print(str(e).splitlines()[-1])
# NaN bounds fail the kernel's order checks, an infinite one its size check.
for bounds in [(float("nan"), 3.0), (0.0, float("nan")), (0.0, 3.0, float("nan")),
               (0.0, float("inf"))]:
    try:
        tf.range(*bounds)
    except tf.errors.InvalidArgumentError as e:
        print(e)
