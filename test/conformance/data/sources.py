# tf.data sources: from_tensor_slices of tensors, lists, tuples, dicts and
# NumPy arrays, from_tensors and range; each dataset's repr, element_spec,
# cardinality, len and elements.
import numpy as np
import tensorflow as tf

def show(name, ds):
    print(name)
    print("  repr:", ds)
    print("  spec:", ds.element_spec)
    print("  card:", ds.cardinality())
    print("  len :", len(ds))
    for x in ds:
        print("  ", x)

show("slices tensor", tf.data.Dataset.from_tensor_slices(tf.constant([1, 2, 3])))
show("slices list", tf.data.Dataset.from_tensor_slices([1, 2, 3]))
show("slices float list", tf.data.Dataset.from_tensor_slices([1.5, 2.5]))
show("slices 2d list", tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]]))
show("slices tuple", tf.data.Dataset.from_tensor_slices((tf.constant([1, 2]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))))
show("slices list-of-tensors", tf.data.Dataset.from_tensor_slices([tf.constant([1, 2]), tf.constant([3, 4])]))
show("slices dict", tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": ["x", "y"]}))
show("slices numpy int64", tf.data.Dataset.from_tensor_slices(np.arange(3)))
show("slices numpy float64", tf.data.Dataset.from_tensor_slices(np.array([0.5, 1.5])))
show("slices numpy float32 2d", tf.data.Dataset.from_tensor_slices(np.ones((2, 3), dtype=np.float32)))
show("slices strings", tf.data.Dataset.from_tensor_slices(["a", "bc"]))
show("slices bool", tf.data.Dataset.from_tensor_slices([True, False]))
show("from_tensors", tf.data.Dataset.from_tensors([1, 2, 3]))
show("from_tensors tuple", tf.data.Dataset.from_tensors((1, "a")))
show("from_tensors scalar", tf.data.Dataset.from_tensors(7))
show("range(4)", tf.data.Dataset.range(4))
show("range(2,10,3)", tf.data.Dataset.range(2, 10, 3))
show("range(5,0,-2)", tf.data.Dataset.range(5, 0, -2))
show("range(0)", tf.data.Dataset.range(0))
show("range int32", tf.data.Dataset.range(3, output_type=tf.int32))
show("range float32", tf.data.Dataset.range(3, output_type=tf.float32))
show("slices x,y tuple python lists", tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4.0, 5.0, 6.0])))
