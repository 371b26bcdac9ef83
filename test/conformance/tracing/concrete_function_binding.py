# A ConcreteFunction binds a call to its structured signature: Python
# numbers and lists convert to the spec's dtype, other shapes and dtypes
# are a TypeError naming the structured and the flat signature's failure.
import tensorflow as tf


@tf.function
def scale(x, y=2):
    return x * y


cf = scale.get_concrete_function(tf.TensorSpec([], tf.float32), 3)
print(cf(1.0, 3))
print(cf(1, 3))
print(cf(True, y=3))
wide = scale.get_concrete_function(tf.TensorSpec([None], tf.float32), 3)
print(wide([1.0, 2.0], 3))
print(wide(tf.constant([1.0]), 3))


def attempt(label, call):
    try:
        print(label, call())
    except TypeError as e:
        print(label, "TypeError:", e)


attempt("keyword only:", lambda: cf(x=2.0))
attempt("list, y missing:", lambda: cf([1.0, 2.0]))
attempt("rank 2:", lambda: wide(tf.constant([[1.0]]), 3))
attempt("int32:", lambda: wide(tf.constant([1, 2]), 3))
attempt("string:", lambda: cf("a", 3))
attempt("other y:", lambda: cf(1.0, 4))
attempt("too many:", lambda: cf(1.0, 3, 4))
attempt("unknown keyword:", lambda: cf(1.0, 3, z=1))
attempt("twice:", lambda: cf(1.0, x=3))
