# math's integer and float helpers.
import math

print(math.comb(10, 3), math.comb(5, 0), math.comb(3, 5), math.comb(60, 30))
print(math.perm(5, 2), math.perm(4), math.perm(3, 4))
print(math.lcm(4, 6), math.lcm(0, 5), math.lcm(), math.lcm(-4, 10, 3))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10**18))
print(math.frexp(8.0), math.frexp(-0.375), math.frexp(0.0))
print(math.ldexp(0.75, 4), math.ldexp(1.0, -1074))
print(math.modf(3.25), math.modf(-2.5), math.modf(float("inf")))
print(math.remainder(10.0, 3.0), math.remainder(-7.0, 2.0))
print(math.nextafter(1.0, 2.0), math.nextafter(0.0, -1.0))
print(math.ulp(1.0), math.ulp(0.0), math.ulp(1e300))
print(math.cbrt(27.0), math.cbrt(-8.0), math.exp2(10), math.exp2(-1.5))
for bad in [lambda: math.comb(-1, 2), lambda: math.isqrt(-4), lambda: math.remainder(1.0, 0.0)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
