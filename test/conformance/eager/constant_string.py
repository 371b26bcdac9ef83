# tf.constant with strings: str and bytes inputs, vectors, non-ASCII bytes.
import tensorflow as tf

a = tf.constant("hello")
print(a)
print(a.dtype)
b = tf.constant(["a", "bc", ""])
print(b)
c = tf.constant([[b"x", b"y"], [b"zz", b"w"]])
print(c)
print(a.numpy())
print(b.numpy())
d = tf.constant("caf\u00e9")
print(d)
print(d.numpy().decode("utf-8"))
print(tf.constant("it's \"quoted\""))
