# get_concrete_function with TensorSpecs nested in tuples, lists and dicts; the ConcreteFunction's parameters print their structure.
import tensorflow as tf
@tf.function
def f(pair, scale=2):
    return (pair[0] - pair[1]) * scale
cf = f.get_concrete_function((tf.TensorSpec([], tf.int32), tf.TensorSpec([None], tf.int32)))
print(cf)
print(cf((tf.constant(5), tf.constant([1, 2])), 2))
try:
    cf((tf.constant(5), tf.constant([1, 2])))
except TypeError as e:
    print("TypeError:", str(e).splitlines()[-1])
@tf.function
def g(d, xs):
    return d["a"] + xs[0]
print(g.get_concrete_function({"a": tf.TensorSpec([2], tf.float32), "b": 3}, [tf.TensorSpec([2], tf.float32), "s"]))
