# tf.test's and tf.sysconfig's questions about the build, as scripts' preambles
# ask them: answered as TensorFlow answers on a machine without a GPU.
import tensorflow as tf

print(tf.test.is_gpu_available())
print(tf.test.is_gpu_available(cuda_only=True, min_cuda_compute_capability=(3, 5)))
print(repr(tf.test.gpu_device_name()))
print(tf.test.is_built_with_cuda(), tf.test.is_built_with_gpu_support(),
      tf.test.is_built_with_rocm(), tf.test.is_built_with_xla())
info = tf.sysconfig.get_build_info()
print(info)
print(info["is_cuda_build"], sorted(info))
if tf.test.gpu_device_name():
    print("Default GPU Device:", tf.test.gpu_device_name())
else:
    print("Please install GPU version of TF")
try:
    tf.test.is_gpu_available(True, None, 3)
except TypeError as e:
    print("TypeError", e)
