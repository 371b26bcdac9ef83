# heapq as a top-k and a priority queue of work items (the list's layout
# after each step is CPython's), and bisect for piecewise schedules and
# bucket boundaries over Python values taken from tensors.
import bisect
import heapq
import tensorflow as tf

scores = tf.constant([0.3, 0.9, 0.1, 0.7, 0.5, 0.8, 0.2])
heap = []
for i, s in enumerate(scores.numpy().tolist()):
    heapq.heappush(heap, (round(s, 1), i))
    print(heap)
print([heapq.heappop(heap) for _ in range(3)], heap)
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapq.heapify(data)
print(data)
print(heapq.heappushpop(data, -1), heapq.heappushpop(data, 4), data)
print(heapq.heapreplace(data, 10), data)
print(heapq.nlargest(3, [5, 1, 9, 3, 9]), heapq.nsmallest(2, "hello"))
print(heapq.nlargest(2, [("a", 2), ("b", 3), ("c", 3)], key=lambda t: t[1]))
print(heapq.nsmallest(10, [3, 1, 2]), heapq.nsmallest(0, [1]))
print(heapq.nlargest(2, tf.constant([4, 8, 6]).numpy().tolist()))
for bad in [lambda: heapq.heappop([]), lambda: heapq.heapreplace([], 1)]:
    try:
        bad()
    except IndexError as e:
        print("IndexError:", e)
for bad in [lambda: heapq.heappush((), 1), lambda: heapq.heapify("abc"),
            lambda: heapq.heappush([1], "a")]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


class Task:
    def __init__(self, priority, name):
        self.priority, self.name = priority, name

    def __lt__(self, other):
        return self.priority < other.priority

    def __repr__(self):
        return f"Task({self.priority}, {self.name!r})"


q = []
for p, n in [(3, "eval"), (1, "train"), (2, "save"), (1, "log")]:
    heapq.heappush(q, Task(p, n))
print(q)
print([heapq.heappop(q).name for _ in range(4)])

boundaries = [100, 200, 300]
rates = [1.0, 0.5, 0.1, 0.01]
for step in [0, 99, 100, 150, 200, 301, 1000]:
    print(step, bisect.bisect_left(boundaries, step),
          bisect.bisect_right(boundaries, step),
          rates[bisect.bisect(boundaries, step)])
xs = [1, 2, 2, 2, 3]
print(bisect.bisect_left(xs, 2), bisect.bisect_right(xs, 2),
      bisect.bisect_left(xs, 2, 2), bisect.bisect_right(xs, 2, 0, 2),
      bisect.bisect(xs, 2, hi=3), bisect.bisect_left(xs, 0, lo=1))
bisect.insort(xs, 2.5)
bisect.insort_left(xs, 2.0)
bisect.insort_right(xs, 0)
print(xs)
recs = [("a", 1), ("b", 3), ("c", 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]),
      bisect.bisect_right(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ("d", 4), key=lambda r: r[1])
print(recs)
edges = tf.constant([0.0, 0.25, 0.5, 0.75]).numpy().tolist()
print([bisect.bisect(edges, v) for v in [0.1, 0.5, 0.99, -1.0]])
try:
    bisect.bisect([1, 2], 1, -1)
except ValueError as e:
    print("ValueError:", e)
try:
    bisect.bisect([1, "a"], 2)
except TypeError as e:
    print("TypeError:", e)
