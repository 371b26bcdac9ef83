# BaseException.add_note: notes print after the exception's line, also
# when the exception ends the script.
try:
    raise ValueError("bad shape")
except ValueError as e:
    e.add_note("while loading batch 3")
    e.add_note("input was (4, 5)")
    print(e.__notes__)
try:
    ValueError("x").add_note(42)
except TypeError as e:
    print("TypeError:", e)


def load():
    err = KeyError("weights")
    err.add_note("checkpoint: step_100")
    raise err


load()
