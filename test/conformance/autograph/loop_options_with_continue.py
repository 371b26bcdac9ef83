# set_loop_options stays a loop's first statement when the loop also has a
# continue (kiln's continue flag went before it, hiding the options).
import tensorflow as tf

@tf.function
def f(x):
    s = tf.reshape(x, [1, 2])
    for i in tf.range(3):
        tf.autograph.experimental.set_loop_options(shape_invariants=[(s, tf.TensorShape([None, 2]))])
        s = tf.concat([s, s[:1]], 0)
        if i < 0:
            continue
    return s

print(f(tf.constant([2, 0])))


@tf.function
def g(n):
  acc = tf.zeros([0])
  i = 0
  while i < n:
    tf.autograph.experimental.set_loop_options(
        shape_invariants=[(acc, tf.TensorShape([None]))])
    i += 1
    if i % 2 == 0:
      continue
    acc = tf.concat([acc, [tf.cast(i, tf.float32)]], 0)
  return acc


print(g(tf.constant(5)))
