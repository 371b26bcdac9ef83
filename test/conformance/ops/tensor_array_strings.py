# TensorArrays of strings: in staged loops and conds, with dynamic size, element
# shapes, unstack/gather/concat, eagerly, and the write past a fixed size.
import tensorflow as tf


@tf.function
def labels(xs):
    ta = tf.TensorArray(tf.string, size=0, dynamic_size=True)
    for i in tf.range(tf.size(xs)):
        if xs[i] > 0:
            ta = ta.write(i, tf.strings.format("+{}", xs[i]))
        else:
            ta = ta.write(i, "neg")
    return ta.stack(), ta.size(), ta.read(1)


print(labels(tf.constant([3, -1, 4])))


@tf.function
def pairs(words):
    ta = tf.TensorArray(tf.string, size=2, element_shape=[2])
    ta = ta.write(0, words[:2])
    ta = ta.write(1, words[1:])
    return ta.stack(), ta.concat(), ta.gather([1, 0])


print(pairs(tf.constant(["a", "b", "c"])))


@tf.function
def unstacked(words):
    ta = tf.TensorArray(tf.string, size=3).unstack(words)
    out = tf.TensorArray(tf.string, size=3)
    for i in tf.range(3):
        out = out.write(2 - i, ta.read(i) + "!")
    return out.stack()


print(unstacked(tf.constant(["x", "y", "z"])))

eager = tf.TensorArray(tf.string, size=2)
eager = eager.write(0, "first").write(1, "second")
print(eager.stack(), eager.read(0))


@tf.function
def too_far(s):
    ta = tf.TensorArray(tf.string, size=2)
    for i in tf.range(3):
        ta = ta.write(i, s)
    return ta.stack()


try:
    too_far(tf.constant("a"))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, [l for l in str(e).splitlines() if "list" in l])


# An empty list whose element shape is not fully known cannot stack.
@tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                              tf.TensorSpec([], tf.int32)])
def repeated(x, n):
    acc = tf.TensorArray(tf.string, size=0, dynamic_size=True)
    for i in tf.range(n):
        acc = acc.write(i, x)
    return acc.stack()


print(repeated(tf.constant(["a", "b"]), tf.constant(2)))
try:
    repeated(tf.constant(["a", "b"]), tf.constant(0))
except tf.errors.InvalidArgumentError as e:
    print([line for line in str(e).splitlines() if line.startswith("Tried")])
