# Uncaught TypeError: unsupported operand types for + between int and str.
def add_all(items):
    total = 0
    for item in items:
        total = total + item
        print('running total', total)
    return total
def main():
    print(add_all([1, 2, 3]))
    print(add_all([4, '5', 6]))
main()
