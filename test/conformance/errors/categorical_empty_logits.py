# tf.random.categorical and stateless_categorical of logits whose sizes are
# known only at run time: no rows samples nothing, no classes is the
# kernel's error (kiln's compiled code divided by zero: SIGFPE).
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def f(x):
    return tf.random.stateless_categorical(x, 3, [1, 2])
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def g(x):
    return tf.random.categorical(x, 2, seed=1)
for fn, x in [(f, tf.zeros([0, 5])), (f, tf.zeros([2, 0])), (g, tf.zeros([0, 0])), (g, tf.zeros([0, 3])), (f, tf.zeros([0, 0]))]:
    try:
        print(fn(x))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-2])
for x in [tf.zeros([0, 5]), tf.zeros([2, 0]), tf.zeros([0, 0])]:
    try:
        print(tf.random.stateless_categorical(x, 3, [1, 2]))
    except Exception as e:
        print(type(e).__name__, e)
