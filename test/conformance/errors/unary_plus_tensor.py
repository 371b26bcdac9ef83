# Tensors and variables have no unary +: TypeError, naming the type as
# CPython does (EagerTensor's full name), eagerly and while tracing.
import tensorflow as tf


@tf.function
def plus(x):
    return +x


for f in [lambda: +tf.constant(3), lambda: plus(tf.constant(2.0)),
          lambda: +tf.Variable(1.0)]:
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", str(e).splitlines()[-1].strip())
print(-tf.constant(3), ~tf.constant(3), abs(tf.constant(-2)))
