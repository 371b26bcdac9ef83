# printf-style % formatting: %d %s %r %f with width/precision, %x %o %e %%, tuples.
print('%d' % 42, '%5d|' % 42, '%-5d|' % 42, '%05d' % 42, '%+d' % 42)
print('%s and %s' % ('this', 'that'), '%s' % [1, 2], '%s' % (None,))
print('%r vs %s' % ('text', 'text'), '%r' % 3.5)
print('%5.2f|' % 3.14159, '%.3f' % 2.0, '%f' % 1.5, '%.0f' % 2.5, '%8.3f|' % -1.5)
print('%x %X %o %#x %#o' % (255, 255, 8, 255, 8))
print('%e %.2e' % (12345.678, 0.000123))
print('100%% sure' % (), '%d%%' % 50, '%s%%' % 'x')
print('%s is %d years and %.1f%% done' % ('Ann', 30, 99.5))
print('%c%c' % (72, 'i'), '%i' % 7)
print('%d' % 3.99, '%s' % 3.0, '%10s|%-10s|' % ('right', 'left'))
name = 'x'
print('name=%s' % name)
print('%(a)s-%(b)d' % {'a': 'key', 'b': 5})
for i in range(3):
    print('row %2d: %-6s|' % (i, 'v' * i))
# Only "%%" is a literal percent: after flags, a width or a key, '%' is an
# unsupported conversion that first takes its argument.
for fmt, args in [('%5%|', ()), ('%5%|', (1,)), ('%(a)%', {'a': 1}),
                  ('%*%|%s', (3, 4)), ('%-%', ())]:
    try:
        print(fmt % args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
