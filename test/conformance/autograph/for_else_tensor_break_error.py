# for ... else with a tensor-dependent break: AutoGraph cannot convert it; iterating a tensor fails.
import tensorflow as tf


@tf.function
def find_or_flag(v, target):
    found = tf.constant(-1)
    for i in tf.range(tf.size(v)):
        if v[i] == target:
            found = i
            break
    else:
        found = tf.constant(-100)
    return found


tf.print("stderr: before the first call")
print("calling find_or_flag")
print(find_or_flag(tf.constant([5, 6, 7]), tf.constant(6)))
print("not reached")
