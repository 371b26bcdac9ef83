# A name the function declares global is carried by a staged loop or if as
# a local is, when the code after the statement reads it: the global then
# holds the statement's output (a graph tensor, as in TensorFlow). A global
# the statement assigns but that nothing reads after it keeps its value,
# staged or not: AutoGraph's body function does not declare it global.
import tensorflow as tf

total = None
steps = 0
mode = "init"
hits = "none"
seen = "none"


@tf.function
def accumulate(x):
  global total
  total = tf.constant(0)
  for v in x:
    total = total + v
  print("inside:", total)
  return total


@tf.function
def count(x):
  global steps
  z = tf.constant(0)
  i = tf.constant(0)
  while i < x:
    steps = steps + 1
    z = z + i
    i += 1
  print("steps, z:", steps, z)
  return z


@tf.function
def classify(x):
  global mode, hits, seen
  if x > 0:
    mode = "pos"
    hits = "yes"
  else:
    mode = "neg"
    hits = "no"
  for k in range(2):
    seen = k
  print("mode inside:", mode)
  return x


print(accumulate(tf.constant([1, 2])).numpy())
print("total:", total)
print(count(tf.constant(3)).numpy())
print("steps:", steps)
classify(tf.constant(1))
print("mode, hits, seen:", mode, hits, seen)
