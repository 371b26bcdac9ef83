# A cause made on the spot (never raised) prints without a traceback
# header, then the chained exception with its own.
def load(path):
    raise ValueError("bad config: " + path) from KeyError("root")


load("x.json")
