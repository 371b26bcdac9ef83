# Setting a property of a tf.Variable or an EagerTensor is the AttributeError
# of a property without a setter.
import tensorflow as tf
v = tf.Variable(1.0)
t = tf.constant(1.0)
for obj, a in [(v, "trainable"), (v, "name"), (v, "dtype"), (v, "shape"), (t, "dtype"), (t, "shape")]:
    try:
        setattr(obj, a, 5)
        print(a, "ok")
    except AttributeError as e:
        print("AttributeError:", e)
