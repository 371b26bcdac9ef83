# Small behaviours a new-user sweep found: print(file=sys.stderr) goes to
# stderr, two ellipses in an index are the kernel's error, tf.zeros/ones in
# a function are named after the op, input_signature keeps TensorSpec
# names, isinstance(v, tf.Variable), and the ReLU gradient's -0.
import sys
import tensorflow as tf

print("to stderr", file=sys.stderr)
print("to stdout")
try:
    print(tf.constant([1, 2])[..., ...])
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", str(e).split("}} ")[-1])


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32, name="pts")])
def f(p):
    print(tf.zeros([2]), tf.ones([3], tf.int32))
    return p


print(f.input_signature)
f(tf.constant([1]))
print(isinstance(tf.Variable(1.0), tf.Variable), isinstance(tf.constant(1.0), tf.Variable))
x = tf.constant([-1.0, 2.0, 0.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.nn.relu(x) * -1.0)
print(tape.gradient(y, x))
