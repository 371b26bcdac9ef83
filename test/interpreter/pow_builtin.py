# pow(): two and three argument forms, int/float results, negative exponents.
print(pow(2, 10), pow(3, 0), pow(-3, 3), pow(-3, 2))
print(pow(2, -1), pow(4, -2), pow(2.5, 2))
print(pow(3, 4, 5), pow(2, 100, 1000), pow(7, 0, 3), pow(-2, 3, 5))
print(pow(10, 18), pow(2, 62))
print(pow(0, 0), pow(0.0, 0), pow(1, -5))
print(2 ** 10 == pow(2, 10))
base = 3
for e in range(6):
    print(e, base ** e, pow(base, e, 7))
print(pow(9, 0.5), pow(8, 1 / 3))
