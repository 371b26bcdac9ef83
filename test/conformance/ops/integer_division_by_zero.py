# Integer floor division and modulo by zero fail as TensorFlow's kernels do:
# eagerly with the kernel's InvalidArgumentError, inside a function when
# the compiled code runs (float division gives inf).
import tensorflow as tf
x = tf.constant([7, 8])
for f in [lambda: x // 0, lambda: x % 0, lambda: x // tf.constant([1, 0]), lambda: tf.math.floordiv(x, 0)]:
    try:
        print(f())
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", str(e).splitlines()[0])
print(x // 3, x % 3, tf.constant(7.0) // 0.0)

@tf.function
def div(a, b):
    return a // b, a % b

print(div(x, tf.constant([2, 3])))
try:
    print(div(x, tf.constant([2, 0])))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", str(e).splitlines()[0])
