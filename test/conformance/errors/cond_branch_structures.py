# tf.cond's branches must return the same structure (a dict's keys, a
# tuple against a list, a tensor against a one-tuple): cond_v2's
# TypeError with both outputs and tf.nest's details. (kiln returned the
# true branch's structure.) tf.switch_case raises too; its message names
# branches[i] in TensorFlow and is not compared here.
import tensorflow as tf
@tf.function
def f(x):
    return tf.cond(x > 0, lambda: {"a": x}, lambda: {"b": x})
try:
    print(f(tf.constant(1.)))
except Exception as e:
    print(type(e).__name__, str(e)[str(e).index("TypeError: "):])
@tf.function
def g(x):
    return tf.cond(x > 0, lambda: (x, x), lambda: [x, x])
try:
    print(g(tf.constant(1.)))
except Exception as e:
    print(type(e).__name__, str(e)[str(e).index("TypeError: "):])
@tf.function
def h(x):
    return tf.cond(x > 0, lambda: x, lambda: (x,))
try:
    print(h(tf.constant(1.)))
except Exception as e:
    print(type(e).__name__, str(e)[str(e).index("TypeError: "):])
@tf.function
def k(x):
    return tf.switch_case(tf.cast(x, tf.int32), [lambda: {"a": x}, lambda: {"b": x}])
try:
    print(k(tf.constant(1.)))
except Exception as e:
    print(type(e).__name__)
