# tf.nn's elementwise activations: values to the last bit, dtypes, alpha,
# integer inputs and the errors for dtypes without a kernel.
import tensorflow as tf

x = tf.linspace(-16.0, 16.0, 81)
for f in [tf.nn.softplus, tf.math.softplus, tf.nn.elu, tf.nn.selu,
          tf.nn.softsign, tf.nn.relu6, tf.nn.leaky_relu]:
  print(f.__name__, f(x))

print(tf.nn.leaky_relu(x, alpha=0.01))
print(tf.nn.leaky_relu(x, 2.0))
print(tf.nn.relu6(tf.constant([-3, 2, 7, 9])))
print(tf.nn.leaky_relu(tf.constant([-3, 2, 7, 9])))
print(tf.nn.softplus(tf.constant([1.0, -2.0, 40.0], tf.float64)))
print(tf.nn.elu(tf.constant([[-1.0, 0.5]], tf.float64)))


@tf.function
def mixed(x):
  return tf.nn.softplus(x) + tf.nn.elu(x) * tf.nn.selu(x) - tf.nn.leaky_relu(
      x, 0.3)


print(mixed(x))
print([n.op for n in mixed.get_concrete_function(x).graph.as_graph_def().node])

for f in [tf.nn.softplus, tf.nn.elu, tf.nn.selu, tf.nn.softsign]:
  try:
    f(tf.constant([1, 2]))
  except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)

try:
  tf.nn.relu6(tf.constant([True]))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__, e)


@tf.function
def traced(x):
  return tf.nn.softplus(x)


try:
  traced(tf.constant([1, 2]))
except TypeError as e:
  print("TypeError:", str(e).strip().splitlines()[-1].strip())
