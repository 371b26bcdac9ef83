# The device lines of scripts' preambles on a machine without a GPU:
# memory growth for each GPU (none), GPUs hidden, op determinism on.
import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_visible_devices([], "GPU")
tf.config.experimental.enable_op_determinism()
cpus = tf.config.list_physical_devices("CPU")
tf.config.set_visible_devices(cpus)
print(gpus, cpus, tf.config.get_visible_devices())
print(tf.config.experimental.list_physical_devices("GPU"))
try:
    tf.config.experimental.set_memory_growth(cpus[0], True)
except ValueError as e:
    print("ValueError:", e)
print(tf.reduce_sum(tf.range(10)))
