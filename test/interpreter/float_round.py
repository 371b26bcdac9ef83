# round(): banker's rounding, ndigits positive/negative/zero, return types.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 2.4, 2.6, -2.6]:
    print(v, round(v))
print(round(2.675, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2))
print(round(3.14159, 3), round(3.14159, 0), round(3.14159, 1))
print(round(1234.5678, -2), round(1250, -2), round(1350, -2), round(-1250, -2))
print(round(15, -1), round(25, -1), round(7), round(-7))
print(type(round(2.5)).__name__, type(round(2.5, 0)).__name__, type(round(7, 1)).__name__)
print(round(1e16 + 0.5), round(123.456, 5))
print(round(0.1 + 0.2, 2), round(-0.0001, 3))
x = 10 / 3
for nd in range(5):
    print(nd, round(x, nd))
