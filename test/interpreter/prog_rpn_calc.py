# A reverse-Polish calculator: tokenizing, a dict of lambdas, a stack, and error handling per expression.
class CalcError(Exception):
    pass
OPS = {
    '+': lambda a, b: a + b,
    '-': lambda a, b: a - b,
    '*': lambda a, b: a * b,
    '/': lambda a, b: a / b,
    '//': lambda a, b: a // b,
    '%': lambda a, b: a % b,
    '**': lambda a, b: a ** b,
}
def parse_number(tok):
    try:
        return int(tok)
    except ValueError:
        return float(tok)
def evaluate(expr):
    stack = []
    for tok in expr.split():
        if tok in OPS:
            if len(stack) < 2:
                raise CalcError('stack underflow at ' + repr(tok))
            b = stack.pop()
            a = stack.pop()
            stack.append(OPS[tok](a, b))
        else:
            stack.append(parse_number(tok))
    if len(stack) != 1:
        raise CalcError('leftover values: ' + str(stack))
    return stack[0]
exprs = ['3 4 +', '5 1 2 + 4 * + 3 -', '2 10 **', '7 2 /', '-7 2 //', '-7 2 %', '1.5 2 *',
         '1 0 /', '1 +', '1 2', 'x 1 +', '2 0.5 **', '10 3 % 4 *']
for e in exprs:
    try:
        print(f'{e!r:>22} = {evaluate(e)!r}')
    except CalcError as err:
        print(f'{e!r:>22} : CalcError: {err}')
    except ZeroDivisionError as err:
        print(f'{e!r:>22} : ZeroDivisionError: {err}')
    except ValueError as err:
        print(f'{e!r:>22} : ValueError: {err}')
