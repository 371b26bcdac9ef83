# Appending tensors to a Python list inside an unrolled Python loop works; the list is stacked.
import tensorflow as tf


@tf.function
def powers(x):
    items = []
    for k in range(4):
        items.append(x ** k)
    print("trace: list length after loop:", len(items))
    return tf.stack(items)


print(powers(tf.constant(2)))
print(powers(tf.constant(3)))
print("traces:", powers.experimental_get_tracing_count())
