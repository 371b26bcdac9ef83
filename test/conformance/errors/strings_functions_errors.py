# The errors of tf.strings' ops, eagerly and from a traced function.
import tensorflow as tf

for f in [lambda: tf.strings.substr(tf.constant(["hello"]), 10, 1),
          lambda: tf.strings.reduce_join(tf.constant([["a"]]), axis=2),
          lambda: tf.strings.as_string(tf.constant([1]), precision=2),
          lambda: tf.strings.as_string(tf.constant([1.0]), fill="x"),
          lambda: tf.strings.length(tf.constant([1])),
          lambda: tf.strings.upper(tf.constant([1])),
          lambda: tf.strings.to_number(tf.constant([1])),
          lambda: tf.strings.to_number(tf.constant(["1"]), out_type=tf.int8),
          lambda: tf.strings.to_number(tf.constant(["abc"])),
          lambda: tf.strings.to_number(tf.constant(["1.5"]), out_type=tf.int32),
          lambda: tf.strings.to_number(tf.constant(["99999999999"]), out_type=tf.int32),
          lambda: tf.strings.to_number(tf.constant([""])),
          lambda: tf.strings.format("{} {}", [1]),
          lambda: tf.strings.length(tf.constant(["a"]), unit="X")]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


@tf.function
def parse(s):
    return tf.strings.to_number(s) * 2.0


print(parse(tf.constant(["1", "2.5"])))
try:
    parse(tf.constant(["1", "zz"]))
except tf.errors.InvalidArgumentError as e:
    lines = str(e).splitlines()
    print(lines[0])
    print(lines[-2])
