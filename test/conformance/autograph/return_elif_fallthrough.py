# AutoGraph moves what follows an `if` whose branch returns into its other
# branch, but not again into a nested `if`: written inside the else, the
# fall-through return is fine; after an elif, the elif has no else value.
import tensorflow as tf


@tf.function
def nested(x):
    if x > 0:
        return x
    else:
        if x < -5.0:
            return -x
        return x * 2.0


@tf.function
def elif_chain(x):
    if x > 0:
        return x
    elif x < -5.0:
        return -x
    return x * 2.0


print(nested(tf.constant(3.0)))
print(nested(tf.constant(-7.0)))
print(nested(tf.constant(-1.0)))
print(elif_chain(tf.constant(3.0)))
