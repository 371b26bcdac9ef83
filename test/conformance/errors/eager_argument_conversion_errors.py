# Arguments of the wrong type, eagerly and while tracing: which conversion
# refuses them decides the exception, as in TensorFlow.
import numpy as np
import tensorflow as tf


def show(name, f):
  try:
    print(name, "OK", f())
  except Exception as e:
    print(name, type(e).__name__, "|", str(e).strip().splitlines()[-1])


show("join int tensor", lambda: tf.strings.join([tf.constant(1)]))
show("join mixed", lambda: tf.strings.join(["a", tf.constant(1.5)]))
show("expand_dims float axis", lambda: tf.expand_dims(tf.ones([2]), 0.5))
show("sqrt of int list", lambda: tf.sqrt([4, 9]))
show("sqrt of int tensor", lambda: tf.sqrt(tf.constant([4, 9])))
show("where int and float lists", lambda: tf.where([True], [1], [1.0]))
show("where float and int lists", lambda: tf.where([True], [1.5], [1]))
for n in [-1, -5, 0, 1]:
  show("linspace num=%d" % n, lambda: tf.linspace(0., 1., n))


@tf.function
def join(x):
  return tf.strings.join(["a", x])


@tf.function
def expand(x):
  return tf.expand_dims(x, 0.5)


@tf.function
def where():
  return tf.where([True], [1], [1.0])


@tf.function
def linspace():
  return tf.linspace(0., 1., -2)


show("graph join", lambda: join(tf.constant(1)))
show("graph expand_dims", lambda: expand(tf.ones([2])))
show("graph where", where)
show("graph linspace", linspace)

print(np.diff([1, 4, 9, 16]), np.diff((1.5, 1.0), n=1), np.diff([[1, 3], [2, 7]]))
for name in ["CancelledError", "DeadlineExceededError", "AlreadyExistsError",
             "PermissionDeniedError", "AbortedError", "UnavailableError",
             "DataLossError", "UnauthenticatedError"]:
  cls = getattr(tf.errors, name)
  print(name, issubclass(cls, tf.errors.OpError))
print(tf.errors.CANCELLED, tf.errors.ABORTED, tf.errors.UNAUTHENTICATED)
