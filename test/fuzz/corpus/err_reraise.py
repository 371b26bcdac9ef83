# A bare raise in an except block re-raises the original exception uncaught.
def parse(text):
    return float(text)
def safe_parse(text):
    try:
        return parse(text)
    except ValueError:
        print('could not parse', repr(text), '- giving up')
        raise
print(safe_parse('2.5'))
safe_parse('two')
