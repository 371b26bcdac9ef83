# cond_v2 returns the predicate where a branch returns an Operation
# (tf.print, tf.no_op), and tf.switch_case the branch index; tf.switch_case
# checks each branch's outputs against branches[0] in its own words, and
# its Case op takes only an int32 index.
import sys

import tensorflow as tf

tf.get_logger().setLevel("ERROR")


def show(name, fn, *args):
    try:
        print(name, "|", fn(*args))
    except (TypeError, ValueError) as e:
        # The last lines: the message without AutoGraph's "in user code"
        # frames, which name this file.
        text = str(e).strip()
        print(name, "|", type(e).__name__, "|",
              text[text.find("    TypeError"):] if "in user code" in text
              else text)


@tf.function
def prints(k, x):
    a = tf.switch_case(k, [lambda: tf.print("b0", output_stream=sys.stdout),
                           lambda: tf.print("b1", output_stream=sys.stdout)])
    b = tf.cond(x > 0, lambda: tf.print("pos", output_stream=sys.stdout),
                lambda: tf.print("neg", output_stream=sys.stdout))
    return a, b


show("print ops", prints, tf.constant(1), tf.constant(2.0))
show("print ops", prints, tf.constant(0), tf.constant(-2.0))


@tf.function
def if_statement(x):
    if x > 0:
        op = tf.print("a", output_stream=sys.stdout)
    else:
        op = tf.print("b", output_stream=sys.stdout)
    return op


show("if statement", if_statement, tf.constant(1.0))
show("if statement", if_statement, tf.constant(-1.0))
show("no_op pair", tf.function(
    lambda x: tf.cond(x > 0, lambda: (tf.no_op(), x), lambda: (tf.no_op(), -x))),
    tf.constant(-3.0))
show("None", tf.function(lambda x: tf.cond(x > 0, lambda: None, lambda: None)),
     tf.constant(1.0))


@tf.function
def switch_ops(k):
    r = tf.switch_case(k, [tf.no_op,
                           lambda: tf.print("one", output_stream=sys.stdout),
                           tf.no_op])
    return r, r + 1


show("switch ops", switch_ops, tf.constant(1))
show("switch ops", switch_ops, tf.constant(7))

show("switch types", tf.function(lambda k: tf.switch_case(
    k, [lambda: tf.constant(1), lambda: tf.constant(2.0)])), tf.constant(1))
show("switch third", tf.function(lambda k: tf.switch_case(
    k, [lambda: (tf.constant(1), tf.constant(2)),
        lambda: (tf.constant(3), tf.constant(4)),
        lambda: [tf.constant(5), tf.constant(6)]])), tf.constant(1))
show("switch default", tf.function(lambda k: tf.switch_case(
    k, [lambda: {"a": tf.constant(1)}],
    default=lambda: {"b": tf.constant(1)})), tf.constant(1))
show("int64 index", tf.function(lambda k: tf.switch_case(
    k, [lambda: tf.constant(1), lambda: tf.constant(2)])),
    tf.constant(1, tf.int64))
show("int8 index, stateful", tf.function(lambda k: tf.switch_case(
    k, [lambda: tf.constant(1),
        lambda: tf.cast(tf.random.uniform([]), tf.int32)])),
    tf.constant(1, tf.int8))
show("int64 index eagerly", lambda k: tf.switch_case(
    k, [lambda: tf.constant(1), lambda: tf.constant(2)]),
    tf.constant(1, tf.int64))

v = tf.Variable(1)
for name, branch in [
        ("print", lambda: (tf.print("x"), tf.constant(2))[1]),
        ("assign", lambda: v.assign_add(1)),
        ("read", lambda: v.read_value())]:
    show("int64 index, " + name, tf.function(lambda k: tf.switch_case(
        k, [lambda: tf.constant(1), branch])), tf.constant(1, tf.int64))
