# Strides, dilations and pooling windows that are not positive or do not
# fit an int32: the kernels' errors eagerly, shape inference's ValueError
# while tracing, and (for a pooling window) the kernel's error when the
# function runs. kiln divided by a stride of 0 (a crash) before.
import tensorflow as tf

ones = tf.ones([1, 4, 4, 2])
big = 2**31 + 1
# Each case takes its input as an argument, named "x" in the function.
cases = [
    ("conv2d stride 0",
     lambda x: tf.nn.conv2d(x, tf.ones([1, 1, 2, 1]), 0, "VALID")),
    ("conv2d stride -1",
     lambda x: tf.nn.conv2d(x, tf.ones([1, 1, 2, 1]), -1, "SAME")),
    ("conv2d dilation 0",
     lambda x: tf.nn.conv2d(x, tf.ones([2, 2, 2, 1]), 1, "SAME", dilations=0)),
    ("conv2d stride out of int32",
     lambda x: tf.nn.conv2d(x, tf.ones([1, 1, 2, 1]), big, "VALID")),
    ("conv1d stride 0",
     lambda x: tf.nn.conv1d(x[0], tf.ones([1, 2, 1]), 0, "VALID")),
    ("conv2d_transpose stride 0 (eager only: TensorFlow's function crashes)",
     lambda x: tf.nn.conv2d_transpose(x, tf.ones([2, 2, 1, 2]), [1, 8, 8, 1], 0)),
    ("depthwise stride 0",
     lambda x: tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 2, 1]), [1, 0, 0, 1],
                                    "VALID")),
    ("max_pool2d stride 0", lambda x: tf.nn.max_pool2d(x, 2, 0, "VALID")),
    ("avg_pool1d stride 0",
     lambda x: tf.nn.avg_pool1d(x[0], 2, 0, "VALID")),
    ("max_pool2d ksize 0", lambda x: tf.nn.max_pool2d(x, 0, 1, "VALID")),
    ("avg_pool2d ksize -2", lambda x: tf.nn.avg_pool2d(x, -2, 1, "VALID")),
    ("max_pool2d ksize out of int32", lambda x: tf.nn.max_pool2d(x, big, 1,
                                                                "SAME")),
]


def message(e):
  # The run-time errors name the function, whose counter differs from
  # kiln's: the line with the kernel's message is enough, without it.
  lines = [l.strip() for l in str(e).strip().splitlines() if l.strip()]
  line = [l for l in lines if "[Op:__inference" not in l][-1]
  if line.startswith("{{function_node __inference_"):
    line = line[line.index("}} ") + 3:]
  return line


for name, fn in cases:
  modes = ["eager"] if "eager only" in name else ["eager", "function"]
  for mode in modes:
    try:
      result = fn(ones) if mode == "eager" else tf.function(fn)(ones)
      print(name, mode, result.shape)
    except (ValueError, tf.errors.InvalidArgumentError) as e:
      print(name, mode, type(e).__name__, message(e))
