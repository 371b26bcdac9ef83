# Python's random module: CPython's numbers for the same seed.
import random

random.seed(42)
print(random.random(), random.random())
print(random.randint(1, 6), random.randrange(10), random.randrange(5, 50, 5), random.randrange(10, 0, -3))
print(random.uniform(-1.0, 1.0), random.getrandbits(8), random.getrandbits(40))
xs = list(range(10))
random.shuffle(xs)
print(xs)
print(random.choice("abcdef"), random.choice([1.5, 2.5]), random.choice(range(100)))
print(random.sample(range(100), 5), random.sample(["a", "b", "c", "d"], 3), random.sample(range(1000), 10))
print(random.choices("xyz", k=5), random.choices([1, 2, 3], weights=[0.1, 0.1, 0.8], k=6))
print(random.choices("ab", cum_weights=[1, 10], k=4))
print(random.gauss(0.0, 1.0), random.gauss(0.0, 1.0), random.gauss(5.0, 2.0))
print(random.normalvariate(0.0, 1.0), random.expovariate(2.0))
rng = random.Random(7)
print(rng.random(), rng.randint(0, 100), random.Random(7).random())
for seed in [0, 1, -5, 2**40 + 1, 12345678901234]:
    random.seed(seed)
    print(seed, random.random(), random.randint(0, 10**9))
random.seed(3)
data = [(random.random(), i) for i in range(5)]
print(sorted(data)[0])
for bad in [lambda: random.choice([]), lambda: random.randrange(0), lambda: random.sample([1, 2], 3), lambda: random.randint(5, 1)]:
    try:
        bad()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)
