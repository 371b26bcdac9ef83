# A Python list or tuple beside a tensor in a binary op, when it does not
# convert to the tensor's dtype. `+` and tf.add convert it with that dtype
# as a hint only, so AddV2 itself rejects the pair; the other ops convert
# it with the dtype and fail there. Inside a function, op construction
# names the parameter, and graph constants give make_tensor_proto's errors.
import tensorflow as tf

t = tf.constant([1])
b = tf.constant([True])
cases = [
    ("t + [1.5]", lambda: t + [1.5]),
    ("t + (1.5,)", lambda: t + (1.5,)),
    ("t + [[1.5]]", lambda: t + [[1.5]]),
    ("t + [1, 1.5]", lambda: t + [1, 1.5]),
    ("tf.add(t, [1.5])", lambda: tf.add(t, [1.5])),
    ("b + [1]", lambda: b + [1]),
    ("t + ['a']", lambda: t + ["a"]),
    ("t + [None]", lambda: t + [None]),
    ("t + [1, 'a']", lambda: t + [1, "a"]),
    ("t * [1.5]", lambda: t * [1.5]),
    ("t - [1.5]", lambda: t - [1.5]),
    ("t * [None]", lambda: t * [None]),
    ("t * [[1], [1, 2]]", lambda: t * [[1], [1, 2]]),
    ("tf.multiply(t, [1.5])", lambda: tf.multiply(t, [1.5])),
    ("tf.maximum(t, [1.5])", lambda: tf.maximum(t, [1.5])),
    ("t < [1.5]", lambda: t < [1.5]),
    ("t == [1.5]", lambda: t == [1.5]),
    ("t != [1.5]", lambda: t != [1.5]),
    ("t == [None]", lambda: t == [None]),
    ("t // [1.5]", lambda: t // [1.5]),
    ("t ** [1.5]", lambda: t ** [1.5]),
    ("[1.5] * t", lambda: [1.5] * t),
    ("tf.cast(t, tf.float32) + [1]", lambda: tf.cast(t, tf.float32) + [1]),
    ("tf.constant([None])", lambda: tf.constant([None])),
    ("tf.constant([None], tf.int32)", lambda: tf.constant([None], tf.int32)),
]


def last_line(e):
  text = str(e).strip()
  return text.splitlines()[-1].strip() if text else ""


def show(name, f):
  try:
    print(name, "->", f())
  except Exception as e:
    print(name, "->", type(e).__name__, ":", last_line(e))


for name, f in cases:
  show(name, f)

for name, f in cases:

  @tf.function
  def g(x):
    return f()

  show("graph " + name, lambda: g(t))
