# Uncaught AssertionError without a message: the last traceback line is just the class name.
def check_sorted(items):
    for i in range(1, len(items)):
        assert items[i - 1] <= items[i]
    return True
def main():
    print(check_sorted([1, 2, 3]))
    print(check_sorted([3, 1]))
main()
