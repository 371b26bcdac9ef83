# tf.unravel_index's errors: the shape function's while tracing, the
# kernel's on values (eagerly, and when a function runs), in the kernel's
# order.
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
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        # The message's first and last lines (a traced function's name this
        # file in between), without the number TensorFlow gives a function.
        lines = str(e).strip().splitlines()
        text = lines[0].strip() + " | " + lines[-1].strip()
        print(type(e).__name__, unnumbered(text))


attempt(lambda: tf.unravel_index([5, 12], [3, 4]))
attempt(lambda: tf.unravel_index([[1, 2]], [3, 4]))
attempt(lambda: tf.unravel_index([1], [[3, 4]]))
attempt(lambda: tf.unravel_index([1], [3, 0]))
attempt(lambda: tf.unravel_index([1], [3, -4]))
attempt(lambda: tf.unravel_index([1, 5], tf.constant([1, 0])))
attempt(lambda: tf.unravel_index([7], [3, 0, -1]))
attempt(lambda: tf.unravel_index([7], []))
attempt(lambda: tf.unravel_index([1.0], [3, 4]))
attempt(lambda: tf.unravel_index(tf.constant(1, tf.uint8), [3, 4]))
attempt(lambda: tf.unravel_index(tf.constant([1]), tf.constant([3, 4], tf.int64)))
attempt(lambda: tf.unravel_index([], [3, 4]))
attempt(lambda: tf.unravel_index(tf.zeros([0], tf.int64), tf.constant([3, 0], tf.int64)))
attempt(lambda: tf.unravel_index([2**40], tf.constant([2**31, 2**31, 4], tf.int64)))
attempt(lambda: tf.unravel_index(tf.constant([5]), [2**16, 2**15, 1]))

f = tf.function(lambda i, d: tf.unravel_index(i, d))
attempt(lambda: f(tf.constant([5, 12]), tf.constant([3, 4])))
attempt(lambda: f(tf.constant([[5, 1]]), tf.constant([3, 4])))
attempt(lambda: f(tf.constant([5, 1]), tf.constant([[3, 4]])))
attempt(lambda: f(tf.constant([5, 1]), tf.constant([3, 0])))
attempt(lambda: f(tf.constant([5, 1]), tf.constant([65536, 65535])))
attempt(lambda: f(tf.constant([1.0]), tf.constant([3.0, 4.0])))
attempt(lambda: f(tf.constant([1]), tf.constant([3, 4], tf.int64)))
attempt(lambda: f(tf.zeros([0], tf.int32), tf.constant([3, 4])))
