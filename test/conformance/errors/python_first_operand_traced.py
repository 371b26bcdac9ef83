# tf.maximum(0, x) and the other binary ops with a Python first operand:
# eagerly it takes the tensor's dtype (tf.add aside); while tracing, op
# construction converts it in its own dtype, and a float32 x is then a
# TypeError.
import tensorflow as tf

f32 = tf.constant([1.5, -2.0])


def run(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1][:150])


@tf.function
def max_int(a):
    return tf.maximum(0, a)


@tf.function
def max_float(a):
    return tf.maximum(0.5, a)


@tf.function
def sub_int(a):
    return tf.subtract(0, a)


@tf.function
def pow_float(a):
    return tf.pow(0.5, a)


run("graph maximum(0, f32)", lambda: max_int(f32))
run("graph maximum(0.5, f32)", lambda: max_float(f32))
run("graph subtract(0, f32)", lambda: sub_int(f32))
run("graph pow(0.5, f32)", lambda: pow_float(f32))
for name, op in {"maximum": tf.maximum, "subtract": tf.subtract, "add": tf.add,
                 "multiply": tf.multiply, "pow": tf.pow}.items():
    run("eager 0 %s f32" % name, lambda: op(0, f32))
    run("eager 0.5 %s f16" % name, lambda: op(0.5, tf.cast(f32, tf.float16)))
