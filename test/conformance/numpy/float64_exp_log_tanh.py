# NumPy's float64 exp, log and tanh round as the C library's do on these
# values (its SIMD loops are within half an ulp), where TensorFlow's Eigen
# kernels are an ulp off on some; tanh stays odd.
import numpy as np

v = np.linspace(-5, 5, 11)
print(np.exp(v).tolist())
print(np.log(np.abs(v) + 1).tolist())
print(np.tanh(v).tolist())
print(np.tanh(-v).tolist() == (-np.tanh(v)).tolist())
w = np.array([0.1, 0.5, 1.0, 2.0, 3.0, 10.0, 100.0, 700.0])
print(np.exp(w).tolist())
print(np.log(w).tolist())
print(np.exp(1.0), np.log(3.0), np.tanh(0.5))
print(np.exp(np.array([1000.0])), np.log(np.array([0.0, -1.0])))
