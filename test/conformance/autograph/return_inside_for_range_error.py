# A return inside a staged for loop (with no value defined before the loop) is refused by AutoGraph.
import tensorflow as tf


@tf.function
def index_of(v, target):
    for i in tf.range(tf.size(v)):
        if v[i] == target:
            return i
    return tf.constant(-1)


print("calling index_of")
print(index_of(tf.constant([4, 7, 7, 2]), tf.constant(7)))
print("not reached")
