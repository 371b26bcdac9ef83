# Uncaught TypeError: a function called with a required positional argument missing.
def area(width, height):
    return width * height
def describe(w):
    print('width', w)
    return 'area ' + str(area(w))
def main():
    print(area(2, 3))
    print(describe(4))
main()
