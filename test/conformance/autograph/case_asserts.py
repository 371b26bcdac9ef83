# tf.case without a default runs its last function only when its predicate
# holds (an assertion fails when none does); exclusive=True asserts that at
# most one predicate holds (without a default, of those before the last
# pair, whose function became the default); tf.switch_case needs an integer
# index.
import tensorflow as tf


@tf.function
def g(x):
    return tf.case([(x < 0, lambda: -x), (x < 10, lambda: x * 10)])


@tf.function
def f(x):
    return tf.case([(x > 0, lambda: 1), (x > 5, lambda: 2)], default=lambda: 0,
                   exclusive=True)


@tf.function
def h(x):
    return tf.case([(x > 0, lambda: x + 1), (x > 1, lambda: x + 2),
                    (x > 2, lambda: x + 3)], exclusive=True)


for fn, v in [(g, -1), (g, 3), (g, 50), (f, 1), (f, 10), (h, 2), (h, 5),
              (h, -5)]:
    try:
        print(fn(tf.constant(v)).numpy())
    except tf.errors.InvalidArgumentError as e:
        print(str(e).splitlines()[-2])
x = tf.constant(50)
try:
    tf.case([(x < 0, lambda: -x), (x < 10, lambda: x * 10)])
except tf.errors.InvalidArgumentError as e:
    print(e)
print(tf.case([(x > 0, lambda: 1), (x > 5, lambda: 2)], default=lambda: 0))
print(tf.case([(x > 0, lambda: 1), (x > 5, lambda: 2)], exclusive=True))
try:
    tf.switch_case(tf.constant(1.0), [lambda: 1, lambda: 2])
except TypeError as e:
    print(e)
