# Integer arithmetic: + - * / // % ** unary minus/plus, precedence and parentheses.
a = 17
b = 5
print(a + b, a - b, a * b)
print(a / b)
print(a // b, a % b)
print(a ** 2, b ** 3)
print(-a, +a, -(-a))
print(2 + 3 * 4, (2 + 3) * 4)
print(2 ** 3 ** 2, (2 ** 3) ** 2)
print(-2 ** 2, (-2) ** 2)
print(10 - 4 - 3, 100 // 10 // 3)
print(7 * -1, -7 * -1)
print(6 / 3, 1 / 4, 10 / 4)
print(0 ** 0, 1 ** 100, 0 * 12345)
print(1 + 2 * 3 - 4 // 2 + 10 % 4)
total = 0
for i in range(1, 11):
    total = total + i * i
    print(i, total)
print("sum of squares:", total)
x = 12345
digits = []
while x > 0:
    digits.append(x % 10)
    x = x // 10
print(digits)
print(abs(-42), abs(0), abs(42))
print(max(3, 9, -2), min(3, 9, -2))
print(3 == 3, 3 != 4, 3 < 4, 4 <= 4, 5 > 6, 5 >= 6)
print(type(7 // 2).__name__, type(7 / 2).__name__)
