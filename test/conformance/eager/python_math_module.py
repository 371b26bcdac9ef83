# Python's math module: constants, libm functions with CPython's domain and
# range errors, integer results of floor/ceil/trunc, isclose, fsum.
import math

import tensorflow as tf
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.sqrt(2), math.exp(1.5), math.log(10), math.log(8, 2), math.log2(10), math.log10(1000), math.log1p(1e-10))
print(math.sin(1), math.cos(1), math.tan(0.5), math.atan(1), math.atan2(1, -1), math.tanh(0.5), math.asin(0.5))
print(math.floor(2.7), math.ceil(2.1), math.floor(-2.5), math.trunc(-2.7), math.floor(3), type(math.floor(2.5)).__name__)
print(math.pow(2, 10), math.fabs(-3), math.hypot(3, 4), math.fmod(7.5, 2), math.copysign(1, -0.0))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1, 1.05, rel_tol=0.1), math.isinf(1e308 * 10), math.isfinite(1.0))
print(math.degrees(math.pi), math.radians(180), math.factorial(10), math.gcd(12, 18), math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.erf(0.5), math.erfc(0.5), math.expm1(1e-5), math.cosh(1), math.sinh(1))
lr = [0.1 * 0.5 * (1 + math.cos(math.pi * step / 10)) for step in range(0, 11, 5)]
print(lr)
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.exp(1000), lambda: math.floor(math.inf), lambda: math.factorial(-1)]:
    try:
        print(bad())
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
print(math.sqrt(tf.constant(4.0)), math.exp(tf.constant(1.0)), math.floor(tf.constant(2.5)))
