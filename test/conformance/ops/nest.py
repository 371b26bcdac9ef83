# tf.nest: flatten (dicts by sorted key), map_structure, pack_sequence_as,
# is_nested, assert_same_structure and their errors.
import tensorflow as tf

s = {"b": [1, 2], "a": (3, {"z": 4, "y": None})}
print(tf.nest.flatten(s))
print(tf.nest.map_structure(lambda x: x * 10 if x is not None else -1, s))
print(tf.nest.pack_sequence_as(s, list(range(5))))
print(tf.nest.is_nested(s), tf.nest.is_nested(3), tf.nest.is_nested("ab"))
print(tf.nest.flatten(5), tf.nest.flatten("ab"), tf.nest.flatten(None))
print(tf.nest.map_structure(lambda a, b: a + b, [1, (2, 3)], [10, (20, 30)]))
print(tf.nest.flatten([tf.constant(1.0), {"k": tf.constant([1, 2])}]))
print(tf.nest.map_structure(lambda a: a, ()))
print(tf.nest.flatten({}), tf.nest.flatten([[], ()]))
tf.nest.assert_same_structure([1, (2,)], [5, (6,)])
print(tf.nest.assert_same_structure((1, 2), [1, 2], check_types=False))

for a, b in [([1, 2], [1, 2, 3]), ([1, 2], (1, 2)), ([1, [2]], [1, 3]),
             ([1, 3], [1, [2]]), ({"a": 1}, {"b": 1}),
             ({"a": 1, "b": [1]}, {"a": 1, "b": [1, 2]}), ((1,), [1])]:
    try:
        tf.nest.assert_same_structure(a, b)
    except Exception as e:
        print(type(e).__name__, e)
        print("----")

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: tf.nest.map_structure(lambda a, b: a + b, [1, 2], [1, 2, 3]))
attempt(lambda: tf.nest.map_structure(lambda a, b: a, {"a": 1}, {"a": 1, "b": 2}))
attempt(lambda: tf.nest.map_structure(lambda a: a))
attempt(lambda: tf.nest.pack_sequence_as([1, 2], [1]))
attempt(lambda: tf.nest.flatten({1: 2, "a": 3}))

@tf.function
def f(d):
    flat = tf.nest.flatten(d)
    total = tf.add_n(flat)
    return tf.nest.map_structure(lambda t: t / total, d)

print(f({"x": tf.constant(1.0), "w": tf.constant(3.0)}))
