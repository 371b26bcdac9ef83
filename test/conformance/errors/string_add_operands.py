# `+` on a string tensor converts a Python number with the string dtype as
# a hint only, and string Add rejects the number's own dtype; the other
# operators (and the reflected +) fail the conversion itself.
import tensorflow as tf

calls = [lambda: tf.constant("a") + 1, lambda: tf.constant(1) + "a",
         lambda: tf.constant(1) + 1.5, lambda: tf.constant("a") + 1.5,
         lambda: tf.constant("a") + True, lambda: 1 + tf.constant("a"),
         lambda: tf.constant("a") * 2, lambda: tf.constant([1.0]) + "b",
         lambda: tf.constant("a") + [1, 2], lambda: tf.constant("a") + "b"]
for call in calls:
    try:
        print(call())
    except (TypeError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__, str(e).splitlines()[0])
