# A tf.function called while another traces is one call node of the caller's
# graph, named PartitionedCall, or StatefulPartitionedCall when the callee
# reads variables, prints, asserts or draws stateful random numbers; its
# results are that node's outputs, and the callee's arguments make no
# nodes of their own (the caller's later Identity is Identity_1).
import tensorflow as tf
v = tf.Variable(1.0)
@tf.function
def pure(x): return x * 2.0, x + 1.0
@tf.function
def reads(x): return x * v
@tf.function
def prints(x):
  tf.print(x)
  return x
@tf.function
def rnd(x): return x + tf.random.uniform([1])
@tf.function
def srnd(x): return x + tf.random.stateless_uniform([1], [1, 2])
@tf.function
def asserts(x):
  tf.debugging.assert_positive(x)
  return x
@tf.function
def none(x):
  pass
@tf.function
def outer(x):
  for f in [pure, reads, prints, rnd, srnd, asserts, none]:
    r = f(x)
    print(f.__name__, r)
  return x
outer.get_concrete_function(tf.TensorSpec([1]))

@tf.function
def inner2(x):
    return x * 2.0
@tf.function
def outer2(x):
    a = inner2(x)
    print("a:", a)
    return tf.identity(a)
print(outer2.get_concrete_function(tf.TensorSpec([1], tf.float32)).structured_outputs)


# The call node only names: a callee that returns nothing, a caller of
# unknown rank and string results run as before.
v = tf.Variable(1.0)


@tf.function
def effects(x):
  tf.print("x is", x)
  v.assign_add(x)


@tf.function
def calls_effects(x):
  effects(x)
  return x + 1


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def any_rank(x):
  return inner2(x) + 1.0


@tf.function
def exclaim(s):
  return tf.strings.join([s, "!"])


@tf.function
def strings(x):
  return exclaim(tf.strings.as_string(x * 2)), x + 1


print(calls_effects(tf.constant(2.0)), v.numpy())
print(any_rank(tf.constant([1.0, 2.0])))
print(strings(tf.constant(3)))
