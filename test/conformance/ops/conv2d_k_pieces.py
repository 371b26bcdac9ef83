# A float32 Conv2D whose window (height * width * channels) is long is cut
# into pieces as a MatMul of its image patches by the filters would be
# (Eigen's contraction blocks, oneDNN's 384-term blocks), each summed as a
# chain of fused multiply-adds and the sums added.
import numpy as np
import tensorflow as tf

np.random.seed(0)
cases = [((1, 8, 8, 32), (3, 3, 32, 16), 1, "SAME"),
         ((2, 8, 8, 16), (3, 3, 16, 8), 1, "SAME"),
         ((4, 14, 14, 64), (3, 3, 64, 32), 1, "VALID"),
         ((8, 28, 28, 1), (5, 5, 1, 32), 1, "SAME"),
         ((16, 12, 12, 32), (3, 3, 32, 64), 1, "SAME"),
         ((32, 7, 7, 64), (3, 3, 64, 64), 1, "SAME"),
         ((4, 9, 9, 96), (3, 3, 96, 48), 2, "VALID")]
for shape, kshape, stride, padding in cases:
    x = np.random.randn(*shape).astype(np.float32)
    k = np.random.randn(*kshape).astype(np.float32)
    y = tf.nn.conv2d(x, k, stride, padding).numpy()
    print(shape, kshape, y.ravel()[:4].tolist(), y.ravel()[-4:].tolist(),
          float(y.ravel()[y.size // 2]))
