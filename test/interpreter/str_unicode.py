# Non-ASCII identifiers and strings printed as UTF-8: len, indexing, case, ord/chr.
größe = 3
π = 3.14159
café = 'café'
print(größe, π, café)
print(len(café), café[3], café[::-1], café.upper())
words = ['naïve', 'résumé', 'Ελληνικά', '日本語', 'emoji 🐍']
for w in words:
    print(w, len(w), w[0], w[-1], repr(w))
print('日本語'[1], '日本語'[1:])
print(ord('é'), ord('€'), ord('日'), chr(233), chr(8364), chr(0x263A))
print('ÉCOLE'.lower(), 'ñandú'.upper(), 'Ωμέγα'.upper())
print('é' in café, 'ö' in 'größe', café.find('é'))
def grüß(name):
    return 'Grüß dich, ' + name + '!'
print(grüß('Zoë'))
print(sorted(['é', 'e', 'z', 'a']))
print(f'{café:>8}|{"ñ":^5}|')
