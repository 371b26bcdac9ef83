# hasattr, getattr (with default), setattr, and dynamic attribute names.
class Settings:
    mode = 'fast'
    def __init__(self):
        self.level = 3
    def describe(self):
        return 'mode=' + self.mode + ' level=' + str(self.level)
s = Settings()
print(hasattr(s, 'level'), hasattr(s, 'mode'), hasattr(s, 'describe'), hasattr(s, 'missing'))
print(getattr(s, 'level'), getattr(s, 'mode'), getattr(s, 'missing', 'fallback'))
setattr(s, 'level', 9)
setattr(s, 'extra', [1, 2])
print(s.level, s.extra, s.describe())
for name in ['alpha', 'beta']:
    setattr(s, name, name.upper())
print(s.alpha, getattr(s, 'beta'))
method = getattr(s, 'describe')
print(method())
try:
    getattr(s, 'nope')
except AttributeError as e:
    print('AttributeError:', e)
print(hasattr('text', 'upper'), getattr('text', 'upper')(), hasattr(5, 'real'))
print(getattr([1, 2], 'count')(2))
class Record:
    pass
r = Record()
fields = {'name': 'ann', 'age': 31}
for k in fields:
    setattr(r, k, fields[k])
print(r.name, r.age, [getattr(r, k) for k in fields])
setattr(Settings, 'mode', 'slow')
print(s.mode, Settings().describe())
