# A tf.Variable operand is read inside the op's name scope, as TensorFlow
# converts it there ("add/ReadVariableOp", "MatMul/ReadVariableOp"), except
# the first operand of an operator, which the variable's own operator reads
# before (`w + x`). Shape errors name the scoped read.
import tensorflow as tf

w = tf.Variable(1.0)
m = tf.Variable(tf.ones([2, 2]))
v = tf.Variable(tf.ones([3]))


@tf.function
def f(x, y):
    a = x + w
    b = w + x
    c = tf.matmul(y, m)
    d = tf.matmul(m, y)
    e = tf.add(x, w)
    g = x * w
    for t in (a, b, c, d, e, g):
        print(t.op.name, [i.name for i in t.op.inputs])
    print(w.value(), w.read_value())
    return a


@tf.function
def mismatch(x):
    return x + v


f(tf.constant(1.0), tf.ones([2, 2]))
try:
    mismatch(tf.ones([4]))
except ValueError as e:
    print(str(e).splitlines()[-1].split(" for ")[1])
