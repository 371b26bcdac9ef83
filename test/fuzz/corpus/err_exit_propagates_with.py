# An exception propagating through a with block whose __exit__ does not suppress it.
class Guard:
    def __enter__(self):
        print('enter guard')
        return self
    def __exit__(self, exc_type, exc, tb):
        print('exit guard with', exc_type.__name__ if exc_type else None)
        return False
def risky(n):
    with Guard():
        print('dividing by', n)
        return 10 // n
def main():
    print(risky(5))
    print(risky(0))
main()
