# Float repr/str: shortest round-trip digits, exponent formats, integral floats.
print(0.1 + 0.2)
print(0.1, 0.2, 0.3)
print(1.0, 2.5, -3.75)
print(1e16, 1e15, 123456789012345678.0)
print(1e-5, 1e-4, 0.0001234)
print(1.5e300, -2.5e-300)
print(1 / 3, 2 / 3, 10 / 3)
print(100.0, 1e22, 1e23)
print(0.1 * 3, 1.1 * 1.1)
print(3.14159, 2.718281828459045)
print(float(2 ** 53), float(2 ** 53 + 1))
print(5e-324, 1.7976931348623157e308)
print(repr(0.5), str(0.5), repr(1e100))
print([0.1, 0.25, 1e-7], (1.0,))
x = 0.0
for i in range(10):
    x += 0.1
    print(i, x)
print(x == 1.0, round(x, 10) == 1.0)
print(123.456, -0.001, 12345678.9)
print(9007199254740993.0, 0.3 - 0.1)
