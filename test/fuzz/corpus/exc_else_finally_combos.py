# try/except/else/finally in all combinations, with and without an exception.
def run(should_raise):
    print('--- run', should_raise)
    try:
        print('try')
        if should_raise:
            raise ValueError('x')
    except ValueError:
        print('except')
    else:
        print('else')
    finally:
        print('finally')
    print('after')
run(False)
run(True)
def try_else(flag):
    try:
        n = 10 // flag
    except ZeroDivisionError:
        return 'except path'
    else:
        return 'else path ' + str(n)
print(try_else(0), try_else(5))
def try_except_finally(flag):
    out = []
    try:
        out.append('try')
        if flag:
            raise KeyError(flag)
    except KeyError:
        out.append('except')
    finally:
        out.append('finally')
    return out
print(try_except_finally(False), try_except_finally('k'))
def else_raises():
    try:
        pass
    except ValueError:
        print('not here')
    else:
        raise ValueError('raised in else is not caught by the same try')
    finally:
        print('finally after else raise')
try:
    else_raises()
except ValueError as e:
    print('outer:', e)
def except_raises():
    try:
        raise KeyError('first')
    except KeyError:
        raise TypeError('second')
    finally:
        print('finally after except raise')
try:
    except_raises()
except TypeError as e:
    print('outer:', e)
for i in range(3):
    try:
        if i == 1:
            continue
        print('body', i)
    except Exception:
        pass
    else:
        print('else', i)
    finally:
        print('finally', i)
