# type() of TensorFlow's objects prints the module TensorFlow defines them
# in; messages name C extension types (EagerTensor, NumPy's) by their
# module-qualified names, as CPython's do.
import tensorflow as tf
import numpy as np

print(type(tf.constant(1)))
print(type(tf.Variable(1)))
print(type(tf.constant(1).shape), type(tf.float32), type(tf.TensorSpec([])))
print(type(tf.constant(1).numpy()), type(tf.constant([1]).numpy()), type(np.float32(1)))
@tf.function
def f(x):
    print(type(x))
    return x
f(tf.constant(1))
print(type(f))
print(type(f.get_concrete_function(tf.constant(1))))
print(type(tf.Module()), type(len), type(lambda: 1), type(None), type(...))
class A: pass
print(type(A()), A, type(A), A.__name__, A.__qualname__)
print(tf.Tensor, tf.Variable, tf.Module)
t = tf.constant([1.0])
a = np.array([1.0])
for label, fn in [("call", lambda: t()), ("fmt", lambda: f"{a:.2f}"), ("len", lambda: len(tf.constant(1.0).numpy())),
                  ("iter", lambda: iter(np.float32(1))), ("op", lambda: t @ "x"), ("call np", lambda: a()),
                  ("sub", lambda: np.float32(1)[0])]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
class M(tf.Module):
    pass
print(type(M()), M, type(tf.Module()))
