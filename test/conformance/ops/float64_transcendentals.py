# float64 exp, log, tanh, sigmoid, erf, erfc, gelu and silu as TensorFlow's
# kernels compute them: 4-wide Eigen packets up to the last size % 4
# elements, the scalar functors (the C library's exp, log and tanh; Eigen's
# formulas for logistic, erf and erfc) after them. Printed in full.
import tensorflow as tf
import numpy as np
for n in [1, 3, 4, 7, 13]:
    base = tf.range(n, dtype=tf.float64)
    for name, fn, x in [
        ("exp", tf.exp, base * 7.3 - 40.1),
        ("exp_big", tf.exp, base * 3.1 + 700.0),
        ("exp_small", tf.exp, base * -3.7 - 705.0),
        ("log", tf.math.log, base * 13.7 + 0.013),
        ("log_small", tf.math.log, (base + 1.0) * 1e-300),
        ("tanh", tf.tanh, base * 0.37 - 2.2),
        ("tanh_big", tf.tanh, base * 3.0 - 19.0),
        ("sigmoid", tf.sigmoid, base * 1.3 - 8.0),
        ("erf", tf.math.erf, base * 0.41 - 2.7),
        ("erfc", tf.math.erfc, base * 1.9 - 9.1),
        ("gelu", tf.nn.gelu, base * 0.77 - 4.1),
        ("gelu_approx", lambda v: tf.nn.gelu(v, approximate=True), base * 0.77 - 4.1),
        ("silu", tf.nn.silu, base * 0.77 - 4.1),
    ]:
        print(name, n, [float(v) for v in fn(x).numpy()])
print(tf.sigmoid(tf.constant(-3.0, tf.float64)).numpy().item(), tf.math.erf(tf.constant(-3.0, tf.float64)).numpy().item())
print(tf.nn.gelu(tf.constant(-3.0, tf.float64)).numpy().item())
x = tf.constant(np.linspace(-3, 3, 11))
print([float(v) for v in tf.exp(x).numpy()], [float(v) for v in tf.tanh(x).numpy()])
