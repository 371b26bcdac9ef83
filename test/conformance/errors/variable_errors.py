# Wrong uses of tf.Variable: TensorFlow's exception types and messages.
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
c = tf.Variable(0)


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[-1].strip())


show(lambda: v.assign([1.0, 2.0]))
show(lambda: v.assign_add(1.0))
show(lambda: v.assign_add(tf.constant([1.0])))
show(lambda: v.assign(tf.constant([1, 2, 3])))
show(lambda: c.assign(2.5))
show(lambda: tf.Variable(tf.zeros([2]), dtype=tf.float64))
show(lambda: tf.Variable())
show(lambda: {v: 1})
print(v, c)


@tf.function
def assign_wrong_shape(x):
    v.assign(x)
    return v.read_value()


show(lambda: assign_wrong_shape(tf.constant([1.0, 2.0])))
print(assign_wrong_shape(tf.constant([5.0, 6.0, 7.0])))


@tf.function
def make_variable():
    u = tf.Variable(2.0)
    return u + 1.0


show(lambda: make_variable())


@tf.function
def numpy_in_graph():
    return v.numpy()


show(lambda: numpy_in_graph())
print(v)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def bump(x):
    v.assign_add(x)
    return v.read_value()


print(bump(tf.constant([1.0, 1.0, 1.0])))
try:
    bump(tf.constant([1.0, 1.0]))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2])
print(v)
