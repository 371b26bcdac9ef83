# get_concrete_function with a dict of TensorSpecs: each key keeps its own
# spec (the trace orders a dict's tensors by key), and the concrete
# function takes a dict of that structure.
import tensorflow as tf
@tf.function
def f(d): return d["x"] - d["w"]
cf = f.get_concrete_function({"x": tf.TensorSpec([2,1]), "w": tf.TensorSpec([1,3])})
print(cf.structured_input_signature)
print(cf({"x": tf.ones([2,1]), "w": tf.ones([1,3])}))
print(f({"x": tf.ones([2,1]), "w": tf.ones([1,3])}))
