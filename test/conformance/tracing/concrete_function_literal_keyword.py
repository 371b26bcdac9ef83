# A concrete function traced for a Python argument refuses a call that
# passes another value for it, by keyword as by position.
import tensorflow as tf

@tf.function
def f(x, training):
    return x * 10.0 if training else x

cf = f.get_concrete_function(tf.constant(1.0), training=True)
print(cf(tf.constant(2.0)))
print(cf(tf.constant(2.0), training=True))
for call in [lambda: cf(tf.constant(2.0), training=False), lambda: cf(tf.constant(2.0), False)]:
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
