# Recursion: factorial, fibonacci with memo dict, gcd, hanoi, permutations, flatten, moderate depth.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print([fact(n) for n in range(8)], fact(20))
memo = {}
def fib(n):
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    memo[n] = fib(n - 1) + fib(n - 2)
    return memo[n]
print([fib(n) for n in range(15)], fib(90))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append((n, src, dst))
    hanoi(n - 1, via, dst, src, moves)
moves = []
hanoi(3, 'A', 'C', 'B', moves)
for m in moves:
    print(m)
print(len(moves))
def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    result = []
    for i in range(len(items)):
        for p in permutations(items[:i] + items[i + 1:]):
            result.append([items[i]] + p)
    return result
print(permutations([1, 2, 3]))
def flatten(x):
    if not isinstance(x, list):
        return [x]
    out = []
    for item in x:
        out.extend(flatten(item))
    return out
print(flatten([1, [2, [3, [4]], 5], [[6]]]))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(3))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
