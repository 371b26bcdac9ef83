# tf.roll inside a function merges the shapes of shift and axis while
# tracing (a ValueError, even for a scalar shift with a one-element axis
# list); eagerly the kernel compares their sizes.
import tensorflow as tf


def show(name, f):
  try:
    print(name, f())
  except Exception as e:
    message = str(e).strip().splitlines()[-1].strip().split(" for '")[0]
    print(name, type(e).__name__ + ":", message)


cases = [("two shifts, one axis", lambda x: tf.roll(x, [1, 2], axis=[0])),
         ("scalar shift, two axes", lambda x: tf.roll(x, 1, axis=[0, 1])),
         ("two shifts, scalar axis", lambda x: tf.roll(x, [1, 2], axis=0)),
         ("scalar shift, axis list", lambda x: tf.roll(x, 1, axis=[0])),
         ("scalars", lambda x: tf.roll(x, 1, axis=0)),
         ("lists", lambda x: tf.roll(x, [1, 1], axis=[0, 1]))]
x = tf.reshape(tf.range(6), [2, 3])
for name, f in cases:
  show("eager " + name, lambda: f(x))
  show("graph " + name, lambda: tf.function(f)(x))
