# Integer powers with a negative exponent fail as TensorFlow's Pow kernel
# does, eagerly and in compiled code; float powers do not.
import tensorflow as tf
for f in [lambda: tf.pow(tf.constant([1, 4]), -1), lambda: tf.constant([2, 3]) ** tf.constant([1, -2]),
          lambda: tf.pow(tf.constant([2.0]), -1), lambda: tf.constant([2, 3]) ** 2]:
    try:
        print(f())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", e)


@tf.function
def power(a, b):
    return a ** b


print(power(tf.constant([2, 3]), tf.constant([3, 0])))
try:
    print(power(tf.constant([2, 3]), tf.constant([1, -2])))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", str(e).splitlines()[0], str(e).splitlines()[-1].split(" [Op:")[0])
