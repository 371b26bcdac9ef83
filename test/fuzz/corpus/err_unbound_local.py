# Uncaught UnboundLocalError: a local read before its assignment shadows the global.
counter = 5
def bump():
    print('bumping, global counter is visible only if not assigned')
    counter = counter + 1
    return counter
def main():
    print('main')
    bump()
main()
