# list methods: append, extend, insert, pop, remove, index, count, reverse, clear, copy.
a = [3, 1, 4]
a.append(1)
print(a)
a.extend([5, 9])
print(a)
a.extend('ab')
print(a)
a.insert(0, 'start')
a.insert(-1, 'before-last')
a.insert(100, 'end')
print(a)
print(a.pop(), a.pop(0), a.pop(-2))
print(a)
a.remove(1)
print(a)
print(a.index(1), a.index(5), a.count(1), a.count('zzz'))
a.reverse()
print(a)
b = a.copy()
b.append('only in b')
print(len(a), len(b))
a.clear()
print(a, b[-1])
stack = []
for i in range(4):
    stack.append(i * i)
    print('push', stack)
while stack:
    print('pop', stack.pop(), stack)
queue = ['x', 'y', 'z']
while queue:
    print('dequeue', queue.pop(0))
nums = [1, 2, 3, 2, 1]
print(nums.index(2, 2), nums.count(2))
print(len(nums), 3 in nums, 7 not in nums)
r = nums.append(4)
print(r, nums)
