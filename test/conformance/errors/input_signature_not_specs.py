# An input_signature holding something other than TensorSpecs, flat or
# nested: TensorFlow's TypeError lists every such leaf and its type.
import tensorflow as tf

for signature in ([3], [tf.TensorSpec([]), "x"], [(tf.TensorSpec([]), 2.5)]):
    try:
        tf.function(lambda *a: a, input_signature=signature)
    except TypeError as e:
        print(e)
