# An eager tf.while_loop with a negative maximum_iterations runs no
# iteration (i < maximum_iterations never holds); 0 and 2 for comparison.
import tensorflow as tf
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j), (0, 5.), maximum_iterations=-1))
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j), (0, 5.), maximum_iterations=0))
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2), (0, 5.), maximum_iterations=2))
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2), (0, 5.), maximum_iterations=tf.constant(-3)))
print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]))
