# tf.strings.regex_replace and regex_full_match with Python-string patterns
# (StaticRegexReplace and StaticRegexFullMatch), eagerly, in a dataset map
# and in a tf.function.
import tensorflow as tf
s = tf.constant(["Hello,  World!", "tf.data  rocks", "a1b22c333"])
print(tf.strings.regex_replace(s, r"\s+", " "))
print(tf.strings.regex_replace(s, r"[^a-z ]", ""))
print(tf.strings.regex_replace(s, r"(\w+)\.(\w+)", r"\2-\1"))
print(tf.strings.regex_replace(s, r"\d", "#", replace_global=False))
print(tf.strings.regex_full_match(s, r"[a-z0-9]+"))
print(tf.strings.regex_full_match("abc", "a.c"))
ds = tf.data.Dataset.from_tensor_slices(["The Cat!", "a DOG?"])
clean = ds.map(lambda t: tf.strings.regex_replace(tf.strings.lower(t), r"[^a-z]", ""))
print(list(clean.as_numpy_iterator()))
@tf.function
def f(x):
    return tf.strings.regex_replace(x, "o", "0"), tf.strings.regex_full_match(x, ".*o.*")
print(f(tf.constant(["foo", "bar"])))
