# Uncaught IndexError: list index out of range inside a loop in a helper.
def nth(items, n):
    return items[n]
def walk(items):
    for i in range(len(items) + 1):
        print(i, nth(items, i))
print('walking')
walk(['a', 'b', 'c'])
