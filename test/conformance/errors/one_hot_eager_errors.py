# tf.one_hot's eager kernel errors end with "[Op:OneHot]", and with " name: "
# only when the indices are a tensor (Python lists take the other path).
import tensorflow as tf
for f in (lambda: tf.one_hot([1.0], 3), lambda: tf.one_hot([1], -1),
          lambda: tf.one_hot([1], 3, axis=5),
          lambda: tf.one_hot(tf.constant([1]), 3, axis=5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, repr(str(e)[-40:]))
