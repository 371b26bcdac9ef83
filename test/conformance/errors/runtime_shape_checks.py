# Shapes known only at run time: size-1 dimensions broadcast, and shapes that do not fit raise TensorFlow's run-time errors.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
def add(a, b):
    return a + b

print(add(tf.constant([1.0, 2.0, 3.0]), tf.constant([10.0])))
print(add(tf.constant([1.0]), tf.constant([10.0, 20.0])))
print(add(tf.constant([1.0, 2.0]), tf.constant([10.0, 20.0])))

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([None], tf.float32)])
def add2(a, b):
    return a * b, tf.where(a > 1.0, a, b)

print(add2(tf.ones([2, 3]), tf.constant([1.0, 2.0, 3.0])))
print(add2(tf.ones([2, 1]), tf.constant([1.0, 2.0, 3.0])))

def attempt(f, *args):
    try:
        print(f(*args))
    except tf.errors.InvalidArgumentError as e:
        lines = e.message.splitlines()
        print(type(e).__name__, lines[0], "|", lines[-2])

attempt(add, tf.ones([3]), tf.ones([2]))

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def reshape(x):
    return tf.reshape(x, [2, 2])

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def reshape_pairs(x):
    return tf.reshape(x, [-1, 2])

attempt(reshape, tf.constant([1.0, 2.0, 3.0, 4.0]))
attempt(reshape, tf.constant([1.0, 2.0, 3.0]))
attempt(reshape_pairs, tf.constant([1.0, 2.0, 3.0, 4.0]))
attempt(reshape_pairs, tf.constant([1.0, 2.0, 3.0]))

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([None, None], tf.float32)])
def mm(a, b):
    return tf.matmul(a, b)

attempt(mm, tf.ones([2, 3]), tf.ones([3, 2]))
attempt(mm, tf.ones([2, 3]), tf.ones([2, 2]))

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([None, None], tf.float32)])
def cat(a, b):
    return tf.concat([a, b], 0), tf.stack([a, b])

attempt(cat, tf.ones([1, 3]), tf.ones([2, 3]))
attempt(cat, tf.ones([1, 3]), tf.ones([1, 2]))

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
def index(x, i):
    return x[i]

attempt(index, tf.constant([1.0, 2.0]), tf.constant(1))
attempt(index, tf.constant([1.0, 2.0]), tf.constant(-1))
attempt(index, tf.constant([1.0, 2.0]), tf.constant(5))
