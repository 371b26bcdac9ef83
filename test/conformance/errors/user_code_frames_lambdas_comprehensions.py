# TensorFlow's "in user code" trace of a tf.function's error: a lambda or
# comprehension written inside converted code is part of that code and has
# no frame of its own, while a lambda defined at module level is converted
# on its own: its frame is named None and shows the lambda's text. A graph
# tensor leaked out of its function lists where it was made.
import tensorflow as tf

act = (lambda t: t + tf.constant(1))  # int32 beside a float


def apply_twice(fn, x):
  return fn(fn(x))


@tf.function
def module_lambda(x):
  return act(x)


@tf.function
def inner_lambda(x):
  return apply_twice(lambda t: tf.reshape(t, [2, -1]), x)


@tf.function
def comprehension(x):
  return [tf.reduce_sum(x[:, i]) for i in range(4)]


@tf.function
def dict_comprehension(x):
  return {name: x[:, i] for i, name in enumerate(["a", "b", "c"])}


def show(e):
  # The script's frames, without its path; TensorFlow's own are left out.
  lines = str(e).splitlines()
  for k, line in enumerate(lines):
    if 'File "' not in line:
      internal = k > 0 and 'File "' in lines[k - 1] and "user_code" not in lines[k - 1]
      if not (internal and line.startswith("    ")):
        print(line[:60])
    elif "user_code_frames" in line:
      print(line.split('", ')[-1])


for fn, arg in [(module_lambda, tf.constant(1.0)), (inner_lambda, tf.ones([5])),
                (comprehension, tf.ones([2, 3])),
                (dict_comprehension, tf.ones([2, 2]))]:
  try:
    fn(arg)
  except (TypeError, ValueError) as e:
    show(e)

leak = []


@tf.function
def leaky(x):
  leak.append(x * 2)
  return x


leaky(tf.constant(1.0))
try:
  print(leak[0] + 1)
except TypeError as e:
  show(e)
