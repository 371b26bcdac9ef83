# d['k'] = ... in a staged loop carries the entry, not the dict (AutoGraph's
# composite symbols): an entry first set in the loop is a loop variable
# first defined there, and the dict's other entries stay as they are.
import tensorflow as tf


@tf.function
def metrics(x):
  d = {"a": x, "name": "sum"}
  for i in tf.range(3):
    d["b"] = x * i
  print(sorted(d), d["b"])
  return d


@tf.function
def fresh(x):
  d = {}
  for i in tf.range(3):
    d["b"] = x * i
  return d


r = metrics(tf.constant(1))
print(sorted(r), r["b"].numpy(), r["name"])
print(fresh(tf.constant(2)))
