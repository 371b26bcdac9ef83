# MatMul, BatchMatMulV2, Relu, Relu6 and LeakyRelu refuse the dtypes their
# OpDefs leave out: eagerly with the kernel lookup's InvalidArgumentError,
# while tracing with the op wrapper's TypeError.
import tensorflow as tf


def attempt(label, fn, *args):
  try:
    print(label, fn(*args))
  except (TypeError, tf.errors.InvalidArgumentError) as e:
    # A traced error's text names the script's path; keep its last line.
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    text = lines[-1] if "in user code" in str(e) else str(e)
    print(label, type(e).__name__, text)


@tf.function
def product(a, b):
  return tf.matmul(a, b)


@tf.function
def activations(x):
  return tf.nn.relu(x), tf.nn.relu6(x), tf.nn.leaky_relu(x)


flags = tf.constant([[True, False], [False, True]])
small = tf.constant([[1, 2], [3, 4]], tf.int8)
short = tf.constant([[1, 2], [3, 4]], tf.int16)
attempt("matmul bool", tf.matmul, flags, flags)
attempt("matmul int8", tf.matmul, small, small)
attempt("matmul int16", tf.matmul, short, short)
attempt("traced bool", product, flags, flags)
attempt("traced int8", product, small, small)
attempt("traced int16", product, short, short)
# BatchMatMulV2 takes int16, but not bools or int8.
attempt("batched int16", tf.matmul, short[None], short[None])
attempt("batched bool", tf.matmul, flags[None], flags[None])
attempt("traced batched int8", product, small[None], small[None])

attempt("relu bool", tf.nn.relu, tf.constant([True]))
attempt("relu string", tf.nn.relu, tf.constant(["a"]))
attempt("relu6 bool", tf.nn.relu6, tf.constant([True]))
attempt("leaky_relu bool", tf.nn.leaky_relu, tf.constant([True]))
# Integer features are computed in float32.
attempt("leaky_relu int32", tf.nn.leaky_relu, tf.constant([-5, 5]))
attempt("traced bool activations", activations, tf.constant([True]))
attempt("traced int16 activations", activations, tf.constant([-3, 3], tf.int16))
