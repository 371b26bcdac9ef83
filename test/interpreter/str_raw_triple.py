# Raw strings and triple-quoted strings (single and double quotes, with newlines and quotes).
print(r'C:\new\table', len(r'\n'), r'\x41')
print(repr(r'a\b'), repr(r'\\'))
text = """first line
second line with 'single' and "double"
third"""
print(text)
print(text.split('\n'))
other = '''one
  two (indented)
three'''
print(other)
print(len(other.split('\n')))
empty_lines = """
a

b
"""
print(repr(empty_lines))
raw_multi = r"""raw \n stays
literal \t"""
print(raw_multi)
joined = 'adjacent ' 'literals ' "are " 'joined'
print(joined)
print("""He said "yes" """)
