# Gradient targets are nested structures (lists in lists, dicts) flattened
# as tf.nest does, with output_gradients of the same structure; a variable
# target is its handle (d v / d v is one); a None target and an unknown
# unconnected_gradients are TensorFlow's errors.
import tensorflow as tf
a = tf.Variable(1.0)
w = tf.Variable(3.0)
with tf.GradientTape(persistent=True) as tape:
    out = [a * 3.0, [a * 2.0]]
    nested = [[a * 2.0, a * 5.0]]
    d = {"x": a * 3.0, "y": a * a}
print(tape.gradient(out, a))
print(tape.gradient(nested, a))
print(tape.gradient(d, a))
print(tape.gradient(w, w))
print(tape.gradient([w, w * 2], w))
print(tape.gradient(d, [a, w]))
print(tape.gradient(d, a, output_gradients={"x": tf.constant(2.0), "y": tf.constant(10.0)}))
try:
    tape.gradient(None, a)
except TypeError as e:
    print(e)

@tf.function
def f():
    with tf.GradientTape() as t:
        y = {"p": a * a, "q": [a * 4.0]}
    return t.gradient(y, a), t.gradient if False else 0
print(f()[0])
try:
    tape.gradient(d, a, unconnected_gradients="bogus")
except ValueError as e:
    print(e)
