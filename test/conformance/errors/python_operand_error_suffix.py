# Kernel errors of ops given a Python list or string (top_k, strings.join,
# to_number, substr) end without ' name: ', as TensorFlow's generated
# wrappers' slow path raises them; with tensors they keep it. And
# count_nonzero of strings counts the non-empty ones.
import tensorflow as tf
calls = {
  "top_k list": lambda: tf.math.top_k([1, 2], k=3),
  "top_k tensor": lambda: tf.math.top_k(tf.constant([1, 2]), k=3),
  "to_number str": lambda: tf.strings.to_number("abc"),
  "to_number tensor": lambda: tf.strings.to_number(tf.constant("abc")),
  "join lists": lambda: tf.strings.join([["a", "b"], ["c"]]),
  "join tensors": lambda: tf.strings.join([tf.constant(["a", "b"]), tf.constant(["c"])]),
  "substr str": lambda: tf.strings.substr("abc", 5, 1),
  "substr tensor": lambda: tf.strings.substr(tf.constant("abc"), 5, 1),
  "substr tensors": lambda: tf.strings.substr(tf.constant("abc"), tf.constant(5), tf.constant(1)),
}
for k, f in calls.items():
  try:
    f()
  except Exception as e:
    print(k, "|", type(e).__name__, str(e).split("\n")[0].split("}} ")[-1])
print(tf.math.count_nonzero(tf.constant(["", "a", "b"])))
print(tf.math.count_nonzero(tf.constant([["", "a"], ["", ""]]), axis=1, keepdims=True))
@tf.function
def f(x):
  return tf.math.count_nonzero(x, axis=0, dtype=tf.int32)
print(f(tf.constant([["x", ""], ["", ""]])))
