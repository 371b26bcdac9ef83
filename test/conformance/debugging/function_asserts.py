# tf.debugging's assertions in a tf.function: Assert nodes that fail when
# the compiled function runs, with the Assert kernel's message (data
# formatted as Tensor::SummarizeValue, node names from the check's name
# scopes), and checks on constants that fail while tracing.
import tensorflow as tf


def without_paths(text):
    return "\n".join(l for l in text.split("\n") if 'File "' not in l)


def last_line(e):
    # The run-time message's last line names the failing node; the
    # function's number after it differs between runs of TensorFlow.
    lines = e.message.split(" [Op:")[0].split("\n")
    return lines[-2] + " | " + lines[-1]


@tf.function
def g(a, b):
    tf.debugging.assert_equal(a, 3, message="m")
    tf.debugging.assert_equal(a, b)
    tf.debugging.assert_less(a, b * 2)
    tf.debugging.assert_non_negative(a)
    tf.debugging.Assert(tf.reduce_all(a < 10), [a, "big"])
    return a


for args in [([3, 3, 3], [3, 3, 3]), ([3, 4, 3], [3, 4, 3]), ([3, 3, 3], [3, 4, 3]),
             ([3, 3, 3], [3, 3, 1])]:
    try:
        print(g(tf.constant(args[0]), tf.constant(args[1])))
    except tf.errors.InvalidArgumentError as e:
        print(last_line(e))


@tf.function
def f(a, b):
    tf.debugging.assert_less(a, b, message="a<b")
    tf.debugging.assert_positive(b)
    tf.debugging.Assert(tf.reduce_all(a > -100), [a, b, "text", tf.range(10)], summarize=4)
    tf.debugging.Assert(tf.reduce_all(a > -50), [tf.reshape(a, [2, 2]), tf.constant(1234567.0)], summarize=3)
    return a + b


print(f(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant([3.0, 4.0, 5.0, 6.0])))
for a in [[5.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0]]:
    try:
        f(tf.constant(a), tf.constant([3.0, 4.0, 5.0, 6.0]))
    except tf.errors.InvalidArgumentError as e:
        print(last_line(e))
try:
    f(tf.constant([-200.0, 1.0, 2.0, 3.0]), tf.constant([3.0, 4.0, 5.0, 6.0]))
except tf.errors.InvalidArgumentError as e:
    print(without_paths(e.message.split(" [Op:")[0]))


@tf.function
def numerics(x):
    return tf.debugging.check_numerics(x, "x") * 2, tf.debugging.assert_all_finite(x, "finite")


print(numerics(tf.constant([1.0, 2.0])))
for v in [[1.0, float("nan")], [float("inf"), 1.0], [float("-inf"), float("nan")]]:
    try:
        numerics(tf.constant(v))
    except tf.errors.InvalidArgumentError as e:
        print(last_line(e))


@tf.function
def static():
    tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]), message="static")


try:
    static()
except tf.errors.InvalidArgumentError as e:
    print(repr(without_paths(e.message)))
