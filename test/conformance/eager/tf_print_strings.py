# tf.print of string tensors and Python values (stderr), with sep= and end=.
import tensorflow as tf

tf.print(tf.constant("scalar"), tf.constant(["x", "y"]), "python str", 3, [1, 2], {"a": 1}, sep=", ")
print("strings printed by tf.print")
tf.print("a", "b", "c", sep="-", end="!\n")
