# An exception raised in a generator's body on a later item is reported
# through the `for` line that asked for the item, then the body's line.
def rows(n):
    for i in range(n):
        if i == 2:
            raise ValueError("row " + str(i) + " is bad")
        yield i


total = 0
for r in rows(5):
    total += r
    print("got", r)
