# The variables a custom_gradient's grad_fn gets, and those a tape lists as
# watched, are the script's own tf.Variable objects (the custom_gradient
# docstring checks 'variables[0] is weights').
import tensorflow as tf

weights = tf.Variable(tf.ones([2]))

@tf.custom_gradient
def linear_poly(x):
  poly = weights[1] * x + weights[0]
  def grad_fn(dpoly, variables):
    print(len(variables), variables[0] is weights, variables[0].name)
    grad_xs = dpoly * weights[1]
    dy_dw = dpoly * tf.stack([x ** 1, x ** 0])
    return grad_xs, [tf.reduce_sum(tf.reshape(dy_dw, [2, -1]), axis=1)]
  return poly, grad_fn

x = tf.constant([1., 2., 3.])
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  poly = linear_poly(x)
print(tape.gradient(poly, x))
print(tape.gradient(poly, weights))
with tf.GradientTape() as tape2:
  y = weights * 2.0
print([v is weights for v in tape2.watched_variables()])
refs = {weights.ref(): "w"}
print([refs[v.ref()] for v in tape2.watched_variables()])
