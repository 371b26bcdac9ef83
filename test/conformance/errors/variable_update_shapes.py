# Shape errors of variable updates inside a tf.function: assign_add and
# assign_sub's shape function while tracing, assign's static check, and the
# AssignVariableOp kernel's check of a value known at run time only.
import tensorflow as tf
v = tf.Variable([1.0, 2.0, 3.0])
w = tf.Variable(tf.ones([2, 3]))
@tf.function
def step(d):
    v.assign_add(d)
@tf.function
def step2(d):
    w.assign_sub(d)
@tf.function
def step3(d):
    x = v * 2
    v.assign(d)
@tf.function
def step4(d):
    w.assign(d)
for f, a in [(step, [1.0, 1.0]), (step2, tf.ones([3, 2])), (step2, tf.ones([3])), (step3, [1.0, 2.0]), (step4, tf.ones([2]))]:
    try:
        f(tf.constant(a))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
@tf.function(input_signature=[tf.TensorSpec([None])])
def step5(d):
    v.assign(d)
try:
    step5(tf.constant([1.0, 1.0]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-2])
step5(tf.constant([5.0, 6.0, 7.0]))
print(v.numpy())
