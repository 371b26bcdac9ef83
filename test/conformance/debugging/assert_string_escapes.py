# Strings in a graph Assert's data print C-escaped, as the Assert kernel
# prints them (quotes, backslashes and control characters), so every
# assert_near message shows its rtol and atol tensors' quoted names escaped.
import tensorflow as tf
@tf.function
def g(x):
    tf.debugging.Assert(x > 5, ["it's \"quoted\"\tand\\slashed\nnewline", tf.constant(["a'b", "c\"d"]), x])
    return x
try:
    g(tf.constant(1))
except tf.errors.InvalidArgumentError as e:
    print(e.message.splitlines()[-2])

@tf.function
def near(x):
    tf.debugging.assert_near(x, x + 1.0)
    return x

try:
    near(tf.constant(1.0))
except tf.errors.InvalidArgumentError as e:
    print(e.message.splitlines()[-2])
