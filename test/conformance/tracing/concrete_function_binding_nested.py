# A ConcreteFunction traced with a tuple of specs: its tensors convert and
# are checked one by one; a list is not a tuple, and the lengths must agree.
# The flat signature ("pair, pair_1") takes the tensors one by one.
import tensorflow as tf


@tf.function
def combine(pair, k=1):
    return pair[0] + pair[1] * k


spec = tf.TensorSpec([2], tf.float32)
cf = combine.get_concrete_function((spec, spec), 1)
a = tf.constant([1.0, 2.0])
print(cf((a, [3.0, 4.0]), 1))
print(cf(a, a))
print(cf(pair_1=a, pair=a))


def attempt(label, call):
    try:
        print(label, call())
    except TypeError as e:
        print(label, "TypeError:", e)


attempt("long:", lambda: cf((a, tf.constant([1.0, 2.0, 3.0])), 1))
attempt("short:", lambda: cf((a,), 1))
attempt("list:", lambda: cf([a, [1.0, 2.0]], 1))
attempt("scalar leaf:", lambda: cf(pair=(a, 1.0), k=1))
attempt("flat keyword:", lambda: cf(a, a, z=3))
attempt("flat missing:", lambda: cf(a))
