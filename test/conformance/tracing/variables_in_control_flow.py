# tf.Variable writes inside staged loops and branches: each region's
# value is carried through the loop or out of the branch.
import sys

import tensorflow as tf

total = tf.Variable(0.0)
count = tf.Variable(0)


@tf.function
def accumulate(xs):
    for x in xs:
        total.assign_add(x)
        count.assign_add(1)
    return total.read_value(), count.read_value()


print(accumulate(tf.constant([1.0, 2.0, 3.5])))
print(accumulate(tf.constant([10.0])))
print(total.numpy(), count.numpy())

v = tf.Variable(1)


@tf.function
def grow(limit):
    while v < limit:
        v.assign(v * 2)
    return v + 0


print(grow(tf.constant(100)))
print(grow(tf.constant(50)))
print(v)

w = tf.Variable([1.0, -2.0, 3.0])


@tf.function
def clip_or_scale(flag):
    if flag:
        w.assign(tf.maximum(w, 0.0))
    else:
        w.assign_sub([1.0, 1.0, 1.0])
        w.assign(w * 2.0)
    return w.read_value()


print(clip_or_scale(tf.constant(False)))
print(clip_or_scale(tf.constant(True)))
print(w.numpy())

grid = tf.Variable(tf.zeros([3, 3]))
steps = tf.Variable(0)


@tf.function
def fill(n):
    for i in tf.range(n):
        for j in tf.range(n):
            if (i + j) % 2 == 0:
                grid.assign_add(tf.one_hot(i, 3)[:, None] * tf.one_hot(j, 3))
            steps.assign_add(1)
    return grid.read_value()


print(fill(tf.constant(3)))
print(steps.numpy())

acc = tf.Variable(0.0)


@tf.function
def add_one(x):
    acc.assign_add(x)
    return acc.read_value()


@tf.function
def call_in_loop(n):
    out = tf.constant(0.0)
    for i in tf.range(n):
        out = add_one(tf.cast(i, tf.float32))
    return out


print(call_in_loop(tf.constant(4)))
print(acc.numpy())

scale = tf.Variable(2.0)


@tf.function
def read_only(xs):
    s = tf.constant(0.0)
    for x in xs:
        s += x * scale
    return s


print(read_only(tf.constant([1.0, 2.0])))

hits = tf.Variable(0)


@tf.function
def first_over(xs, limit):
    for x in xs:
        hits.assign_add(1)
        if x > limit:
            break
    return hits.read_value()


print(first_over(tf.constant([1, 5, 9, 2]), tf.constant(4)))
print(first_over(tf.constant([1, 2]), tf.constant(4)))

m = tf.Variable(0.0)


@tf.function
def running_max(xs):
    for x in xs:
        if x > m:
            m.assign(x)
        tf.print("max so far", m, output_stream=sys.stdout)
    return m.read_value()


print(running_max(tf.constant([3.0, 1.0, 7.0, 2.0])))
