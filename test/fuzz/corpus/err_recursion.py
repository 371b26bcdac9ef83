# Uncaught RecursionError from unbounded recursion (CPython shortens the repeated frames).
def countdown(n):
    return countdown(n - 1)
def main():
    print('recursing forever')
    countdown(10)
main()
