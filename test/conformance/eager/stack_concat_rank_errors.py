# Eager tf.stack and tf.concat of tensors of different ranks: Pack's kernel
# compares each whole shape with the first's, ConcatV2's names the first
# input of another rank.
import tensorflow as tf
for f, args in [(tf.stack, [tf.ones([2, 2]), tf.ones([2])]), (tf.stack, [tf.ones([2]), tf.ones([2]), tf.ones([2, 2])]), (tf.concat, [[tf.ones([2]), tf.ones([2]), tf.ones([2, 2])], 0])]:
    try:
        print(f(*args) if f is tf.concat else f(args))
    except tf.errors.InvalidArgumentError as e:
        print(e)
