# A replacement field takes its automatic number before the fields nested
# in its format spec.
print(repr("{:>{}}".format("x", 4)))
print("{:{}.{}f}|".format(2.71828, 8, 2))
print("{0:{1}}|{2}".format(5, 4, "z"))
print(f"{3.14159:{8}.{3}}|")
try:
    "{:>{}}".format(1, 2 ** 62)
except MemoryError:
    print("MemoryError")
