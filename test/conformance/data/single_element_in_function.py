# get_single_element inside a tf.function reads the dataset each time the
# function runs; a dataset with no element, or more than one, fails then
# with TensorFlow's InvalidArgumentError.
import tensorflow as tf

values = tf.data.Dataset.from_tensor_slices([3.0, 4.0, 5.0])


@tf.function
def whole(dataset):
    return dataset.batch(10).get_single_element()


@tf.function
def pair(dataset):
    x, y = dataset.get_single_element()
    return x * y


print(whole(values))
print(whole(values.map(lambda v: v * 2)))
print(pair(tf.data.Dataset.from_tensors((tf.constant(2), tf.constant(7)))))
print(whole.get_concrete_function(values).pretty_printed_signature())
for dataset in (values.take(0), values):
    try:
        print(tf.function(lambda d: d.get_single_element())(dataset))
    except tf.errors.InvalidArgumentError as e:
        # (Without the function's name, which numbers traces.)
        print("InvalidArgumentError:",
              str(e).split("}} ", 1)[1].rsplit(" [Op:", 1)[0])
