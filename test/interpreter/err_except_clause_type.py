# An error while evaluating an `except` clause's type points at that line
# and chains to the exception being handled.
def f():
    raise ValueError("bad")


def handled():
    try:
        f()
    except KeyError:
        return "key"
    except ValueError:
        return "value"


print(handled())
try:
    f()
except (KeyError, undefined_name) as e:
    print("caught")
