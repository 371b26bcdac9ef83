# A Python number beside a tensor of another dtype: `+` and tf.add convert
# it with the tensor's dtype as a hint only (AddV2 then rejects the
# pair); op construction while tracing converts tf.add(x, y)'s Python x in
# its own dtype.
import tensorflow as tf
x = tf.constant([1, 2])
d = tf.constant([1.0, 2.0], tf.float64)
def run(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1])
run("int+1.5", lambda: x + 1.5)
run("int*2.0", lambda: x * 2.0)
run("1.5+int", lambda: 1.5 + x)
run("add(1.5,f64)", lambda: tf.add(1.5, d))
run("f64+1.5", lambda: d + 1.5)
run("1.5+f64", lambda: 1.5 + d)
run("pow(1.7,f64)", lambda: tf.pow(1.7, d))
run("max(1.5,f64)", lambda: tf.maximum(1.5, d))
run("sub(1,f64)", lambda: tf.subtract(1, d))
@tf.function
def g(a):
    return a + 1.5
@tf.function
def h(a):
    return tf.add(1.5, a)
@tf.function
def k(a):
    return tf.pow(1.7, a)
run("fn int+1.5", lambda: g(x))
run("fn add(1.5,f64)", lambda: h(d))
run("fn pow(1.7,f64)", lambda: k(d))
