# tf.histogram_fixed_width is one HistogramFixedWidth node, whose kernel
# checks the values it reads: value_range[0] < value_range[1], a positive
# nbins and no NaN, eagerly and when a traced function runs; nbins may be
# known only at run time. Its dtypes and the shapes of value_range and
# nbins are the op's.
import tensorflow as tf


def unnumbered(text):
    """`text` with N for the number TensorFlow gives each function."""
    parts = text.split("__inference_")
    out = parts[0]
    for part in parts[1:]:
        end = min(i for i in (part.find("}"), part.find("]"), len(part))
                  if i >= 0)
        out += "__inference_" + part[:end].rstrip("0123456789") + "N"
        out += part[end:]
    return out


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except Exception as e:
        # Without the traceback's lines (this file's path) and the number
        # TensorFlow gives a function.
        lines, skip = [], False
        for line in str(e).splitlines():
            line = line.strip()
            if line.startswith("File "):
                skip = True  # and the source line after it
            elif skip or not line:
                skip = False
            else:
                lines.append(line)
        print(type(e).__name__, unnumbered(" | ".join(lines)))


for r in ([5.0, 0.0], [1.0, 1.0]):
    attempt(tf.histogram_fixed_width, [1.0, 2.0], r, nbins=3)
attempt(tf.histogram_fixed_width, [1.0, float("nan")], [0.0, 1.0], nbins=2)
attempt(tf.histogram_fixed_width, [1.0], [0.0, 1.0], nbins=0)
attempt(tf.histogram_fixed_width, [1.0], [0.0, 1.0], nbins=[2])
attempt(tf.histogram_fixed_width, [1.0], [0.0, 1.0, 2.0], nbins=2)
attempt(tf.histogram_fixed_width, [1, 2], [0.0, 1.0], nbins=2)
attempt(tf.histogram_fixed_width, [1.0], [0.0, 1.0], nbins=2, dtype=tf.float32)
attempt(tf.histogram_fixed_width, tf.constant([1], tf.int16), [0, 1], nbins=2)
attempt(tf.histogram_fixed_width, [1.0], [0.0, 1.0],
        nbins=tf.constant(2, tf.int64))
# In the kernel's order; errors end in " name: " when every operand is a
# tensor.
for values, r, nbins in [([float("nan")], [1.0, 0.0], 2),
                         ([float("nan")], [0.0, 1.0], 0),
                         ([1.0], [1.0, 0.0], 0), ([1.0], [[0.0, 1.0]], [2]),
                         ([1.0], [0.0, 1.0, 3.0], [2]),
                         ([float("nan")], [float("nan"), 1.0], 2),
                         ([1.0], [0.0, 1.5e-7], 1)]:
    attempt(tf.histogram_fixed_width, values, r, nbins=nbins)
    attempt(tf.histogram_fixed_width, tf.constant(values), tf.constant(r),
            nbins=tf.constant(nbins), name="h")
attempt(tf.histogram_fixed_width, tf.constant([1], tf.int16),
        tf.constant([1, 0], tf.int16), nbins=tf.constant(2))
attempt(tf.histogram_fixed_width, tf.constant([1, 2]),
        tf.constant([1.0, 0.0]), nbins=tf.constant(2))
print(tf.histogram_fixed_width(tf.zeros([0]), [0.0, 4.0], nbins=4))
print(tf.histogram_fixed_width(tf.constant([-2**31, 2**31 - 1]),
                               [-2**31, 2**31 - 1], nbins=2))
print(tf.histogram_fixed_width([-1e30, 1e30, 3.99, 4.0, 2.0], [0.0, 4.0],
                               nbins=4, dtype=tf.int64))


@tf.function
def f(v, r, n):
    return tf.histogram_fixed_width(v, r, nbins=n, dtype=tf.int64)


print(f.get_concrete_function(tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([2], tf.float32),
                              tf.TensorSpec([], tf.int32)).outputs)
print(f(tf.constant([1.0, 2.0, 9.0]), tf.constant([0.0, 8.0]), tf.constant(4)))
attempt(f, tf.constant([1.0]), tf.constant([5.0, 0.0]), tf.constant(2))
attempt(f, tf.constant([1.0]), tf.constant([0.0, 1.0]), tf.constant(-1))
attempt(f, tf.constant([float("nan")]), tf.constant([0.0, 1.0]), tf.constant(2))


@tf.function
def g(v, r):
    return tf.histogram_fixed_width(v, r, nbins=2)


for r in ([[0.0, 1.0]], [0.0, 1.0, 2.0], 0.5):
    attempt(g, tf.constant([1.0]), tf.constant(r))
attempt(g, tf.constant([1], tf.int16), tf.constant([0, 1], tf.int16))
attempt(g, tf.constant([1]), tf.constant([0.0, 1.0]))
for n in [0, -3, 2.0]:
    attempt(tf.function(lambda v: tf.histogram_fixed_width(v, [0.0, 1.0],
                                                           nbins=n)),
            tf.constant([1.0]))
attempt(tf.function(lambda v, n: tf.histogram_fixed_width(v, [0.0, 1.0],
                                                          nbins=n)),
        tf.constant([1.0]), tf.constant(2, tf.int64))
attempt(tf.function(lambda v: tf.histogram_fixed_width(v, [0.0, 1.0],
                                                       nbins=[2])),
        tf.constant([1.0]))
cf = tf.function(lambda v: tf.histogram_fixed_width(
    v, [0.0, 5.0], nbins=3, name="hist")).get_concrete_function(
        tf.TensorSpec([None], tf.float32))
print([(n.name, n.op, list(n.input)) for n in cf.graph.as_graph_def().node])
