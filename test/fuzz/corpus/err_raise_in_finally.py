# An exception raised inside a finally block after a normal return path.
def cleanup(resource):
    try:
        print('using', resource)
        return 'done'
    finally:
        print('cleaning up', resource)
        if resource == 'bad':
            raise RuntimeError('cleanup failed for ' + resource)
def main():
    print(cleanup('good'))
    print(cleanup('bad'))
main()
