# Uncaught ValueError from int() on a non-numeric string.
def parse_all(texts):
    out = []
    for t in texts:
        out.append(int(t))
        print('parsed', out[-1])
    return out
def main():
    return parse_all(['10', '-3', 'abc', '7'])
main()
