import sys

print(sys.argv[1:], len(sys.argv))
steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
print(steps * 2)
