# Uncaught AttributeError on None returned by a function that forgot to return.
def find(items, target):
    for item in items:
        if item.startswith(target):
            return item
def shout(items, target):
    found = find(items, target)
    print('found', found)
    return found.upper()
print(shout(['apple', 'banana'], 'ba'))
print(shout(['apple', 'banana'], 'ch'))
