# Conditional expressions: simple, nested, inside calls, comprehensions and lambdas.
for n in range(-2, 3):
    sign = 'neg' if n < 0 else 'zero' if n == 0 else 'pos'
    print(n, sign)
x = 7
print('odd' if x % 2 else 'even')
print([i if i % 3 else '*' for i in range(10)])
label = lambda v: 'big' if v > 100 else 'small'
print(label(5), label(500))
print(max(1, 2) if True else min(1, 2))
y = (10 if x > 5 else 20) + 1
print(y)
print(len('abc' if x else 'abcdef'))
def grade(score):
    return 'A' if score >= 90 else 'B' if score >= 80 else 'C' if score >= 70 else 'F'
for s in [95, 85, 75, 65, 90, 80]:
    print(s, grade(s))
print(None if 0 else 'fallback', [] if [] else [0])
