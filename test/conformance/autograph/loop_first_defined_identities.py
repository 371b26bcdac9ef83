# Variables first defined in a staged loop leave it through Identities that
# wait for the "loop must iterate at least once" assertion, as AutoGraph
# makes them (a for loop's iterate takes the first name); one assertion
# names all of them.
import tensorflow as tf


@tf.function
def last_product(x):
  for i in tf.range(3):
    b = x * i
  print(b)
  return b


@tf.function
def last_pair(n):
  k = tf.constant(0)
  while k < n:
    a = k
    c = k * 2
    k += 1
  print(a, c)
  return a + c


print(last_product(tf.constant(1)).numpy())
print(last_pair(tf.constant(2)).numpy())
try:
  last_pair(tf.constant(0))
except tf.errors.InvalidArgumentError as e:
  print([l for l in e.message.splitlines() if "assertion" in l])
