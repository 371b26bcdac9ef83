# AutoGraph re-raises a traced function's error with the user's frames in
# its message: builtin errors that take a message and classes with
# Exception's __init__ keep their class, KeyError becomes
# MultilineMessageKeyError (still a KeyError), others StagingError.
import tensorflow as tf


class PlainError(Exception):
    pass


class ValueSubclass(ValueError):
    pass


def make(kind):
    @tf.function
    def f(x):
        if kind == "index":
            return x * [1, 2][5]
        if kind == "zero":
            return x * (1 // (len(kind) - 4))
        if kind == "key":
            return x * {"a": 1}["learning_rate"]
        if kind == "plain":
            raise PlainError("plain")
        if kind == "subclass":
            raise ValueSubclass("subclass")
        return x * int("bad")

    return f


for kind in ["index", "zero", "key", "plain", "subclass", "value"]:
    try:
        make(kind)(tf.constant(1))
    except Exception as e:
        print(kind, type(e).__name__, isinstance(e, KeyError))
        print(str(e).splitlines()[-1])
