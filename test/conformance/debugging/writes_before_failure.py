# A function call that fails at run time keeps the variable writes that
# did not need the failed op (TensorFlow runs them; it has no
# transaction), and drops the ones that did.
import tensorflow as tf

v = tf.Variable(0.0)


@tf.function
def add_checked(x):
    v.assign_add(x)
    tf.debugging.assert_non_negative(v)
    return v


print(add_checked(tf.constant(2.0)))
for x in [-5.0, 1.0]:
    try:
        add_checked(tf.constant(x))
    except tf.errors.InvalidArgumentError:
        print("caught")
    print(v.numpy())

w = tf.Variable(1.0)


@tf.function
def step(lr):
    tf.debugging.assert_greater(lr, 0.0)
    w.assign_sub(lr)
    return w


try:
    step(tf.constant(-0.5))
except tf.errors.InvalidArgumentError:
    print("caught")
print(w.numpy())

count = tf.Variable(0)
picked = tf.Variable(0)


@tf.function
def pick(i):
    count.assign_add(1)
    z = tf.gather(tf.constant([1, 2, 3]), i)
    picked.assign(z)
    return z


for i in [1, 5]:
    try:
        pick(tf.constant(i))
    except tf.errors.InvalidArgumentError:
        print("caught")
    print(count.numpy(), picked.numpy())
