# tf.add_n's inputs must have one shape: shape inference's ValueError
# while tracing (merging each shape into the first's), the kernel's
# InvalidArgumentError eagerly; no broadcasting.
import tensorflow as tf
for a, b in [(tf.ones([2, 1]), tf.ones([1])), (tf.ones([2]), tf.ones([3])), (tf.ones([2, 3]), tf.ones([2, 1]))]:
    try:
        print(tf.add_n([a, b, a]))
    except Exception as e:
        print(type(e).__name__, e)
    @tf.function
    def f(a, b):
        return tf.add_n([a, b, a])
    try:
        print(f(a, b))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-2:])
