# Appending to a Python list in a staged loop appends once (at trace time); using it leaks a tensor.
import tensorflow as tf


@tf.function
def collect(n):
    items = []
    for i in tf.range(n):
        items.append(i * 2)
    print("trace: list length after loop:", len(items))
    return tf.stack(items)


try:
    print(collect(tf.constant(3)))
except ValueError as e:
    print("error type:", type(e).__name__)
