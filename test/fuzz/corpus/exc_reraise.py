# Re-raising: bare raise inside except, raising a caught exception object, converting exceptions.
def parse(text):
    try:
        return int(text)
    except ValueError:
        print('parse failed for', repr(text), '- re-raising')
        raise
try:
    parse('12x')
except ValueError as e:
    print('caller got:', e)
print(parse('12'))
def convert():
    try:
        {}['missing']
    except KeyError as e:
        raise ValueError('converted: ' + str(e))
try:
    convert()
except ValueError as e:
    print(e)
saved = None
try:
    raise RuntimeError('saved for later')
except RuntimeError as e:
    saved = e
print(type(saved).__name__, saved)
try:
    raise saved
except RuntimeError as e:
    print('raised again:', e, e is saved)
class TransientError(Exception):
    pass
def retry(times):
    attempts = 0
    while True:
        try:
            attempts += 1
            if attempts < times:
                raise TransientError('attempt ' + str(attempts))
            return 'succeeded after ' + str(attempts)
        except TransientError as e:
            print('retrying after', e)
print(retry(3))
try:
    try:
        raise IndexError('original')
    except IndexError:
        try:
            raise
        finally:
            print('finally during re-raise')
except IndexError as e:
    print('outer', e)
