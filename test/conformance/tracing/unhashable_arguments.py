# Arguments TensorFlow can build no TraceType for: a set (also inside a
# dict), and an object whose class defines __eq__ without __hash__. An
# object with both is fine.
import tensorflow as tf


class OnlyEq:
    def __eq__(self, other):
        return True


class EqAndHash:
    def __eq__(self, other):
        return isinstance(other, EqAndHash)

    def __hash__(self):
        return 7


@tf.function
def f(x):
    print("tracing")
    return tf.constant(1)


for arg in [{1, 2}, {"k": [1, 2], "z": {3}}, OnlyEq()]:
    try:
        f(arg)
    except TypeError as e:
        text = str(e)
        print(text.replace(repr(arg), "ARG") if isinstance(arg, OnlyEq) else text)
a = EqAndHash()
print(f(a), f(a))
print(f.experimental_get_tracing_count())
