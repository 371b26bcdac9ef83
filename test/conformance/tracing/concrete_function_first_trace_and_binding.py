# get_concrete_function's first trace may make the function's variables,
# as a first call's may (the usual "export a signature before the first
# call" pattern); an inner function with an input_signature binds a graph
# tensor whose shape could match its spec (a None dimension, an unknown
# rank; kiln checks it when the function runs, where TensorFlow runs the
# inner graph on whatever shape comes); binding errors show the
# arguments as given; introspection of outputs, shapes and names.
import tensorflow as tf

v = None


@tf.function
def f(x):
  global v
  if v is None:
    v = tf.Variable(1.0)
  return x + v


cf = f.get_concrete_function(tf.TensorSpec([], tf.float32))
print(cf(tf.constant(1.0)), f(tf.constant(2.0)))


class Dense(tf.Module):

  def __init__(self):
    self.w = None

  @tf.function
  def __call__(self, x):
    if self.w is None:
      self.w = tf.Variable(tf.ones([3, 2]))
    return x @ self.w


layer = Dense()
serving = layer.__call__.get_concrete_function(tf.TensorSpec([None, 3]))
print(serving(tf.ones([2, 3])))


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def inner(x):
  return x * 2


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def outer(x):
  return inner(x)


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def outer_rankless(x):
  return inner(x) + 1.0


print(outer(tf.constant([1.0, 2.0])), outer_rankless(tf.constant([3.0, 4.0])))


@tf.function
def two(x, y):
  return x + y


for call in [
    lambda: two.get_concrete_function(tf.TensorSpec([], tf.int32)),
    lambda: two.get_concrete_function(tf.TensorSpec([None], tf.float32),
                                      tf.TensorSpec([]), z=1),
]:
  try:
    call()
  except TypeError as e:
    print(e)


@tf.function
def positional_only(x, /, y):
  return x - y


try:
  positional_only(x=tf.constant(5), y=tf.constant(2))
except TypeError as e:
  print(e)
print(positional_only(tf.constant(5), y=tf.constant(2)))


@tf.function(input_signature=[
    tf.TensorSpec([None], tf.float32),
    tf.TensorSpec([None], tf.float32)
])
def masked(x, mask=None):
  return x * mask


try:
  masked(tf.ones([2]))
except TypeError as e:
  print(e)

counter = tf.Variable(0.0)


@tf.function
def bump(x):
  counter.assign_add(x)
  return counter.read_value()


@tf.function
def nothing(n):
  for i in tf.range(n):
    counter.assign_add(tf.cast(i, tf.float32))


@tf.function
def pair_with_none(x):
  return x, None


print(bump.get_concrete_function(tf.TensorSpec([], tf.float32)).outputs)
cf = nothing.get_concrete_function(tf.TensorSpec([], tf.int32))
print(cf.outputs, cf.output_shapes)
print(pair_with_none.get_concrete_function(tf.TensorSpec([2])).output_shapes)


@tf.function
def upper(X, _hidden):
  return X + _hidden


cf = upper.get_concrete_function(tf.constant(1), tf.constant(2))
print(cf.inputs)
print(cf.structured_input_signature)


@tf.function
def ident(x):
  print("tracing ident", x)
  return tf.constant(1.0)


try:
  ident(tf.TensorSpec([], tf.float32))
except ValueError as e:
  print(e)
print(ident.experimental_get_tracing_count())


# A nested TensorSpec's own name names its placeholder and spec.
@tf.function(input_signature=[{
    'a': tf.TensorSpec([None], tf.float32, name='a'),
    'b': tf.TensorSpec([], tf.int32)
}])
def nested(d):
  print(d['a'], d['b'])
  return d['a']


cf = nested.get_concrete_function()
print(cf.inputs)
print(cf.structured_input_signature)
