# Uncaught NameError for an undefined name used inside a nested call.
def compute(n):
    print('computing', n)
    return n * undefined_scale_factor
def run():
    print('run begins')
    return compute(3)
print('before')
run()
print('not reached')
