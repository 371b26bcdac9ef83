# Exact int/float comparison and int true division past 2^53, -inf powers,
# three-argument pow (inverses, moduli 1 and negative), round() with huge
# ndigits.
print(9007199254740993 == 9007199254740992.0, 9007199254740993 > 9007199254740992.0)
print(9007199254740992.0 < 9007199254740993, 2 ** 62 == float(2 ** 62), 1 == 1.0, 2 < 2.5, -3 > -3.5)
print(float("nan") == 1, 1 < float("nan"), 1 < float("inf"), -(2 ** 62) * 2 == -9.223372036854775808e18)
print(9223372036854775807 < 9.223372036854775808e18, 5 >= 5.0, True == 1.0)
print((2 ** 53 + 1) / 3, 9007199254740993 / 7, -(2 ** 62) / 3, 9223372036854775807 / (2 ** 62 + 1), 7 / 2, -1 / 3)
print(1 / (2 ** 62 + 1), (2 ** 60 + 1) / (2 ** 60 - 1), 0 / -(2 ** 60), 10 ** 18 / 10 ** 17)
print(float("-inf") ** 0.5, float("-inf") ** -0.5, float("-inf") ** 2, float("-inf") ** 3)
print(pow(0, 0, 1), pow(5, 0, 1), pow(3, -1, 7), pow(3, -2, 7), pow(2, 10, -7), pow(-2, 3, 5), pow(2, -1, -7), pow(5, 0, -1))
try:
    pow(2, -1, 4)
except ValueError as e:
    print(e)
print(round(5.5, 2 ** 62), round(5.5, 9223372036854775807), round(-5.5, -(2 ** 62)), round(123.456, -1), round(2.675, 2), round(5.5, 400))
