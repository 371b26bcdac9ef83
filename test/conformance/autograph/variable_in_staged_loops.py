# A tf.Variable as a staged loop's iterable, or as the first value of a
# loop variable or a branch output, is the value it holds.
import tensorflow as tf
v = tf.Variable(2.0)
m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

@tf.function
def loops(n):
    y = v
    for i in tf.range(n):
        y = y * 2.0
    z = v
    while z < 10.0:
        z = z + 3.0
    s = tf.zeros([2])
    for row in m:
        s = s + row
    return y, z, s

@tf.function
def branch(x):
    y = v
    if x > 0:
        y = y * 2.0
    return y

print(loops(tf.constant(3)))
print(branch(tf.constant(1.0)))
print(branch(tf.constant(-1.0)))
