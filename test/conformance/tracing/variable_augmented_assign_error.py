# Augmented assignment to a tf.Variable (+=, -=, *=, /=, **=) is
# TensorFlow's RuntimeError pointing at assign_add and friends; other
# operators rebind the name to a tensor.
import tensorflow as tf
v = tf.Variable(2.0)
for thunk in ["v += 1", "v -= 1", "v *= 2", "v /= 2", "v **= 2"]:
    try:
        if thunk == "v += 1":
            v += 1
        elif thunk == "v -= 1":
            v -= 1
        elif thunk == "v *= 2":
            v *= 2
        elif thunk == "v /= 2":
            v /= 2
        else:
            v **= 2
    except RuntimeError as e:
        print(e)
w = tf.Variable(5)
w //= 2
print(w)

@tf.function
def f():
    u = v
    u -= 1.0
    return u
try:
    f()
except RuntimeError as e:
    print("in function:", str(e).strip().splitlines()[-1].strip())
