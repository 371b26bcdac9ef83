# Attributes assigned in staged control flow are carried like variables,
# as AutoGraph's composite symbols (`self.total`, `o.a.b`) are.
import tensorflow as tf


class Accumulator(tf.Module):
    def __init__(self):
        self.total = tf.constant(0)

    @tf.function
    def add_range(self, n):
        for i in tf.range(n):
            self.total = self.total + i
        return self.total


class Box:
    pass


@tf.function
def branch(x):
    o = Box()
    o.v = x
    if x > 0:
        o.v = o.v * 2
    else:
        o.v = o.v - 1
    return o.v


@tf.function
def nested(x):
    o = Box()
    o.inner = Box()
    o.inner.value = x
    while o.inner.value < 100:
        o.inner.value = o.inner.value * 3
    return o.inner.value


@tf.function
def first_set_in_loop(n):
    o = Box()
    for i in tf.range(n):
        o.last = i * 10
    return o.last


@tf.function
def augmented(n):
    o = Box()
    o.count = 0
    for i in tf.range(n):
        o.count += 2
    return o.count


@tf.function
def created_in_body(n):
    # The object is new in every iteration: its attribute is not carried.
    s = tf.constant(0)
    for i in tf.range(n):
        o = Box()
        o.v = i
        s = s + o.v
    return s


@tf.function
def python_string_attribute(n):
    o = Box()
    o.name = "a"
    for i in tf.range(n):
        o.name = "b"
    return n


acc = Accumulator()
print(acc.add_range(tf.constant(5)))
print(acc.add_range(tf.constant(3)))
print(branch(tf.constant(3)))
print(branch(tf.constant(-3)))
print(nested(tf.constant(2)))
print(first_set_in_loop(tf.constant(4)))
print(augmented(tf.constant(4)))
print(created_in_body(tf.constant(4)))
print(python_string_attribute(tf.constant(2)))
