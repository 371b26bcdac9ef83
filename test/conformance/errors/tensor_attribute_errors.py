# Tensor attributes NumPy users expect (size, T, reshape...) point them to
# NumPy behavior; a misspelt attribute gets CPython's suggestion.
import tensorflow as tf

x = tf.constant([[1.0, 2.0]])
for name in ["size", "T", "reshape", "tolist"]:
    try:
        getattr(x, name)
    except AttributeError as e:
        print(repr(str(e)))
print(x.shap)
