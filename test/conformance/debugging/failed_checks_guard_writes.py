# What a failed check keeps from running: a variable write of
# check_numerics' output, or of a tf.slice out of range; writes inside
# tf.control_dependencies on check_numerics, assert_rank (checked when the
# function runs) or assert_near. A write that waits for none of them stays,
# even when it writes the same constant as a guarded one. kiln wrote NaN,
# merged the two constants (so the free write was dropped too), and
# returned None from assert_rank and assert_near, which
# tf.control_dependencies then ignored; it now raises TensorFlow's
# TypeError for None there. An eager variable scatter out of range has its
# kernel's message and keeps the updates made before the bad index.
import numpy as np
import tensorflow as tf

v = tf.Variable(0.0)
w = tf.Variable(0.0)


def attempt(tag, f, *args):
  try:
    f(*args)
    print(tag, "ok")
  except (tf.errors.InvalidArgumentError, TypeError) as e:
    print(tag, type(e).__name__, str(e).splitlines()[-1].split(" [Op:")[0])
  print(v.numpy(), w.numpy())


@tf.function
def written(x):
  v.assign(tf.debugging.check_numerics(tf.math.log(x), "log"))


@tf.function
def guarded(x):
  y = tf.debugging.check_numerics(x, "cn")
  with tf.control_dependencies([y]):
    v.assign_add(1.0)
  w.assign_add(1.0)


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def ranked(x):
  with tf.control_dependencies([tf.debugging.assert_rank(x, 1)]):
    v.assign_add(10.0)
  w.assign_add(1.0)


@tf.function
def near(x):
  with tf.control_dependencies([tf.debugging.assert_near(x, 1.0, atol=0.5)]):
    v.assign_add(100.0)


@tf.function
def sliced(x, n):
  v.assign(tf.reduce_sum(tf.slice(x, [0], [n])))


@tf.function
def shapes(x):
  with tf.control_dependencies([tf.debugging.assert_shapes([(x, (2,))])]):
    v.assign_add(1.0)


attempt("written", written, tf.constant(-1.0))
attempt("written", written, tf.constant(1.0))
attempt("guarded", guarded, tf.constant(np.nan))
attempt("guarded", guarded, tf.constant(2.0))
attempt("ranked", ranked, tf.constant(2.0))
attempt("ranked", ranked, tf.constant([2.0]))
attempt("near", near, tf.constant(3.0))
attempt("near", near, tf.constant(1.25))
attempt("sliced", sliced, tf.constant([1.0, 2.0]), tf.constant(3))
attempt("sliced", sliced, tf.constant([1.0, 2.0]), tf.constant(2))
attempt("shapes", shapes, tf.constant([1.0, 2.0]))

# Eagerly too, a variable's scatter keeps what its kernel wrote before a
# bad index: a row scatter stops there, an nd scatter skips it.
u = tf.Variable([0, 0, 0, 0])
for scatter in [lambda: u.scatter_update(tf.IndexedSlices([5, 6, 7], [1, 9, 2])),
                lambda: u.scatter_nd_add([[3], [8], [0]], [1, 2, 3])]:
  try:
    scatter()
  except tf.errors.InvalidArgumentError as e:
    print(str(e).split(" [Op:")[0].split("}} ")[-1])
  print(u.numpy())
