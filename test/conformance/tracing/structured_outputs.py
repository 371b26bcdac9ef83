# Python strings, numbers and nested lists, tuples and dicts in a tf.function's result: converted to tensors, and the Output Type keeps the structure.
import tensorflow as tf
@tf.function
def f():
    return "xy"
print(f())
@tf.function
def g(x):
    return x, ["a", 1], {"k": "v"}
print(g(tf.constant(1)))
print(g.get_concrete_function(tf.constant(1)))
@tf.function
def h(x):
    return {"b": x * 2, "a": (x, [x + 1])}
print(h(tf.constant(2.0)))
print(h.get_concrete_function(tf.constant(2.0)))
