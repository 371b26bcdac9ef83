# Assigning a value that does not broadcast to a variable's slice:
# StridedSliceAssignOp's message, the op named in the slice's scope.
import tensorflow as tf
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
try:
    v[0, :].assign([9.0, 9.0, 9.0])
except tf.errors.InvalidArgumentError as e:
    print(e)
v[0, :].assign([7.0])
v[:, 1].assign(5.0)
print(v.numpy())
with tf.name_scope("outer"):
    try:
        v[1].assign([1.0, 2.0, 3.0])
    except tf.errors.InvalidArgumentError as e:
        print(e)
