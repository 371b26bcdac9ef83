# tf.while_loop requires the body to return the loop variables' structure
# (a bare result is put in a list first); the loop's ops are named in its
# scope ("while/mul"), as while_v2 names them, and so are its inputs
# ("while/Placeholder").
import tensorflow as tf


@tf.function
def dict_for_list(x):
    return tf.while_loop(lambda s: s["i"] < 100,
                         lambda s: {"i": s["i"] * 2}, [{"i": x}])


def body(i, s):
    return i + 1


@tf.function
def too_few(x):
    return tf.while_loop(lambda i, s: i < 3, body, [x, x])


@tf.function
def bare_result(x):
    return tf.while_loop(lambda i: i < 3, lambda i: i + 1, [x])


@tf.function
def tuple_for_list(x):
    return tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2),
                         [x, x])


@tf.function
def leaks(n):
    out = []
    for i in tf.range(n):
        out.append(i)
    return out


print(bare_result(tf.constant(0)))
print(tuple_for_list(tf.constant(0)))
for fn in (dict_for_list, too_few, leaks):
    try:
        fn(tf.constant(1))
    except Exception as e:  # InaccessibleTensorError is not public
        lines = str(e).splitlines()
        print(type(e).__name__)
        print("\n".join(lines[3:] if lines[0] == "in user code:" else
                        lines[:1]))
