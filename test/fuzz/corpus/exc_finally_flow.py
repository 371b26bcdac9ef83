# finally with control flow: runs on break, continue and return inside loops.
for i in range(5):
    try:
        if i == 1:
            print(i, 'continue')
            continue
        if i == 3:
            print(i, 'break')
            break
        print(i, 'body')
    finally:
        print(i, 'finally')
print('loop done')
def find(items, target):
    for idx, item in enumerate(items):
        try:
            if item == target:
                return idx
        finally:
            print('checked', item)
    return -1
print(find(['a', 'b', 'c'], 'b'))
print(find(['x'], 'z'))
n = 0
while True:
    try:
        n += 1
        if n < 3:
            continue
        break
    finally:
        print('while finally', n)
print('n =', n)
def nested_loops():
    for i in range(2):
        for j in range(3):
            try:
                if j == 1:
                    break
                print('pair', i, j)
            finally:
                print('inner finally', i, j)
    return 'done'
print(nested_loops())
