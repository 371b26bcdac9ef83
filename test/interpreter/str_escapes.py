# String escape sequences and their repr: \n \t \\ \' \" \x41 \u00e9 \0 and quoting choices.
print('line1\nline2')
print('col1\tcol2\tcol3')
print('back\\slash', 'it\'s', "say \"hi\"")
print('\x41\x42\x43', '\u00e9t\u00e9', '\u263a')
print(len('\n'), len('\\n'), len('\x41'), len('\u00e9'))
print(repr('line1\nline2'), repr('tab\there'), repr('back\\slash'))
print(repr("it's"), repr('say "hi"'), repr('both \' and "'))
print(repr('\x00'), repr('\x7f'), repr('\r'), repr('\x1b'))
print(repr('\u00e9'), repr('caf\xe9'))
print('a\
b')
print("double 'single' inside", 'single "double" inside')
print('\101\102', '\0' == '\x00')
s = 'A\tB\nC'
for ch in s:
    print(repr(ch), ord(ch))
print([ 'x\ny', "q'uote" ])
