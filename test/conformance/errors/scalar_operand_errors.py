# Operands a kernel reads as scalars given as tensors of another rank
# (tf.range(tf.shape(x)) is the usual slip): shape inference's ValueError
# while tracing where it checks them, else the kernel's error, eagerly at
# once and in a function when it runs. Also LogicalNot and Atan2 given
# inputs of a dtype they do not take. kiln emitted invalid IR or read
# past an empty tensor before.
import tensorflow as tf

x = tf.ones([2, 3])
cases = [
    ("range limit", lambda n: tf.range(n)),
    ("range start", lambda n: tf.range(n, 5)),
    ("top_k k", lambda n: tf.math.top_k(x, n)),
    ("one_hot depth", lambda n: tf.one_hot([0, 1], n)),
    ("one_hot on_value",
     lambda n: tf.one_hot([0, 1], 3, on_value=tf.cast(n, tf.float32))),
    ("pad constant_values",
     lambda n: tf.pad(x, [[1, 1], [1, 1]],
                      constant_values=tf.cast(n, tf.float32))),
    ("logical_not of ints", lambda n: tf.logical_not(n)),
    ("atan2 of ints", lambda n: tf.math.atan2(n, n)),
]


def message(e):
  # Without the traceback lines (which hold the script's path) and the
  # function's name in a run-time error (its counter differs from kiln's).
  lines = [l.strip() for l in str(e).strip().splitlines() if l.strip()]
  kept = []
  for line in lines:
    if line.startswith("File ") or "[Op:__inference" in line:
      continue
    if line.startswith("{{function_node __inference_"):
      line = line[line.index("}} ") + 3:]
    if kept and kept[-1].startswith("File "):
      continue
    kept.append(line)
  return " | ".join(l for l in kept if "lambda n:" not in l)


for name, fn in cases:
  for n in (tf.constant([3]), tf.zeros([3, 0], tf.int32)):
    for mode in ("eager", "function"):
      try:
        result = fn(n) if mode == "eager" else tf.function(fn)(n)
        print(name, n.shape, mode, result[0].shape if name == "top_k k"
              else result.shape)
      except (ValueError, TypeError, tf.errors.InvalidArgumentError) as e:
        print(name, n.shape, mode, type(e).__name__, message(e))


@tf.function
def loop(x):
  total = tf.constant(0)
  for i in tf.range(tf.shape(x)):
    total += i
  return total


try:
  loop(x)
except ValueError as e:
  print(message(e))
