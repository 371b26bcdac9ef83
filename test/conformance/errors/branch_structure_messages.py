# AutoGraph's messages for branches that disagree (a Python string against
# a tensor, nested structures, a non-bool operand of `or`), and for a tensor
# used outside the loop body that made it.
import tensorflow as tf


def show(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        print(type(e).__name__)
        for line in str(e).splitlines():
            if "File " in line:
                line = line.split("/")[-1]
            # Graph ids differ from run to run.
            print(line.split(", id=")[0])
        print("====")


for other in ["neg", 0, 0.0, None]:
    @tf.function
    def pick(x):
        return x if x > 0 else other

    @tf.function
    def pick_first(x):
        return other if x > 0 else x

    show(pick, tf.constant(-1.0))
    show(pick_first, tf.constant(1.0))


@tf.function
def pair_or_one(x):
    if x > 0:
        r = (x, x)
    else:
        r = x
    return r


show(pair_or_one, tf.constant(1.0))


@tf.function
def or_number(x):
    z = x > 0 or x
    return x


@tf.function
def and_number(x):
    z = x > 0 and x
    return x


show(or_number, tf.constant(3.0))
show(and_number, tf.constant(3.0))


@tf.function
def appended(x):
    out = []
    for i in tf.range(x):
        out.append(i)
    return out


show(appended, tf.constant(3))
