# for/else and while/else: else runs only without break; empty loops; nested loops.
for n in [3, 5, 7]:
    if n % 2 == 0:
        print('found even', n)
        break
else:
    print('no even number found')
for n in [3, 4, 7]:
    if n % 2 == 0:
        print('found even', n)
        break
else:
    print('no even number found')
for n in []:
    print('never')
else:
    print('else after empty for')
i = 0
while i < 3:
    i += 1
else:
    print('while finished normally, i =', i)
i = 0
while True:
    i += 1
    if i == 2:
        break
else:
    print('never printed')
print('broke out at', i)
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, 'is prime')
def search(items, target):
    for i, item in enumerate(items):
        if item == target:
            return i
    else:
        return 'not found'
print(search('abc', 'c'), search('abc', 'z'))
k = 5
while k > 0:
    k -= 2
    if k == 10:
        break
else:
    print('while-else with k =', k)
