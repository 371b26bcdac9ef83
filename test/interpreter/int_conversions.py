# int() and float() conversions from strings, floats and bools.
print(int('42'), int('-17'), int('  12  '), int('+5'), int('007'))
print(int('1_000'), int('ff', 16), int('0x1f', 16), int('101', 2), int('z', 36))
print(int(3.99), int(-3.99), int(0.5), int(-0.5), int(1e10))
print(int(True), int(False))
print(float('3.5'), float('-2.5e3'), float('  1.25  '), float('10'))
print(float(7), float(-0), float(True))
print(float('inf'), float('-inf'), float('Infinity'))
print(float('1e400'), float('-1e400'))
print(str(42) + str(4.5), int(str(99)) + 1)
print(int(float('2.75')), float(int('3')))
values = ['0', '-0', '123456789', '  -42\n']
for v in values:
    print(repr(v), int(v))
for text in ['1.5', '.25', '1e-3', '-0.0', '3.']:
    print(repr(text), float(text))
