import tensorflow as tf


@tf.function
def f():
    return tf.reduce_sum(tf.ones([1] * 2000) * 2)


try:
    f()
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-1].strip())
deep = 1
for i in range(300):
    deep = [deep]
try:
    tf.constant(deep)
except ValueError as e:
    print(e)
cyclic = []
cyclic.append(cyclic)
try:
    tf.constant(cyclic)
except RecursionError as e:
    print(type(e).__name__, e)
print(tf.ones([1] * 254).shape.rank)
