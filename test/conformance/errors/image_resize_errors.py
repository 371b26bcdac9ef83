# tf.image.resize's checks: its Python layer's, and the kernels' on sizes
# known eagerly and at run time.
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


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, unnumbered(str(e).strip().splitlines()[-1].strip()))
x = tf.reshape(tf.range(12.0), [1, 3, 4, 1])
attempt(lambda: tf.image.resize(x, [0, 3]))
attempt(lambda: tf.image.resize(x, [-1, 3]))
attempt(lambda: tf.image.resize(x, [2]))
attempt(lambda: tf.image.resize(x, [2, 2, 2]))
attempt(lambda: tf.image.resize(x, [2.5, 2]))
attempt(lambda: tf.image.resize(x, "ab"))
attempt(lambda: tf.image.resize(tf.zeros([1, 0, 3, 1]), [2, 2]))
attempt(lambda: tf.image.resize(tf.zeros([2, 2]), [2, 2]))
attempt(lambda: tf.image.resize(tf.zeros([2, 2, 2, 2, 2]), [2, 2]))
attempt(lambda: tf.image.resize(x, [2, 2], method="cubic"))
attempt(lambda: tf.image.resize(x, [2, 2], method="nearest").dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.uint8), [2, 2], method="nearest").dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.uint8), [2, 2]).dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.float64), [2, 2]).dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.float16), [2, 2], "nearest").dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.bool), [2, 2], "nearest").dtype)
attempt(lambda: tf.image.resize(tf.cast(x, tf.bool), [2, 2]).dtype)
attempt(lambda: tf.image.resize(x, [2, 5], preserve_aspect_ratio=True).shape)
f = tf.function(lambda x, s: tf.image.resize(x, s))
attempt(lambda: f(x, tf.constant([0, 2])))
attempt(lambda: f(x, tf.constant([3, 2])).shape)
print(f.get_concrete_function(tf.TensorSpec([None, None, None, 3]), tf.TensorSpec([2], tf.int32)).structured_outputs)
g = tf.function(lambda x: (tf.image.resize(x, [5, 7]), tf.image.resize(x, [5, 7], preserve_aspect_ratio=True), tf.image.resize(x, tf.shape(x)[1:3] * 2)))
print(g.get_concrete_function(tf.TensorSpec([None, 3, 4, 3])).structured_outputs)
print(tf.image.ResizeMethod.BILINEAR, tf.image.ResizeMethod.NEAREST_NEIGHBOR)
