# tf.strings.split and bytes_split of a scalar string give a vector of its
# pieces: on runs of whitespace by default, on each separator otherwise
# (empty pieces kept), at most maxsplit times; eagerly and in a function.
import tensorflow as tf

cases = [
    ("", {"sep": ","}),
    ("", {}),
    ("  a  b ", {}),
    ("  a  b c ", {"maxsplit": 1}),
    ("a,b,,c", {"sep": ",", "maxsplit": 2}),
    (",a,", {"sep": ","}),
    ("a<>b<>c", {"sep": "<>"}),
    ("a\tb\nc", {}),
    ("abc", {"sep": ""}),
    ("x y", {"maxsplit": 0}),
]
for s, kw in cases:
    print(repr(s), kw, tf.strings.split(tf.constant(s), **kw))
print(tf.strings.split("plain python str"))
print(tf.strings.split(tf.constant("x y"), sep=tf.constant(" ")))
print(tf.strings.bytes_split(tf.constant("")))
print(tf.strings.bytes_split("hé"))


@tf.function
def words(s):
    w = tf.strings.split(s)
    b = tf.strings.bytes_split(s)
    c = tf.strings.split(s, sep="o")
    print(w, b, c)
    return w, tf.size(w), tf.strings.upper(w[-1]), tf.size(b), c


print(words(tf.constant("the quick brown fox")))
print(words(tf.constant("  one  ")))

try:
    tf.strings.split(tf.constant("a"), sep=1)
except TypeError as e:
    print("TypeError", e)
try:
    tf.strings.split(tf.constant(1))
except ValueError as e:
    print("ValueError", e)


# The pieces' count is known only when the function runs: slices of them
# are resolved then.
@tf.function
def pieces(s, i):
    w = tf.strings.split(s)
    return w[1:], w[:-1], w[::2], w[i], w[-i:], tf.shape(w), tf.rank(w)


print(pieces(tf.constant("a b c d e"), tf.constant(2)))
print(pieces(tf.constant("x y"), tf.constant(1)))
try:
    pieces(tf.constant("x y"), tf.constant(5))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", str(e).splitlines()[0])
