# random.randint and randrange over ranges as wide as 64 bits.
import random
lo, hi = -2**62 * 2, (2**62 - 1) + 2**62
random.seed(5)
print(random.randint(-2**62, 2**62), random.randint(lo, hi - 1), random.randrange(lo, hi, 7))
print(random.randint(0, 0), random.randrange(10, 0, -3), random.randrange(lo, 0), random.randrange(hi))
try:
    random.randint(5, 1)
except ValueError as e:
    print(e)
