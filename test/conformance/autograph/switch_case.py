# tf.switch_case and tf.case, eagerly and inside tf.function (each branch
# traced once, the default the last branch), with their argument errors.
import tensorflow as tf

def b0():
    print("tracing b0")
    return tf.constant(10)
def b1():
    print("tracing b1")
    return tf.constant(20)
def b2():
    print("tracing b2")
    return tf.constant(30)

print(tf.switch_case(tf.constant(1), [b0, b1, b2]), tf.switch_case(tf.constant(7), [b0, b1]), tf.switch_case(tf.constant(0), {1: b1, 0: b0}))
try:
    tf.switch_case(tf.constant(2), {0: b0, 2: b2})
except ValueError as e:
    print("ValueError", e)
try:
    tf.switch_case(1, [b0])
except TypeError as e:
    print("TypeError", e)

@tf.function
def f(i):
    return tf.switch_case(i, [b0, b1, b2]) * 2

for i in [0, 1, 2, 5, -1]:
    print(f(tf.constant(i)))

@tf.function
def g(x):
    return tf.case([(x < 0, lambda: x * -1), (x > 10, lambda: x - 10)], default=lambda: x)

for v in [-3, 15, 5]:
    print(g(tf.constant(v)))
print(tf.case([(tf.constant(False), b0), (tf.constant(True), b1)], default=b2))

@tf.function
def h(x):
    return tf.case([(x < 0, lambda: tf.constant(-1)), (x >= 0, lambda: tf.constant(1))])
print(h(tf.constant(-5)), h(tf.constant(4)))
