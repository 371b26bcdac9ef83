# While tracing, an op's name= must be a valid scope name (stricter at the
# top than inside tf.name_scope), and tf.constant's node name a valid node
# name; eagerly, names are not checked. A name ending in "/" is taken whole.
import tensorflow as tf

with tf.name_scope('a"b'):
    print("eager scope", tf.identity(tf.constant(1), name="x y"))


@tf.function
def f(x):
    for label, fn in [("constant", lambda: tf.constant(1, name="a b")),
                      ("spec", lambda: tf.TensorSpec([], name="a b")),
                      ("add", lambda: tf.add(x, 1, name="a b")),
                      ("zeros", lambda: tf.zeros([2], name="a b")),
                      ("cast", lambda: tf.cast(x, tf.float32, name="-c")),
                      ("identity", lambda: tf.identity(x, name="")),
                      ("convert", lambda: tf.convert_to_tensor(3, name="a b")),
                      ("whole", lambda: tf.identity(x, name="w/")),
                      ("scope", lambda: tf.name_scope("q q").__enter__())]:
        try:
            print(label, "ok", fn().name)
        except ValueError as e:
            print(label, e)
    with tf.name_scope("outer"):
        print(tf.identity(x, name="_ok").name)
        try:
            tf.identity(x, name="b c")
        except ValueError as e:
            print(e)
    return x


f(tf.constant(1))


# A TensorSpec name that cannot name a node: a warning, and "Placeholder".
@tf.function(input_signature=[tf.TensorSpec([], name='s"t')])
def g(x):
    return x


print(g.get_concrete_function().graph.inputs)
