# f-strings: expressions, !r / !s conversions, nested quotes, braces escapes, method calls.
name = 'World'
n = 42
items = ['a', 'b']
d = {'key': 'value', 'n': 3}
print(f'Hello, {name}!')
print(f'{n} + 1 = {n + 1}', f'{n * 2}', f'{n // 5}')
print(f'{name!r} {name!s} {items!r} {n!r}')
print(f"{d['key']} {d['n'] * 2}")
print(f'{"inner double"} and {len("abc")}')
print(f'{{literal braces}} {{{n}}}')
print(f'{items} {items[0]} {len(items)}')
print(f'{name.upper()} {name.lower()[::-1]}')
print(f'{3.5} {1 / 3} {True} {None}')
print(f'{"yes" if n > 10 else "no"}')
x = 10
y = 3
print(f'{x}/{y} = {x / y}')
print(f'{x:>5}|{y:<5}|')
print(f'''triple {name}''', F'capital {n}')
tab = 'tab\there'
print(f'{"é"!r} {tab!r} {tab}')
rows = [('ann', 31), ('bob', 7)]
for who, age in rows:
    print(f'{who} is {age} year{"s" if age != 1 else ""} old')
