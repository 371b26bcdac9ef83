# break, continue, pass in for and while loops, nested loops, loops over various iterables.
for i in range(10):
    if i % 2:
        continue
    if i > 6:
        break
    print('even', i)
i = 0
while i < 10:
    i += 1
    if i < 8:
        continue
    print('late', i)
for ch in 'ab':
    pass
print('pass leaves ch =', ch)
for i in range(3):
    for j in range(3):
        if j > i:
            break
        print(i, j)
count = 0
while True:
    count += 1
    if count >= 4:
        break
print('count', count)
for key in {'x': 1, 'y': 2}:
    print('key', key)
for item in (1, 'two', 3.0):
    print('item', item)
for i in range(10, 0, -3):
    print('down', i)
total = 0
for n in range(100):
    if n % 7 != 0:
        continue
    total += n
print('sum of multiples of 7:', total)
if True:
    pass
else:
    print('never')
def empty():
    pass
class Nothing:
    pass
print(empty(), type(Nothing()).__name__)
lst = [1, 2, 3]
for x in lst:
    if x == 2:
        lst.append(99)
    if len(lst) > 5:
        break
print(lst)
