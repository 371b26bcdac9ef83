# NumPy integer scalars index and repeat str, bytes, lists and tuples as
# their __index__ says ([0] * np.int32(3) is [0, 0, 0]); a float one does
# not.
import tensorflow as tf
c = tf.constant([3, 1]).numpy()
for f in [lambda: "*" * c[0], lambda: "ab"[c[1]], lambda: (5, 6)[c[1]], lambda: [5, 6][c[1]], lambda: b"xy"[c[1]], lambda: [0] * c[0], lambda: "abcdef"[c[1]:c[0]], lambda: range(c[0]), lambda: "*" * tf.constant(2)]:
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, e)
f = tf.constant([2.0]).numpy()
try:
  print("a" * f[0])
except TypeError as e:
  print(e)
print(c[0] * "ab", c[1] * [7])
