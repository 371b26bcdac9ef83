# A tensor if assigning different Python ints in each branch merges them into one int32 tensor.
import tensorflow as tf


@tf.function
def parity_name_code(x):
    if x % 2 == 0:
        code = 100
    else:
        code = 7
    print("trace: code after if is a tensor:", tf.is_tensor(code))
    return code


print(parity_name_code(tf.constant(4)))
print(parity_name_code(tf.constant(5)))
