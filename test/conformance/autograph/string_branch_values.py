# AutoGraph makes Python strings (and numbers) set in the branches of a
# tensor `if`, or in the body of a tensor loop, tensors: equal or not.
import tensorflow as tf


@tf.function
def sign_name(x):
    if x > 0:
        r = "pos"
    else:
        r = "nonpos"
    return r


print(sign_name(tf.constant(1)))
print(sign_name(tf.constant(-1)))


@tf.function
def same(x):
    if x > 0:
        r = 1
        s = "a"
    else:
        r = 1
        s = "a"
    print(type(r).__name__, type(s).__name__)
    return r, s


print(same(tf.constant(1)))


@tf.function
def mixed(x):
    if x > 0:
        s = "a"
    else:
        s = tf.constant("b")
    return s


print(mixed(tf.constant(-1)))
print(mixed(tf.constant(1)))


@tf.function
def last(x):
    s = "start"
    for i in tf.range(x):
        s = "loop"
    return s


print(last(tf.constant(2)))
print(last(tf.constant(0)))


@tf.function
def joined(n):
    s = ""
    i = 0
    while i < n:
        s = tf.strings.join([s, "ab"])
        i += 1
    return s


print(joined(tf.constant(3)))


@tf.function
def wrong(x):
    if x > 0:
        r = "pos"
    else:
        r = 0
    return r


try:
    wrong(tf.constant(1))
except TypeError as e:
    print(str(e).splitlines()[-1])
