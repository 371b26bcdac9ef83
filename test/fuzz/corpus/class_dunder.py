# Special methods: __str__, __repr__, __eq__, __len__, __getitem__, __call__, __add__, __lt__, __contains__, __bool__.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Vec(%r, %r)' % (self.x, self.y)
    def __str__(self):
        return '<' + str(self.x) + ', ' + str(self.y) + '>'
    def __eq__(self, other):
        return isinstance(other, Vec) and self.x == other.x and self.y == other.y
    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    def __lt__(self, other):
        return (self.x, self.y) < (other.x, other.y)
v = Vec(1, 2)
w = Vec(3, 4)
print(v, repr(v), str(w))
print([v, w], (v,), {'v': v})
print(f'{v} {v!r}', 'fmt: {}'.format(w), '%s %r' % (v, v))
print(v + w, v * 3, v == Vec(1, 2), v != Vec(1, 2), v == w, v == 'text')
print(sorted([w, v, Vec(0, 9)]), v < w, max([v, w]))
class Playlist:
    def __init__(self, songs):
        self.songs = list(songs)
    def __len__(self):
        return len(self.songs)
    def __getitem__(self, i):
        return self.songs[i]
    def __contains__(self, song):
        return song in self.songs
    def __call__(self, n):
        return self.songs[:n]
p = Playlist(['intro', 'verse', 'chorus'])
print(len(p), p[0], p[-1], p[1:], 'verse' in p, 'bridge' in p)
print(p(2), bool(p), bool(Playlist([])))
class Flag:
    def __init__(self, on):
        self.on = on
    def __bool__(self):
        return self.on
print(bool(Flag(True)), bool(Flag(False)), 'yes' if Flag(True) else 'no')
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __repr__(self):
        return 'Money(' + str(self.cents) + ')'
    def __add__(self, other):
        if isinstance(other, int):
            return Money(self.cents + other)
        return Money(self.cents + other.cents)
m = Money(5)
m += Money(10)
m = m + 1
print(m, str(m))
