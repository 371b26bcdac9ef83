# Assignment forms: chained, subscript and attribute targets, nested targets, evaluation order.
a = b = c = []
a.append(1)
print(a, b, c, a is c)
x = y = 5
y += 1
print(x, y)
data = {'list': [0, 0, 0]}
data['list'][1] = 'middle'
data['new'] = data['list']
print(data)
class Node:
    def __init__(self, value):
        self.value = value
        self.next = None
head = Node(1)
head.next = Node(2)
head.next.next = Node(3)
head.next.value = 20
n = head
values = []
while n is not None:
    values.append(n.value)
    n = n.next
print(values)
grid = [[0] * 3 for _ in range(3)]
for i in range(3):
    grid[i][i] = 1
    grid[i][2 - i] += 2
print(grid)
pair = [None, None]
pair[0], pair[1] = 'left', 'right'
print(pair)
obj = Node(0)
obj.value, obj.next = 'v', 'n'
print(obj.value, obj.next)
i = 0
arr = [10, 20, 30]
i, arr[i] = 2, 99
print(i, arr)
m = {}
m['a'] = m['b'] = 0
print(m)
(p, q), [r, s] = 'pq', (1, 2)
print(p, q, r, s)
