# Messages of common built-in exceptions, caught and printed (type name and str(e)).
def attempt(label, fn):
    try:
        result = fn()
        print(label, 'ok', repr(result))
    except Exception as e:
        print(label, type(e).__name__ + ':', e)
class Thing:
    def method(self, a):
        return a
def one_arg(x):
    return x
attempt('div', lambda: 1 / 0)
attempt('floordiv', lambda: 1 // 0)
attempt('mod', lambda: 1 % 0)
attempt('float div', lambda: 1.0 / 0)
attempt('add int str', lambda: 1 + 'a')
attempt('add str int', lambda: 'a' + 1)
attempt('mul list list', lambda: [1] * [2])
attempt('sub str', lambda: 'a' - 'b')
attempt('compare', lambda: 1 < 'a')
attempt('len int', lambda: len(5))
five = 5
attempt('call int', lambda: five())
attempt('subscript int', lambda: five[0])
attempt('int parse', lambda: int('abc'))
attempt('int parse float text', lambda: int('1.5'))
attempt('float parse', lambda: float('x1'))
attempt('list index', lambda: [1, 2][5])
attempt('tuple index', lambda: (1,)[3])
attempt('str index', lambda: 'ab'[9])
attempt('dict key', lambda: {'a': 1}['zz'])
attempt('dict int key', lambda: {}[42])
attempt('attr', lambda: Thing().missing)
attempt('none attr', lambda: None.upper())
attempt('str attr', lambda: 'x'.nope)
attempt('too many', lambda: one_arg(1, 2))
attempt('missing', lambda: one_arg())
attempt('method too many', lambda: Thing().method(1, 2))
attempt('unexpected kw', lambda: one_arg(y=1))
attempt('list remove', lambda: [1].remove(5))
attempt('list index method', lambda: [1].index(5))
attempt('pop empty', lambda: [].pop())
attempt('unpack many', lambda: [a for a, b in [(1, 2, 3)]])
attempt('unpack few', lambda: [a for a, b, c in [(1, 2)]])
attempt('none key', lambda: {}[None])
attempt('ok', lambda: 'fine')
attempt('round', lambda: round(2.5))
