# del of names, list items, slices, dict keys and attributes; NameError after del.
x = 10
y = [1, 2, 3]
print(x, y)
del x
try:
    print(x)
except NameError as e:
    print('NameError:', e)
a, b, c = 1, 2, 3
del a, b
print(c)
nums = list(range(6))
del nums[0]
print(nums)
del nums[-2:]
print(nums)
del nums[::2]
print(nums)
d = {'k1': 1, 'k2': 2, 'k3': 3}
del d['k2']
print(d)
try:
    del d['nope']
except KeyError as e:
    print('KeyError:', e)
class Box:
    def __init__(self):
        self.content = 'stuff'
        self.label = 'box'
box = Box()
print(hasattr(box, 'content'))
del box.content
print(hasattr(box, 'content'), box.label)
try:
    box.content
except AttributeError as e:
    print('AttributeError:', e)
matrix = [[1, 2], [3, 4]]
del matrix[0][1]
print(matrix)
alias = y
del y
print(alias)
def local_del():
    v = 'temp'
    del v
    v = 'rebound'
    return v
print(local_del())
x = 'defined again'
print(x)
