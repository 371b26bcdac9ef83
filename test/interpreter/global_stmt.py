# global: reading and rebinding module names from functions, creating new globals.
counter = 0
def bump():
    global counter
    counter += 1
    return counter
print(bump(), bump(), counter)
def read_only():
    return counter * 10
print(read_only())
def create():
    global created
    created = 'made inside a function'
create()
print(created)
config = {'debug': False}
def toggle():
    config['debug'] = not config['debug']
toggle()
print(config)
def local_shadow():
    counter = 'local'
    return counter
print(local_shadow(), counter)
x, y = 1, 2
def swap_globals():
    global x, y
    x, y = y, x
swap_globals()
print(x, y)
log = []
def record(msg):
    log.append(msg)
for word in ['a', 'b']:
    record(word)
print(log)
