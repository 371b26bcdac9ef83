# A script's preamble of tf.config settings: thread counts (which can only
# be set before the first tensor exists), soft device placement, XLA's
# jit setting, the devices; each reads back what was set.
import tensorflow as tf

tf.config.threading.set_inter_op_parallelism_threads(2)
tf.config.threading.set_intra_op_parallelism_threads(4)
print(tf.config.threading.get_inter_op_parallelism_threads(),
      tf.config.threading.get_intra_op_parallelism_threads())
tf.config.experimental.enable_op_determinism()
print(tf.config.list_physical_devices("GPU"))
print(tf.config.list_physical_devices("CPU"))
print(tf.config.list_logical_devices())
print(tf.config.experimental.list_logical_devices("CPU"))
print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(False)
print(tf.config.get_soft_device_placement())
print(repr(tf.config.optimizer.get_jit()))
tf.config.optimizer.set_jit(True)
print(tf.config.optimizer.get_jit())
tf.config.optimizer.set_jit(False)
print(repr(tf.config.optimizer.get_jit()))

x = tf.constant(1)
for setter in [tf.config.threading.set_inter_op_parallelism_threads,
               tf.config.threading.set_intra_op_parallelism_threads]:
    try:
        setter(8)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(tf.config.threading.get_inter_op_parallelism_threads())
