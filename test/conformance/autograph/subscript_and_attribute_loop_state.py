# Staged loops carry the entries and attributes the body assigns with a
# constant or variable key (acc[0], self.cache[key]), ordered by name as
# AutoGraph orders them; a Python value beside them in the same dict is
# left alone. A nonlocal is always carried.
import tensorflow as tf

history = {"loss": tf.constant(0.0)}


@tf.function
def stats(x):
  s = {"count": 0, "total": tf.constant(0.0), "name": "sum"}
  acc = [tf.constant(0.0), tf.constant(1.0)]
  j = 1
  for v in x:
    s["total"] = s["total"] + v
    acc[0] = acc[0] + v
    acc[j] = acc[j] * v
  s["count"] = tf.size(x)
  print(s["total"], acc)
  return s, acc


class Tracker(tf.Module):

  def __init__(self):
    super().__init__()
    self.cache = {"sum": tf.constant(0.0)}
    self.extra = {}

  @tf.function
  def __call__(self, x):
    key = "sum"
    for v in x:
      self.cache[key] = self.cache[key] + v
      self.extra["last"] = v
    return self.cache["sum"], self.extra["last"]


@tf.function
def record(x):
  for v in x:
    history["loss"] = history["loss"] + v
    history["last"] = v
  return history["loss"]


def make_counter():
  count = tf.constant(0.0)

  @tf.function
  def step(x):
    nonlocal count
    for v in x:
      count = count + v
    return count

  return step


s, a = stats(tf.constant([1.0, 2.0, 3.0]))
print(s["count"].numpy(), s["total"].numpy(), s["name"], [t.numpy() for t in a])
print(Tracker()(tf.constant([1.0, 2.0])))
print(record(tf.constant([1.0, 2.0])).numpy(), sorted(history))
print(make_counter()(tf.constant([1.0, 2.0, 3.0])).numpy())
