# Floor division and modulo with negative operands, divmod on ints and floats.
pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (6, 3), (-6, 3), (1, 10), (-1, 10)]
for a, b in pairs:
    print(a, b, a // b, a % b, divmod(a, b))
for a, b in pairs:
    q, r = divmod(a, b)
    print(a == q * b + r)
print(7.5 // 2, 7.5 % 2, divmod(7.5, 2))
print(-7.5 // 2, -7.5 % 2, divmod(-7.5, 2))
print(7.5 // -2, 7.5 % -2, divmod(7.5, -2))
print(7 // 2.0, -7 // 2.0, 7 % 2.5)
print(-0.5 % 1, 5 % -0.75)
print(divmod(100, 7), divmod(-100, 7))
print(-13 // 4, -13 % 4, 13 // -4, 13 % -4)
print(-1 // 1000000, -1 % 1000000)
