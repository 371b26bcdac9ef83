# The __name__ == "__main__" guard, a main() function, module-level code order.
print('module level first, __name__ =', __name__)
def helper(x):
    return x * 2
def main():
    print('main running')
    for i in range(3):
        print('helper', i, helper(i))
    return 0
if __name__ == '__main__':
    status = main()
    print('main returned', status)
else:
    print('imported, not run')
print('after guard')
