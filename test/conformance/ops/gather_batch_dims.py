# tf.gather with batch_dims=1 along axis 1 (each batch row gathers from its
# own row); an index outside its row is an error, not the next row's value.
import tensorflow as tf
p = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.gather(p, [[1], [2]], axis=1, batch_dims=1))
print(tf.gather(p, [[2, 0, 1], [1, 1, 0]], batch_dims=1))
print(tf.gather(tf.reshape(tf.range(6.0), [2, 3]), [2, 0], batch_dims=1))

@tf.function
def pick(x, i):
    return tf.gather(x, i, batch_dims=1)

print(pick(tf.reshape(tf.range(6.0), [2, 3]), tf.constant([[0, 2], [1, 1]])))
try:
    pick(tf.reshape(tf.range(6.0), [2, 3]), tf.constant([[0, 3], [1, 1]]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")
