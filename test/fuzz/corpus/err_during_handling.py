# An exception raised inside an except block: the traceback shows both, chained ("During handling...").
def load(data, key):
    try:
        return data[key]
    except KeyError:
        print('key missing:', key)
        raise ValueError('cannot load ' + key)
def main():
    data = {'a': 1}
    print(load(data, 'a'))
    print(load(data, 'b'))
main()
