# A small program kiln runs exactly as CPython does.
def fibonacci(n):
    """Returns the first n Fibonacci numbers."""
    a, b = 0, 1
    out = []
    for _ in range(n):
        out.append(a)
        a, b = b, a + b
    return out


class Stats:
    def __init__(self, values):
        self.values = values

    def mean(self):
        return sum(self.values) / len(self.values)

    def __repr__(self):
        return f"Stats(n={len(self.values)}, mean={self.mean():.3f})"


if __name__ == "__main__":
    fib = fibonacci(12)
    print(fib)
    print(Stats(fib))
    print({n: n % 3 for n in fib[:6]})
    try:
        fibonacci(3)[5]
    except IndexError as e:
        print("IndexError:", e)
