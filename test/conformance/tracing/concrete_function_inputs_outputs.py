# A ConcreteFunction's inputs, outputs and name are its graph's.
import tensorflow as tf
@tf.function
def f(inp, k=2):
    return inp * k, inp + 1
cf = f.get_concrete_function(tf.TensorSpec([None, 4], tf.int32))
print(cf.inputs)
print(cf.outputs)
print(cf.name[:14])
print(cf.graph.inputs, cf.graph.outputs)
