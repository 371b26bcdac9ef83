# Uncaught ZeroDivisionError raised two calls deep: traceback with three frames, exit 1.
def average(values):
    total = sum(values)
    print('total', total, 'count', len(values))
    return total / len(values)
def report(groups):
    for name in groups:
        print(name, average(groups[name]))
print('start')
report({'a': [1, 2, 3], 'b': [10], 'empty': []})
print('not reached')
