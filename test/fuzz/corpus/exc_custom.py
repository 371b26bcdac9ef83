# Custom exception classes: inheriting Exception/ValueError, extra attributes, __str__, hierarchy.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__(key, reason)
        self.key = key
        self.reason = reason
    def __str__(self):
        return 'config key ' + repr(self.key) + ': ' + self.reason
class BadNumber(ValueError):
    pass
try:
    raise AppError('plain message')
except AppError as e:
    print(type(e).__name__, e, e.args, repr(e))
try:
    raise ConfigError('port', 'must be positive')
except AppError as e:
    print(type(e).__name__, e, e.key, e.args)
try:
    raise BadNumber('seven is not allowed')
except ValueError as e:
    print('caught as ValueError:', type(e).__name__, e)
try:
    raise BadNumber()
except BadNumber as e:
    print(repr(str(e)), e.args, repr(e))
print(issubclass(ConfigError, AppError), issubclass(BadNumber, ValueError), issubclass(AppError, ValueError))
print(isinstance(ConfigError('a', 'b'), Exception))
def check(n):
    if n < 0:
        raise BadNumber('negative: ' + str(n))
    if n > 100:
        raise AppError('too big', n)
    return n
for n in [5, -3, 500]:
    try:
        print('ok', check(n))
    except BadNumber as e:
        print('bad number', e)
    except AppError as e:
        print('app error', e, e.args[1])
class WithDefault(Exception):
    def __init__(self, msg='default message'):
        super().__init__(msg)
try:
    raise WithDefault
except WithDefault as e:
    print(e)
