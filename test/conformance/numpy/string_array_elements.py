# A string tensor's .numpy() is an object array whose elements are Python
# bytes: they compare, hash, measure, slice and concatenate as bytes.
import tensorflow as tf

labels = tf.constant(["cat", "dog", "emu"]).numpy()
for label in labels:
  print(label, label == b"cat", label in (b"cat", b"emu"), {b"cat": 1}.get(label))
w = tf.constant(["abc", "de"]).numpy()
print(w[0] == b"abc", len(w[0]), w[0][1:], w[1] + b"!", sorted(w, reverse=True))
print(type(w[1]).__name__, w[-1].decode(), w.tolist(), w[1:])
grid = tf.constant([["a", "b"], ["c", "d"]]).numpy()
print(grid[1], grid[1][0], grid[0, 1], [row[0] for row in grid])
print(tf.constant("solo").numpy() == b"solo")
