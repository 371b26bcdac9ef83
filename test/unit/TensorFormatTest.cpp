//===- TensorFormatTest.cpp - Tests for NumPy / TensorFlow tensor printing ===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Every expected string below was produced by TensorFlow 2.17.1 with NumPy
// 1.26.4 (str / repr of the EagerTensor and of .numpy(), tf.print), not written
// by hand; the repr of float scalars was re-recorded with TensorFlow 2.20,
// which shows them as Python floats. The same code was also compared against
// tens of thousands of randomized tensors of every dtype and rank 0-3.
//
//===----------------------------------------------------------------------===//

#include "tracer/TensorFormat.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace kiln::py;

namespace {

const float NaNf = std::numeric_limits<float>::quiet_NaN();
const float Inff = std::numeric_limits<float>::infinity();

/// Owns a tensor's data and hands out a TensorView of it.
struct Tensor {
  DType dtype;
  std::vector<int64_t> shape;
  std::vector<unsigned char> bytes;
  std::vector<std::string> strings;
  TensorView view() const {
    return TensorView{dtype, shape,
                      dtype == DType::String ? (const void *)strings.data()
                                             : (const void *)bytes.data()};
  }
};

template <typename T>
Tensor make(DType D, const std::vector<T> &V, std::vector<int64_t> Shape,
            bool DefaultShape) {
  Tensor R{D,
           DefaultShape ? std::vector<int64_t>{(int64_t)V.size()} : Shape,
           {},
           {}};
  R.bytes.resize(V.size() * sizeof(T));
  if (!V.empty())
    std::memcpy(R.bytes.data(), V.data(), R.bytes.size());
  return R;
}

// Each helper takes the values and an optional shape; without a shape the
// tensor is 1-d. Pass {} as the shape for a 0-d tensor.
#define KILN_MAKER(NAME, DT, CT)                                               \
  [[maybe_unused]] Tensor NAME(std::vector<CT> V) {                            \
    return make(DT, V, {}, true);                                              \
  }                                                                            \
  [[maybe_unused]] Tensor NAME(std::vector<CT> V, std::vector<int64_t> S) {    \
    return make(DT, V, S, false);                                              \
  }
KILN_MAKER(f32, DType::Float32, float)
KILN_MAKER(f64, DType::Float64, double)
KILN_MAKER(i8, DType::Int8, int8_t)
KILN_MAKER(i16, DType::Int16, int16_t)
KILN_MAKER(i32, DType::Int32, int32_t)
KILN_MAKER(i64, DType::Int64, int64_t)
KILN_MAKER(u8, DType::UInt8, uint8_t)
KILN_MAKER(f16, DType::Float16, uint16_t)   // IEEE half bit patterns
KILN_MAKER(bf16, DType::BFloat16, uint16_t) // bfloat16 bit patterns
#undef KILN_MAKER

Tensor b(std::vector<bool> V, std::vector<int64_t> S, bool Default = false) {
  std::vector<uint8_t> Bytes(V.begin(), V.end());
  return make(DType::Bool, Bytes, S, Default);
}
Tensor b(std::vector<bool> V) { return b(V, {}, true); }

Tensor s(std::vector<std::string> V, std::vector<int64_t> S,
         bool Default = false) {
  Tensor R{DType::String,
           Default ? std::vector<int64_t>{(int64_t)V.size()} : S,
           {},
           V};
  return R;
}
Tensor s(std::vector<std::string> V) { return s(V, {}, true); }

/// {0, Step, 2 * Step, ...} computed in float, as np.arange(N) * Step.
std::vector<float> iota(int N, float Step) {
  std::vector<float> V;
  for (int I = 0; I < N; ++I)
    V.push_back((float)I * Step);
  return V;
}
std::vector<int32_t> iotaI(int N) {
  std::vector<int32_t> V;
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  return V;
}
std::vector<int32_t> iotaStep(int N, int32_t Step) {
  std::vector<int32_t> V;
  for (int I = 0; I < N; ++I)
    V.push_back(I * Step);
  return V;
}
/// np.arange(N, dtype=int8) * 5 (wrapping like int8 arithmetic).
std::vector<int8_t> iotaI8(int N) {
  std::vector<int8_t> V;
  for (int I = 0; I < N; ++I)
    V.push_back((int8_t)(uint8_t)(I * 5));
  return V;
}
std::vector<std::string> repeatStr(const std::string &S, int N) {
  return std::vector<std::string>((size_t)N, S);
}

} // namespace

TEST_CASE("TensorFormat: float32 common padding", "[TensorFormat]") {
  Tensor T = f32({1.0f, 2.5f, 3.25f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.   2.5  3.25]");
  CHECK(numpyRepr(V) == "array([1.  , 2.5 , 3.25], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.   2.5  3.25], shape=(3,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=float32, "
                         "numpy=array([1.  , 2.5 , 3.25], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1 2.5 3.25]");
}

TEST_CASE("TensorFormat: float32 switches to scientific for small values",
          "[TensorFormat]") {
  Tensor T = f32({1e-05f, 1.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.e-05 1.e+00]");
  CHECK(numpyRepr(V) == "array([1.e-05, 1.e+00], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.e-05 1.e+00], shape=(2,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float32, "
                         "numpy=array([1.e-05, 1.e+00], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1e-05 1]");
}

TEST_CASE("TensorFormat: float32 scientific keeps common digits",
          "[TensorFormat]") {
  Tensor T = f32({1.5e-05f, 1.0f, 123.25f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.5000e-05 1.0000e+00 1.2325e+02]");
  CHECK(numpyRepr(V) ==
        "array([1.5000e-05, 1.0000e+00, 1.2325e+02], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([1.5000e-05 1.0000e+00 1.2325e+02], "
                        "shape=(3,), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1.5000e-05, "
        "1.0000e+00, 1.2325e+02], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1.5e-05 1 123.25]");
}

TEST_CASE("TensorFormat: float32 ratio over 1000 gives scientific",
          "[TensorFormat]") {
  Tensor T = f32({1.0f, 1001.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.000e+00 1.001e+03]");
  CHECK(numpyRepr(V) == "array([1.000e+00, 1.001e+03], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.000e+00 1.001e+03], shape=(2,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float32, "
                         "numpy=array([1.000e+00, 1.001e+03], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1 1001]");
}

TEST_CASE("TensorFormat: float32 ratio 1000 stays positional",
          "[TensorFormat]") {
  Tensor T = f32({1.0f, 1000.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[   1. 1000.]");
  CHECK(numpyRepr(V) == "array([   1., 1000.], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([   1. 1000.], shape=(2,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([ "
                         "  1., 1000.], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1 1000]");
}

TEST_CASE("TensorFormat: float32 1e8 gives scientific", "[TensorFormat]") {
  Tensor T = f32({1e8f, 5e8f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.e+08 5.e+08]");
  CHECK(numpyRepr(V) == "array([1.e+08, 5.e+08], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.e+08 5.e+08], shape=(2,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float32, "
                         "numpy=array([1.e+08, 5.e+08], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[1e+08 5e+08]");
}

TEST_CASE("TensorFormat: float32 shortest digits per element",
          "[TensorFormat]") {
  Tensor T = f32({0.1f, 0.2f, 0.3f, 1.0f / 3.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[0.1        0.2        0.3        0.33333334]");
  CHECK(
      numpyRepr(V) ==
      "array([0.1       , 0.2       , 0.3       , 0.33333334], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([0.1        0.2        0.3        "
                        "0.33333334], shape=(4,), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([0.1       , 0.2   "
        "    , 0.3       , 0.33333334], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[0.1 0.2 0.3 0.333333343]");
}

TEST_CASE("TensorFormat: float32 precision 8 rounding", "[TensorFormat]") {
  Tensor T = f32({3.14159274f, 2.71828175f, 123456.789f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[3.1415927e+00 2.7182817e+00 1.2345679e+05]");
  CHECK(numpyRepr(V) ==
        "array([3.1415927e+00, 2.7182817e+00, 1.2345679e+05], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([3.1415927e+00 2.7182817e+00 "
                        "1.2345679e+05], shape=(3,), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([3.1415927e+00, "
        "2.7182817e+00, 1.2345679e+05], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[3.14159274 2.71828175 123456.789]");
}

TEST_CASE("TensorFormat: float32 negatives and zeros", "[TensorFormat]") {
  Tensor T = f32({-1.5f, 0.0f, -0.0f, 2.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[-1.5  0.  -0.   2. ]");
  CHECK(numpyRepr(V) == "array([-1.5,  0. , -0. ,  2. ], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([-1.5  0.  -0.   2. ], shape=(4,), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([-1.5,  0. , -0. , "
        " 2. ], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[-1.5 0 -0 2]");
}

TEST_CASE("TensorFormat: float32 nan and inf", "[TensorFormat]") {
  Tensor T = f32({NaNf, -Inff, 1.5f, Inff});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[ nan -inf  1.5  inf]");
  CHECK(numpyRepr(V) == "array([ nan, -inf,  1.5,  inf], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([ nan -inf  1.5  inf], shape=(4,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([ "
                         "nan, -inf,  1.5,  inf], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[nan -inf 1.5 inf]");
}

TEST_CASE("TensorFormat: float32 only non-finite", "[TensorFormat]") {
  Tensor T = f32({NaNf, Inff});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[nan inf]");
  CHECK(numpyRepr(V) == "array([nan, inf], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([nan inf], shape=(2,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float32, "
                         "numpy=array([nan, inf], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[nan inf]");
}

TEST_CASE("TensorFormat: float32 nan in scientific", "[TensorFormat]") {
  Tensor T = f32({NaNf, 1e-07f, 2.0f});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[   nan 1.e-07 2.e+00]");
  CHECK(numpyRepr(V) == "array([   nan, 1.e-07, 2.e+00], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([   nan 1.e-07 2.e+00], shape=(3,), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ "
                         "  nan, 1.e-07, 2.e+00], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[nan 1e-07 2]");
}

TEST_CASE("TensorFormat: float64 implied dtype", "[TensorFormat]") {
  Tensor T = f64({1.0, 2.0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1. 2.]");
  CHECK(numpyRepr(V) == "array([1., 2.])");
  CHECK(tensorStr(V) == "tf.Tensor([1. 2.], shape=(2,), dtype=float64)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1., 2.])>");
  CHECK(tfPrintFormat(V) == "[1 2]");
}

TEST_CASE("TensorFormat: float64 many digits", "[TensorFormat]") {
  Tensor T = f64({0.1, 1.0 / 3.0, 2.0 / 3.0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[0.1        0.33333333 0.66666667]");
  CHECK(numpyRepr(V) == "array([0.1       , 0.33333333, 0.66666667])");
  CHECK(tensorStr(V) == "tf.Tensor([0.1        0.33333333 0.66666667], "
                        "shape=(3,), dtype=float64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=float64, "
                         "numpy=array([0.1       , 0.33333333, 0.66666667])>");
  CHECK(tfPrintFormat(V) == "[0.1 0.33333333333333331 0.66666666666666663]");
}

TEST_CASE("TensorFormat: float64 three digit exponent", "[TensorFormat]") {
  Tensor T = f64({1e100, 1.0, 1e-100});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.e+100 1.e+000 1.e-100]");
  CHECK(numpyRepr(V) == "array([1.e+100, 1.e+000, 1.e-100])");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.e+100 1.e+000 1.e-100], shape=(3,), dtype=float64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=float64, "
                         "numpy=array([1.e+100, 1.e+000, 1.e-100])>");
  CHECK(tfPrintFormat(V) == "[1e+100 1 1e-100]");
}

TEST_CASE("TensorFormat: float64 large integers", "[TensorFormat]") {
  Tensor T = f64({1e16, 12345678.0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.0000000e+16 1.2345678e+07]");
  CHECK(numpyRepr(V) == "array([1.0000000e+16, 1.2345678e+07])");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.0000000e+16 1.2345678e+07], shape=(2,), dtype=float64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float64, "
                         "numpy=array([1.0000000e+16, 1.2345678e+07])>");
  CHECK(tfPrintFormat(V) == "[1e+16 12345678]");
}

TEST_CASE("TensorFormat: float32 wraps at 75 columns", "[TensorFormat]") {
  Tensor T = f32(iota(30, 1.5f), {30});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[ 0.   1.5  3.   4.5  6.   7.5  9.  10.5 12.  13.5 15. "
                       " 16.5 18.  19.5\n 21.  22.5 24.  25.5 27.  28.5 30.  "
                       "31.5 33.  34.5 36.  37.5 39.  40.5\n 42.  43.5]");
  CHECK(numpyRepr(V) ==
        "array([ 0. ,  1.5,  3. ,  4.5,  6. ,  7.5,  9. , 10.5, 12. , 13.5, "
        "15. ,\n       16.5, 18. , 19.5, 21. , 22.5, 24. , 25.5, 27. , 28.5, "
        "30. , 31.5,\n       33. , 34.5, 36. , 37.5, 39. , 40.5, 42. , 43.5], "
        "dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[ 0.   1.5  3.   4.5  6.   7.5  9.  10.5 12.  13.5 15.  "
        "16.5 18.  19.5\n 21.  22.5 24.  25.5 27.  28.5 30.  31.5 33.  34.5 "
        "36.  37.5 39.  40.5\n 42.  43.5], shape=(30,), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(30,), dtype=float32, numpy=\narray([ 0. ,  1.5,  "
        "3. ,  4.5,  6. ,  7.5,  9. , 10.5, 12. , 13.5, 15. ,\n       16.5, "
        "18. , 19.5, 21. , 22.5, 24. , 25.5, 27. , 28.5, 30. , 31.5,\n       "
        "33. , 34.5, 36. , 37.5, 39. , 40.5, 42. , 43.5], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[0 1.5 3 ... 40.5 42 43.5]");
}

TEST_CASE("TensorFormat: float32 2-d wraps rows", "[TensorFormat]") {
  Tensor T = f32(iota(48, 0.25f), {2, 24});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[[ 0.    0.25  0.5   0.75  1.    1.25  1.5   1.75  2.    2.25  2.5   "
        "2.75\n   3.    3.25  3.5   3.75  4.    4.25  4.5   4.75  5.    5.25  "
        "5.5   5.75]\n [ 6.    6.25  6.5   6.75  7.    7.25  7.5   7.75  8.    "
        "8.25  8.5   8.75\n   9.    9.25  9.5   9.75 10.   10.25 10.5  10.75 "
        "11.   11.25 11.5  11.75]]");
  CHECK(numpyRepr(V) ==
        "array([[ 0.  ,  0.25,  0.5 ,  0.75,  1.  ,  1.25,  1.5 ,  1.75,  2.  "
        ",\n         2.25,  2.5 ,  2.75,  3.  ,  3.25,  3.5 ,  3.75,  4.  ,  "
        "4.25,\n         4.5 ,  4.75,  5.  ,  5.25,  5.5 ,  5.75],\n       [ "
        "6.  ,  6.25,  6.5 ,  6.75,  7.  ,  7.25,  7.5 ,  7.75,  8.  ,\n       "
        "  8.25,  8.5 ,  8.75,  9.  ,  9.25,  9.5 ,  9.75, 10.  , 10.25,\n     "
        "   10.5 , 10.75, 11.  , 11.25, 11.5 , 11.75]], dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[[ 0.    0.25  0.5   0.75  1.    1.25  1.5   1.75  2.    "
        "2.25  2.5   2.75\n   3.    3.25  3.5   3.75  4.    4.25  4.5   4.75  "
        "5.    5.25  5.5   5.75]\n [ 6.    6.25  6.5   6.75  7.    7.25  7.5   "
        "7.75  8.    8.25  8.5   8.75\n   9.    9.25  9.5   9.75 10.   10.25 "
        "10.5  10.75 11.   11.25 11.5  11.75]], shape=(2, 24), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 24), dtype=float32, numpy=\narray([[ 0.  ,  "
        "0.25,  0.5 ,  0.75,  1.  ,  1.25,  1.5 ,  1.75,  2.  ,\n         "
        "2.25,  2.5 ,  2.75,  3.  ,  3.25,  3.5 ,  3.75,  4.  ,  4.25,\n       "
        "  4.5 ,  4.75,  5.  ,  5.25,  5.5 ,  5.75],\n       [ 6.  ,  6.25,  "
        "6.5 ,  6.75,  7.  ,  7.25,  7.5 ,  7.75,  8.  ,\n         8.25,  8.5 "
        ",  8.75,  9.  ,  9.25,  9.5 ,  9.75, 10.  , 10.25,\n        10.5 , "
        "10.75, 11.  , 11.25, 11.5 , 11.75]], dtype=float32)>");
  CHECK(tfPrintFormat(V) ==
        "[[0 0.25 0.5 ... 5.25 5.5 5.75]\n [6 6.25 6.5 ... 11.25 11.5 11.75]]");
}

TEST_CASE("TensorFormat: float32 summarized 2-d (exp format)",
          "[TensorFormat]") {
  Tensor T = f32(iota(2000, 1.0f), {40, 50});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[[0.000e+00 1.000e+00 2.000e+00 ... 4.700e+01 4.800e+01 4.900e+01]\n "
        "[5.000e+01 5.100e+01 5.200e+01 ... 9.700e+01 9.800e+01 9.900e+01]\n "
        "[1.000e+02 1.010e+02 1.020e+02 ... 1.470e+02 1.480e+02 1.490e+02]\n "
        "...\n [1.850e+03 1.851e+03 1.852e+03 ... 1.897e+03 1.898e+03 "
        "1.899e+03]\n [1.900e+03 1.901e+03 1.902e+03 ... 1.947e+03 1.948e+03 "
        "1.949e+03]\n [1.950e+03 1.951e+03 1.952e+03 ... 1.997e+03 1.998e+03 "
        "1.999e+03]]");
  CHECK(numpyRepr(V) ==
        "array([[0.000e+00, 1.000e+00, 2.000e+00, ..., 4.700e+01, 4.800e+01,\n "
        "       4.900e+01],\n       [5.000e+01, 5.100e+01, 5.200e+01, ..., "
        "9.700e+01, 9.800e+01,\n        9.900e+01],\n       [1.000e+02, "
        "1.010e+02, 1.020e+02, ..., 1.470e+02, 1.480e+02,\n        "
        "1.490e+02],\n       ...,\n       [1.850e+03, 1.851e+03, 1.852e+03, "
        "..., 1.897e+03, 1.898e+03,\n        1.899e+03],\n       [1.900e+03, "
        "1.901e+03, 1.902e+03, ..., 1.947e+03, 1.948e+03,\n        "
        "1.949e+03],\n       [1.950e+03, 1.951e+03, 1.952e+03, ..., 1.997e+03, "
        "1.998e+03,\n        1.999e+03]], shape=(40, 50), dtype=float32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[[0.000e+00 1.000e+00 2.000e+00 ... 4.700e+01 4.800e+01 "
        "4.900e+01]\n [5.000e+01 5.100e+01 5.200e+01 ... 9.700e+01 9.800e+01 "
        "9.900e+01]\n [1.000e+02 1.010e+02 1.020e+02 ... 1.470e+02 1.480e+02 "
        "1.490e+02]\n ...\n [1.850e+03 1.851e+03 1.852e+03 ... 1.897e+03 "
        "1.898e+03 1.899e+03]\n [1.900e+03 1.901e+03 1.902e+03 ... 1.947e+03 "
        "1.948e+03 1.949e+03]\n [1.950e+03 1.951e+03 1.952e+03 ... 1.997e+03 "
        "1.998e+03 1.999e+03]], shape=(40, 50), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(40, 50), dtype=float32, numpy=\narray([[0.000e+00, "
        "1.000e+00, 2.000e+00, ..., 4.700e+01, 4.800e+01,\n        "
        "4.900e+01],\n       [5.000e+01, 5.100e+01, 5.200e+01, ..., 9.700e+01, "
        "9.800e+01,\n        9.900e+01],\n       [1.000e+02, 1.010e+02, "
        "1.020e+02, ..., 1.470e+02, 1.480e+02,\n        1.490e+02],\n       "
        "...,\n       [1.850e+03, 1.851e+03, 1.852e+03, ..., 1.897e+03, "
        "1.898e+03,\n        1.899e+03],\n       [1.900e+03, 1.901e+03, "
        "1.902e+03, ..., 1.947e+03, 1.948e+03,\n        1.949e+03],\n       "
        "[1.950e+03, 1.951e+03, 1.952e+03, ..., 1.997e+03, 1.998e+03,\n        "
        "1.999e+03]], shape=(40, 50), dtype=float32)>");
  CHECK(tfPrintFormat(V) ==
        "[[0 1 2 ... 47 48 49]\n [50 51 52 ... 97 98 99]\n [100 101 102 ... "
        "147 148 149]\n ...\n [1850 1851 1852 ... 1897 1898 1899]\n [1900 1901 "
        "1902 ... 1947 1948 1949]\n [1950 1951 1952 ... 1997 1998 1999]]");
}

TEST_CASE("TensorFormat: float32 summarized 1-d", "[TensorFormat]") {
  Tensor T = f32(iota(1001, 0.5f), {1001});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[  0.    0.5   1.  ... 499.  499.5 500. ]");
  CHECK(numpyRepr(V) == "array([  0. ,   0.5,   1. , ..., 499. , 499.5, 500. "
                        "],\n      shape=(1001,), dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([  0.    0.5   1.  ... 499.  499.5 500. ], "
                        "shape=(1001,), dtype=float32)");
  CHECK(
      tensorRepr(V) ==
      "<tf.Tensor: shape=(1001,), dtype=float32, numpy=\narray([  0. ,   0.5,  "
      " 1. , ..., 499. , 499.5, 500. ],\n      shape=(1001,), dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[0 0.5 1 ... 499 499.5 500]");
}

TEST_CASE("TensorFormat: float16 shortest digits", "[TensorFormat]") {
  Tensor T = f16({0x2e66, 0x3266, 0x7bff, 0x3c00});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.00e-01 2.00e-01 6.55e+04 1.00e+00]");
  CHECK(numpyRepr(V) ==
        "array([1.00e-01, 2.00e-01, 6.55e+04, 1.00e+00], dtype=float16)");
  CHECK(tensorStr(V) == "tf.Tensor([1.00e-01 2.00e-01 6.55e+04 1.00e+00], "
                        "shape=(4,), dtype=float16)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(4,), dtype=float16, numpy=array([1.00e-01, "
        "2.00e-01, 6.55e+04, 1.00e+00], dtype=float16)>");
  CHECK(tfPrintFormat(V) == "[0.0999755859 0.199951172 65504 1]");
}

TEST_CASE("TensorFormat: float16 subnormal and scientific", "[TensorFormat]") {
  Tensor T = f16({0x0001, 0x3c00});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[6.e-08 1.e+00]");
  CHECK(numpyRepr(V) == "array([6.e-08, 1.e+00], dtype=float16)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([6.e-08 1.e+00], shape=(2,), dtype=float16)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float16, "
                         "numpy=array([6.e-08, 1.e+00], dtype=float16)>");
  CHECK(tfPrintFormat(V) == "[5.96046448e-08 1]");
}

TEST_CASE("TensorFormat: float16 ratio computed in float16", "[TensorFormat]") {
  Tensor T = f16({0x63d0, 0x1400});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1.00e+03 9.77e-04]");
  CHECK(numpyRepr(V) == "array([1.00e+03, 9.77e-04], dtype=float16)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([1.00e+03 9.77e-04], shape=(2,), dtype=float16)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=float16, "
                         "numpy=array([1.00e+03, 9.77e-04], dtype=float16)>");
  CHECK(tfPrintFormat(V) == "[1000 0.0009765625]");
}

TEST_CASE("TensorFormat: bfloat16 prints like ml_dtypes", "[TensorFormat]") {
  Tensor T = bf16({0x3dcd, 0x4049, 0x5015, 0xc000, 0x42c8});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[0.100098 3.14062 9.99922e+09 -2 100]");
  CHECK(numpyRepr(V) ==
        "array([0.100098, 3.14062, 9.99922e+09, -2, 100], dtype=bfloat16)");
  CHECK(tensorStr(V) == "tf.Tensor([0.100098 3.14062 9.99922e+09 -2 100], "
                        "shape=(5,), dtype=bfloat16)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(5,), dtype=bfloat16, numpy=array([0.100098, "
        "3.14062, 9.99922e+09, -2, 100], dtype=bfloat16)>");
  CHECK(tfPrintFormat(V) == "[0.100097656 3.140625 9.99922074e+09 -2 100]");
}

TEST_CASE("TensorFormat: bfloat16 nan inf", "[TensorFormat]") {
  Tensor T = bf16({0x7fc0, 0xff80, 0x3f80});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[nan -inf 1]");
  CHECK(numpyRepr(V) == "array([nan, -inf, 1], dtype=bfloat16)");
  CHECK(tensorStr(V) == "tf.Tensor([nan -inf 1], shape=(3,), dtype=bfloat16)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=bfloat16, "
                         "numpy=array([nan, -inf, 1], dtype=bfloat16)>");
  CHECK(tfPrintFormat(V) == "[nan -inf 1]");
}

TEST_CASE("TensorFormat: int32 2-d", "[TensorFormat]") {
  Tensor T = i32({1, 2, 3, 4}, {2, 2});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[[1 2]\n [3 4]]");
  CHECK(numpyRepr(V) == "array([[1, 2],\n       [3, 4]], dtype=int32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n       "
        "[3, 4]], dtype=int32)>");
  CHECK(tfPrintFormat(V) == "[[1 2]\n [3 4]]");
}

TEST_CASE("TensorFormat: int32 right-aligned", "[TensorFormat]") {
  Tensor T = i32({-5, 100, 7, 12345});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[   -5   100     7 12345]");
  CHECK(numpyRepr(V) == "array([   -5,   100,     7, 12345], dtype=int32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor([   -5   100     7 12345], shape=(4,), dtype=int32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(4,), dtype=int32, numpy=array([   "
                         "-5,   100,     7, 12345], dtype=int32)>");
  CHECK(tfPrintFormat(V) == "[-5 100 7 12345]");
}

TEST_CASE("TensorFormat: int64 implied dtype", "[TensorFormat]") {
  Tensor T = i64({1, 2});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[1 2]");
  CHECK(numpyRepr(V) == "array([1, 2])");
  CHECK(tensorStr(V) == "tf.Tensor([1 2], shape=(2,), dtype=int64)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])>");
  CHECK(tfPrintFormat(V) == "[1 2]");
}

TEST_CASE("TensorFormat: int64 extremes", "[TensorFormat]") {
  Tensor T = i64({INT64_MIN, INT64_MAX});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[-9223372036854775808  9223372036854775807]");
  CHECK(numpyRepr(V) == "array([-9223372036854775808,  9223372036854775807])");
  CHECK(tensorStr(V) == "tf.Tensor([-9223372036854775808  "
                        "9223372036854775807], shape=(2,), dtype=int64)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2,), dtype=int64, "
        "numpy=array([-9223372036854775808,  9223372036854775807])>");
  CHECK(tfPrintFormat(V) == "[-9223372036854775808 9223372036854775807]");
}

TEST_CASE("TensorFormat: int8 uint8 int16", "[TensorFormat]") {
  Tensor T = i8({-128, 0, 127});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[-128    0  127]");
  CHECK(numpyRepr(V) == "array([-128,    0,  127], dtype=int8)");
  CHECK(tensorStr(V) == "tf.Tensor([-128    0  127], shape=(3,), dtype=int8)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=int8, "
                         "numpy=array([-128,    0,  127], dtype=int8)>");
  CHECK(tfPrintFormat(V) == "[-128 0 127]");
}

TEST_CASE("TensorFormat: uint8", "[TensorFormat]") {
  Tensor T = u8({0, 200, 255});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[  0 200 255]");
  CHECK(numpyRepr(V) == "array([  0, 200, 255], dtype=uint8)");
  CHECK(tensorStr(V) == "tf.Tensor([  0 200 255], shape=(3,), dtype=uint8)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=uint8, numpy=array([  "
                         "0, 200, 255], dtype=uint8)>");
  CHECK(tfPrintFormat(V) == "[0 200 255]");
}

TEST_CASE("TensorFormat: int16", "[TensorFormat]") {
  Tensor T = i16({-300, 4});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[-300    4]");
  CHECK(numpyRepr(V) == "array([-300,    4], dtype=int16)");
  CHECK(tensorStr(V) == "tf.Tensor([-300    4], shape=(2,), dtype=int16)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=int16, "
                         "numpy=array([-300,    4], dtype=int16)>");
  CHECK(tfPrintFormat(V) == "[-300 4]");
}

TEST_CASE("TensorFormat: int32 wraps", "[TensorFormat]") {
  Tensor T = i32(iotaI(40), {40});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 "
        "23\n 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39]");
  CHECK(numpyRepr(V) ==
        "array([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, "
        "15, 16,\n       17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, "
        "30, 31, 32, 33,\n       34, 35, 36, 37, 38, 39], dtype=int32)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 "
        "19 20 21 22 23\n 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39], "
        "shape=(40,), dtype=int32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(40,), dtype=int32, numpy=\narray([ 0,  1,  2,  3,  "
        "4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16,\n       17, 18, "
        "19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,\n       "
        "34, 35, 36, 37, 38, 39], dtype=int32)>");
  CHECK(tfPrintFormat(V) == "[0 1 2 ... 37 38 39]");
}

TEST_CASE("TensorFormat: int32 summarized", "[TensorFormat]") {
  Tensor T = i32(iotaI(2000), {2000});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[   0    1    2 ... 1997 1998 1999]");
  CHECK(numpyRepr(V) == "array([   0,    1,    2, ..., 1997, 1998, 1999],\n    "
                        "  shape=(2000,), dtype=int32)");
  CHECK(tensorStr(V) == "tf.Tensor([   0    1    2 ... 1997 1998 1999], "
                        "shape=(2000,), dtype=int32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2000,), dtype=int32, numpy=\narray([   0,    1,    "
        "2, ..., 1997, 1998, 1999],\n      shape=(2000,), dtype=int32)>");
  CHECK(tfPrintFormat(V) == "[0 1 2 ... 1997 1998 1999]");
}

TEST_CASE("TensorFormat: int32 3-d", "[TensorFormat]") {
  Tensor T = i32(iotaI(12), {2, 2, 3});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[[[ 0  1  2]\n  [ 3  4  5]]\n\n [[ 6  7  8]\n  [ 9 10 11]]]");
  CHECK(numpyRepr(V) ==
        "array([[[ 0,  1,  2],\n        [ 3,  4,  5]],\n\n       [[ 6,  7,  "
        "8],\n        [ 9, 10, 11]]], dtype=int32)");
  CHECK(tensorStr(V) == "tf.Tensor(\n[[[ 0  1  2]\n  [ 3  4  5]]\n\n [[ 6  7  "
                        "8]\n  [ 9 10 11]]], shape=(2, 2, 3), dtype=int32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 2, 3), dtype=int32, numpy=\narray([[[ 0,  1,  "
        "2],\n        [ 3,  4,  5]],\n\n       [[ 6,  7,  8],\n        [ 9, "
        "10, 11]]], dtype=int32)>");
  CHECK(tfPrintFormat(V) ==
        "[[[0 1 2]\n  [3 4 5]]\n\n [[6 7 8]\n  [9 10 11]]]");
}

TEST_CASE("TensorFormat: int32 3-d summarized", "[TensorFormat]") {
  Tensor T = i32(iotaI(1200), {12, 10, 10});
  TensorView V = T.view();
  CHECK(
      numpyStr(V) ==
      "[[[   0    1    2 ...    7    8    9]\n  [  10   11   12 ...   17   18  "
      " 19]\n  [  20   21   22 ...   27   28   29]\n  ...\n  [  70   71   72 "
      "...   77   78   79]\n  [  80   81   82 ...   87   88   89]\n  [  90   "
      "91   92 ...   97   98   99]]\n\n [[ 100  101  102 ...  107  108  109]\n "
      " [ 110  111  112 ...  117  118  119]\n  [ 120  121  122 ...  127  128  "
      "129]\n  ...\n  [ 170  171  172 ...  177  178  179]\n  [ 180  181  182 "
      "...  187  188  189]\n  [ 190  191  192 ...  197  198  199]]\n\n [[ 200  "
      "201  202 ...  207  208  209]\n  [ 210  211  212 ...  217  218  219]\n  "
      "[ 220  221  222 ...  227  228  229]\n  ...\n  [ 270  271  272 ...  277  "
      "278  279]\n  [ 280  281  282 ...  287  288  289]\n  [ 290  291  292 ... "
      " 297  298  299]]\n\n ...\n\n [[ 900  901  902 ...  907  908  909]\n  [ "
      "910  911  912 ...  917  918  919]\n  [ 920  921  922 ...  927  928  "
      "929]\n  ...\n  [ 970  971  972 ...  977  978  979]\n  [ 980  981  982 "
      "...  987  988  989]\n  [ 990  991  992 ...  997  998  999]]\n\n [[1000 "
      "1001 1002 ... 1007 1008 1009]\n  [1010 1011 1012 ... 1017 1018 1019]\n  "
      "[1020 1021 1022 ... 1027 1028 1029]\n  ...\n  [1070 1071 1072 ... 1077 "
      "1078 1079]\n  [1080 1081 1082 ... 1087 1088 1089]\n  [1090 1091 1092 "
      "... 1097 1098 1099]]\n\n [[1100 1101 1102 ... 1107 1108 1109]\n  [1110 "
      "1111 1112 ... 1117 1118 1119]\n  [1120 1121 1122 ... 1127 1128 1129]\n  "
      "...\n  [1170 1171 1172 ... 1177 1178 1179]\n  [1180 1181 1182 ... 1187 "
      "1188 1189]\n  [1190 1191 1192 ... 1197 1198 1199]]]");
  CHECK(
      numpyRepr(V) ==
      "array([[[   0,    1,    2, ...,    7,    8,    9],\n        [  10,   "
      "11,   12, ...,   17,   18,   19],\n        [  20,   21,   22, ...,   "
      "27,   28,   29],\n        ...,\n        [  70,   71,   72, ...,   77,   "
      "78,   79],\n        [  80,   81,   82, ...,   87,   88,   89],\n        "
      "[  90,   91,   92, ...,   97,   98,   99]],\n\n       [[ 100,  101,  "
      "102, ...,  107,  108,  109],\n        [ 110,  111,  112, ...,  117,  "
      "118,  119],\n        [ 120,  121,  122, ...,  127,  128,  129],\n       "
      " ...,\n        [ 170,  171,  172, ...,  177,  178,  179],\n        [ "
      "180,  181,  182, ...,  187,  188,  189],\n        [ 190,  191,  192, "
      "...,  197,  198,  199]],\n\n       [[ 200,  201,  202, ...,  207,  208, "
      " 209],\n        [ 210,  211,  212, ...,  217,  218,  219],\n        [ "
      "220,  221,  222, ...,  227,  228,  229],\n        ...,\n        [ 270,  "
      "271,  272, ...,  277,  278,  279],\n        [ 280,  281,  282, ...,  "
      "287,  288,  289],\n        [ 290,  291,  292, ...,  297,  298,  "
      "299]],\n\n       ...,\n\n       [[ 900,  901,  902, ...,  907,  908,  "
      "909],\n        [ 910,  911,  912, ...,  917,  918,  919],\n        [ "
      "920,  921,  922, ...,  927,  928,  929],\n        ...,\n        [ 970,  "
      "971,  972, ...,  977,  978,  979],\n        [ 980,  981,  982, ...,  "
      "987,  988,  989],\n        [ 990,  991,  992, ...,  997,  998,  "
      "999]],\n\n       [[1000, 1001, 1002, ..., 1007, 1008, 1009],\n        "
      "[1010, 1011, 1012, ..., 1017, 1018, 1019],\n        [1020, 1021, 1022, "
      "..., 1027, 1028, 1029],\n        ...,\n        [1070, 1071, 1072, ..., "
      "1077, 1078, 1079],\n        [1080, 1081, 1082, ..., 1087, 1088, "
      "1089],\n        [1090, 1091, 1092, ..., 1097, 1098, 1099]],\n\n       "
      "[[1100, 1101, 1102, ..., 1107, 1108, 1109],\n        [1110, 1111, 1112, "
      "..., 1117, 1118, 1119],\n        [1120, 1121, 1122, ..., 1127, 1128, "
      "1129],\n        ...,\n        [1170, 1171, 1172, ..., 1177, 1178, "
      "1179],\n        [1180, 1181, 1182, ..., 1187, 1188, 1189],\n        "
      "[1190, 1191, 1192, ..., 1197, 1198, 1199]]],\n      shape=(12, 10, 10), "
      "dtype=int32)");
  CHECK(
      tensorStr(V) ==
      "tf.Tensor(\n[[[   0    1    2 ...    7    8    9]\n  [  10   11   12 "
      "...   17   18   19]\n  [  20   21   22 ...   27   28   29]\n  ...\n  [  "
      "70   71   72 ...   77   78   79]\n  [  80   81   82 ...   87   88   "
      "89]\n  [  90   91   92 ...   97   98   99]]\n\n [[ 100  101  102 ...  "
      "107  108  109]\n  [ 110  111  112 ...  117  118  119]\n  [ 120  121  "
      "122 ...  127  128  129]\n  ...\n  [ 170  171  172 ...  177  178  179]\n "
      " [ 180  181  182 ...  187  188  189]\n  [ 190  191  192 ...  197  198  "
      "199]]\n\n [[ 200  201  202 ...  207  208  209]\n  [ 210  211  212 ...  "
      "217  218  219]\n  [ 220  221  222 ...  227  228  229]\n  ...\n  [ 270  "
      "271  272 ...  277  278  279]\n  [ 280  281  282 ...  287  288  289]\n  "
      "[ 290  291  292 ...  297  298  299]]\n\n ...\n\n [[ 900  901  902 ...  "
      "907  908  909]\n  [ 910  911  912 ...  917  918  919]\n  [ 920  921  "
      "922 ...  927  928  929]\n  ...\n  [ 970  971  972 ...  977  978  979]\n "
      " [ 980  981  982 ...  987  988  989]\n  [ 990  991  992 ...  997  998  "
      "999]]\n\n [[1000 1001 1002 ... 1007 1008 1009]\n  [1010 1011 1012 ... "
      "1017 1018 1019]\n  [1020 1021 1022 ... 1027 1028 1029]\n  ...\n  [1070 "
      "1071 1072 ... 1077 1078 1079]\n  [1080 1081 1082 ... 1087 1088 1089]\n  "
      "[1090 1091 1092 ... 1097 1098 1099]]\n\n [[1100 1101 1102 ... 1107 1108 "
      "1109]\n  [1110 1111 1112 ... 1117 1118 1119]\n  [1120 1121 1122 ... "
      "1127 1128 1129]\n  ...\n  [1170 1171 1172 ... 1177 1178 1179]\n  [1180 "
      "1181 1182 ... 1187 1188 1189]\n  [1190 1191 1192 ... 1197 1198 1199]]], "
      "shape=(12, 10, 10), dtype=int32)");
  CHECK(
      tensorRepr(V) ==
      "<tf.Tensor: shape=(12, 10, 10), dtype=int32, numpy=\narray([[[   0,    "
      "1,    2, ...,    7,    8,    9],\n        [  10,   11,   12, ...,   17, "
      "  18,   19],\n        [  20,   21,   22, ...,   27,   28,   29],\n      "
      "  ...,\n        [  70,   71,   72, ...,   77,   78,   79],\n        [  "
      "80,   81,   82, ...,   87,   88,   89],\n        [  90,   91,   92, "
      "...,   97,   98,   99]],\n\n       [[ 100,  101,  102, ...,  107,  108, "
      " 109],\n        [ 110,  111,  112, ...,  117,  118,  119],\n        [ "
      "120,  121,  122, ...,  127,  128,  129],\n        ...,\n        [ 170,  "
      "171,  172, ...,  177,  178,  179],\n        [ 180,  181,  182, ...,  "
      "187,  188,  189],\n        [ 190,  191,  192, ...,  197,  198,  "
      "199]],\n\n       [[ 200,  201,  202, ...,  207,  208,  209],\n        [ "
      "210,  211,  212, ...,  217,  218,  219],\n        [ 220,  221,  222, "
      "...,  227,  228,  229],\n        ...,\n        [ 270,  271,  272, ...,  "
      "277,  278,  279],\n        [ 280,  281,  282, ...,  287,  288,  289],\n "
      "       [ 290,  291,  292, ...,  297,  298,  299]],\n\n       ...,\n\n   "
      "    [[ 900,  901,  902, ...,  907,  908,  909],\n        [ 910,  911,  "
      "912, ...,  917,  918,  919],\n        [ 920,  921,  922, ...,  927,  "
      "928,  929],\n        ...,\n        [ 970,  971,  972, ...,  977,  978,  "
      "979],\n        [ 980,  981,  982, ...,  987,  988,  989],\n        [ "
      "990,  991,  992, ...,  997,  998,  999]],\n\n       [[1000, 1001, 1002, "
      "..., 1007, 1008, 1009],\n        [1010, 1011, 1012, ..., 1017, 1018, "
      "1019],\n        [1020, 1021, 1022, ..., 1027, 1028, 1029],\n        "
      "...,\n        [1070, 1071, 1072, ..., 1077, 1078, 1079],\n        "
      "[1080, 1081, 1082, ..., 1087, 1088, 1089],\n        [1090, 1091, 1092, "
      "..., 1097, 1098, 1099]],\n\n       [[1100, 1101, 1102, ..., 1107, 1108, "
      "1109],\n        [1110, 1111, 1112, ..., 1117, 1118, 1119],\n        "
      "[1120, 1121, 1122, ..., 1127, 1128, 1129],\n        ...,\n        "
      "[1170, 1171, 1172, ..., 1177, 1178, 1179],\n        [1180, 1181, 1182, "
      "..., 1187, 1188, 1189],\n        [1190, 1191, 1192, ..., 1197, 1198, "
      "1199]]],\n      shape=(12, 10, 10), dtype=int32)>");
  CHECK(tfPrintFormat(V) ==
        "[[[0 1 2 ... 7 8 9]\n  [10 11 12 ... 17 18 19]\n  [20 21 22 ... 27 28 "
        "29]\n  ...\n  [70 71 72 ... 77 78 79]\n  [80 81 82 ... 87 88 89]\n  "
        "[90 91 92 ... 97 98 99]]\n\n [[100 101 102 ... 107 108 109]\n  [110 "
        "111 112 ... 117 118 119]\n  [120 121 122 ... 127 128 129]\n  ...\n  "
        "[170 171 172 ... 177 178 179]\n  [180 181 182 ... 187 188 189]\n  "
        "[190 191 192 ... 197 198 199]]\n\n [[200 201 202 ... 207 208 209]\n  "
        "[210 211 212 ... 217 218 219]\n  [220 221 222 ... 227 228 229]\n  "
        "...\n  [270 271 272 ... 277 278 279]\n  [280 281 282 ... 287 288 "
        "289]\n  [290 291 292 ... 297 298 299]]\n\n ...\n\n [[900 901 902 ... "
        "907 908 909]\n  [910 911 912 ... 917 918 919]\n  [920 921 922 ... 927 "
        "928 929]\n  ...\n  [970 971 972 ... 977 978 979]\n  [980 981 982 ... "
        "987 988 989]\n  [990 991 992 ... 997 998 999]]\n\n [[1000 1001 1002 "
        "... 1007 1008 1009]\n  [1010 1011 1012 ... 1017 1018 1019]\n  [1020 "
        "1021 1022 ... 1027 1028 1029]\n  ...\n  [1070 1071 1072 ... 1077 1078 "
        "1079]\n  [1080 1081 1082 ... 1087 1088 1089]\n  [1090 1091 1092 ... "
        "1097 1098 1099]]\n\n [[1100 1101 1102 ... 1107 1108 1109]\n  [1110 "
        "1111 1112 ... 1117 1118 1119]\n  [1120 1121 1122 ... 1127 1128 "
        "1129]\n  ...\n  [1170 1171 1172 ... 1177 1178 1179]\n  [1180 1181 "
        "1182 ... 1187 1188 1189]\n  [1190 1191 1192 ... 1197 1198 1199]]]");
}

TEST_CASE("TensorFormat: int32 4-d", "[TensorFormat]") {
  Tensor T = i32(iotaI(16), {2, 2, 2, 2});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[[[[ 0  1]\n   [ 2  3]]\n\n  [[ 4  5]\n   [ 6  7]]]\n\n\n [[[ 8  9]\n "
        "  [10 11]]\n\n  [[12 13]\n   [14 15]]]]");
  CHECK(numpyRepr(V) ==
        "array([[[[ 0,  1],\n         [ 2,  3]],\n\n        [[ 4,  5],\n       "
        "  [ 6,  7]]],\n\n\n       [[[ 8,  9],\n         [10, 11]],\n\n        "
        "[[12, 13],\n         [14, 15]]]], dtype=int32)");
  CHECK(tensorStr(V) == "tf.Tensor(\n[[[[ 0  1]\n   [ 2  3]]\n\n  [[ 4  5]\n   "
                        "[ 6  7]]]\n\n\n [[[ 8  9]\n   [10 11]]\n\n  [[12 "
                        "13]\n   [14 15]]]], shape=(2, 2, 2, 2), dtype=int32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 2, 2, 2), dtype=int32, numpy=\narray([[[[ 0,  "
        "1],\n         [ 2,  3]],\n\n        [[ 4,  5],\n         [ 6,  "
        "7]]],\n\n\n       [[[ 8,  9],\n         [10, 11]],\n\n        [[12, "
        "13],\n         [14, 15]]]], dtype=int32)>");
  CHECK(tfPrintFormat(V) ==
        "[[[[0 1]\n   [2 3]]\n\n  [[4 5]\n   [6 7]]]\n\n\n [[[8 9]\n   [10 "
        "11]]\n\n  [[12 13]\n   [14 15]]]]");
}

TEST_CASE("TensorFormat: int8 wraps", "[TensorFormat]") {
  Tensor T = i8(iotaI8(22), {22});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[  0   5  10  15  20  25  30  35  40  45  50  55  60  "
                       "65  70  75  80  85\n  90  95 100 105]");
  CHECK(
      numpyRepr(V) ==
      "array([  0,   5,  10,  15,  20,  25,  30,  35,  40,  45,  50,  55,  "
      "60,\n        65,  70,  75,  80,  85,  90,  95, 100, 105], dtype=int8)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[  0   5  10  15  20  25  30  35  40  45  50  55  60  65  "
        "70  75  80  85\n  90  95 100 105], shape=(22,), dtype=int8)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(22,), dtype=int8, numpy=\narray([  0,   5,  10,  "
        "15,  20,  25,  30,  35,  40,  45,  50,  55,  60,\n        65,  70,  "
        "75,  80,  85,  90,  95, 100, 105], dtype=int8)>");
  CHECK(tfPrintFormat(V) == "[0 5 10 ... 95 100 105]");
}

TEST_CASE("TensorFormat: int32 dtype moves to next line", "[TensorFormat]") {
  Tensor T = i32(iotaStep(11, 100));
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[   0  100  200  300  400  500  600  700  800  900 1000]");
  CHECK(numpyRepr(V) == "array([   0,  100,  200,  300,  400,  500,  600,  "
                        "700,  800,  900, 1000],\n      dtype=int32)");
  CHECK(tensorStr(V) == "tf.Tensor([   0  100  200  300  400  500  600  700  "
                        "800  900 1000], shape=(11,), dtype=int32)");
  CHECK(
      tensorRepr(V) ==
      "<tf.Tensor: shape=(11,), dtype=int32, numpy=\narray([   0,  100,  200,  "
      "300,  400,  500,  600,  700,  800,  900, 1000],\n      dtype=int32)>");
  CHECK(tfPrintFormat(V) == "[0 100 200 ... 800 900 1000]");
}

TEST_CASE("TensorFormat: bool", "[TensorFormat]") {
  Tensor T = b({true, false, true});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[ True False  True]");
  CHECK(numpyRepr(V) == "array([ True, False,  True])");
  CHECK(tensorStr(V) ==
        "tf.Tensor([ True False  True], shape=(3,), dtype=bool)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(3,), dtype=bool, numpy=array([ "
                         "True, False,  True])>");
  CHECK(tfPrintFormat(V) == "[1 0 1]");
}

TEST_CASE("TensorFormat: bool 2-d", "[TensorFormat]") {
  Tensor T = b({true, false, false, true}, {2, 2});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[[ True False]\n [False  True]]");
  CHECK(numpyRepr(V) == "array([[ True, False],\n       [False,  True]])");
  CHECK(
      tensorStr(V) ==
      "tf.Tensor(\n[[ True False]\n [False  True]], shape=(2, 2), dtype=bool)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 2), dtype=bool, numpy=\narray([[ True, "
        "False],\n       [False,  True]])>");
  CHECK(tfPrintFormat(V) == "[[1 0]\n [0 1]]");
}

TEST_CASE("TensorFormat: 0-d float32", "[TensorFormat]") {
  Tensor T = f32({3.0f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "3.0");
  CHECK(numpyScalarRepr(V) == "np.float32(3.0)");
  CHECK(numpyRepr(V) == "array(3., dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(3.0, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=float32, numpy=3.0>");
  CHECK(tfPrintFormat(V) == "3");
}

TEST_CASE("TensorFormat: 0-d float32 small", "[TensorFormat]") {
  Tensor T = f32({1e-05f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "1e-05");
  CHECK(numpyScalarRepr(V) == "np.float32(1e-05)");
  CHECK(numpyRepr(V) == "array(1.e-05, dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(1e-05, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=float32, numpy=9.999999747378752e-06>");
  CHECK(tfPrintFormat(V) == "1e-05");
}

TEST_CASE("TensorFormat: 0-d float32 0.1", "[TensorFormat]") {
  Tensor T = f32({0.1f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "0.1");
  CHECK(numpyScalarRepr(V) == "np.float32(0.1)");
  CHECK(numpyRepr(V) == "array(0.1, dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(0.1, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=float32, numpy=0.10000000149011612>");
  CHECK(tfPrintFormat(V) == "0.1");
}

TEST_CASE("TensorFormat: 0-d float32 large", "[TensorFormat]") {
  Tensor T = f32({123456789.0f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "123456790.0");
  CHECK(numpyScalarRepr(V) == "np.float32(123456790.0)");
  CHECK(numpyRepr(V) == "array(1.2345679e+08, dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(123456790.0, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=float32, numpy=123456792.0>");
  CHECK(tfPrintFormat(V) == "123456792");
}

TEST_CASE("TensorFormat: 0-d float32 1e16", "[TensorFormat]") {
  Tensor T = f32({1e16f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "1e+16");
  CHECK(numpyScalarRepr(V) == "np.float32(1e+16)");
  CHECK(numpyRepr(V) == "array(1.e+16, dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(1e+16, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=float32, numpy=1.0000000272564224e+16>");
  CHECK(tfPrintFormat(V) == "1e+16");
}

TEST_CASE("TensorFormat: 0-d float32 -0", "[TensorFormat]") {
  Tensor T = f32({-0.0f}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "-0.0");
  CHECK(numpyScalarRepr(V) == "np.float32(-0.0)");
  CHECK(numpyRepr(V) == "array(-0., dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(-0.0, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=float32, numpy=-0.0>");
  CHECK(tfPrintFormat(V) == "-0");
}

TEST_CASE("TensorFormat: 0-d float32 nan", "[TensorFormat]") {
  Tensor T = f32({NaNf}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "nan");
  CHECK(numpyScalarRepr(V) == "np.float32(nan)");
  CHECK(numpyRepr(V) == "array(nan, dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor(nan, shape=(), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=float32, numpy=nan>");
  CHECK(tfPrintFormat(V) == "nan");
}

TEST_CASE("TensorFormat: 0-d float64", "[TensorFormat]") {
  Tensor T = f64({0.1}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "0.1");
  CHECK(numpyScalarRepr(V) == "np.float64(0.1)");
  CHECK(numpyRepr(V) == "array(0.1)");
  CHECK(tensorStr(V) == "tf.Tensor(0.1, shape=(), dtype=float64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=float64, numpy=0.1>");
  CHECK(tfPrintFormat(V) == "0.1");
}

TEST_CASE("TensorFormat: 0-d float16", "[TensorFormat]") {
  Tensor T = f16({0x2e66}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "0.1");
  CHECK(numpyScalarRepr(V) == "np.float16(0.1)");
  CHECK(numpyRepr(V) == "array(0.1, dtype=float16)");
  CHECK(tensorStr(V) == "tf.Tensor(0.1, shape=(), dtype=float16)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=float16, numpy=0.0999755859375>");
  CHECK(tfPrintFormat(V) == "0.0999755859");
}

TEST_CASE("TensorFormat: 0-d bfloat16", "[TensorFormat]") {
  Tensor T = bf16({0x4049}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "3.14062");
  CHECK(numpyScalarRepr(V) == "3.14062");
  CHECK(numpyRepr(V) == "array(3.14062, dtype=bfloat16)");
  CHECK(tensorStr(V) == "tf.Tensor(3.14062, shape=(), dtype=bfloat16)");
  // The repr shows the Python float the scalar converts to, as TensorFlow
  // 2.20 does (recorded: `repr(tf.constant(3.14159, tf.bfloat16))`).
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=bfloat16, numpy=3.140625>");
  CHECK(tfPrintFormat(V) == "3.140625");
}

TEST_CASE("TensorFormat: 0-d int32", "[TensorFormat]") {
  Tensor T = i32({3}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "3");
  CHECK(numpyScalarRepr(V) == "np.int32(3)");
  CHECK(numpyRepr(V) == "array(3, dtype=int32)");
  CHECK(tensorStr(V) == "tf.Tensor(3, shape=(), dtype=int32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=int32, numpy=3>");
  CHECK(tfPrintFormat(V) == "3");
}

TEST_CASE("TensorFormat: 0-d int64", "[TensorFormat]") {
  Tensor T = i64({-7}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "-7");
  CHECK(numpyScalarRepr(V) == "np.int64(-7)");
  CHECK(numpyRepr(V) == "array(-7)");
  CHECK(tensorStr(V) == "tf.Tensor(-7, shape=(), dtype=int64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=int64, numpy=-7>");
  CHECK(tfPrintFormat(V) == "-7");
}

TEST_CASE("TensorFormat: 0-d bool", "[TensorFormat]") {
  Tensor T = b({true}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "True");
  CHECK(numpyScalarRepr(V) == "np.True_");
  CHECK(numpyRepr(V) == "array(True)");
  CHECK(tensorStr(V) == "tf.Tensor(True, shape=(), dtype=bool)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=bool, numpy=True>");
  CHECK(tfPrintFormat(V) == "1");
}

TEST_CASE("TensorFormat: 0-d string", "[TensorFormat]") {
  Tensor T = s({"abc"}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "b'abc'");
  CHECK(numpyScalarRepr(V) == "np.bytes_(b'abc')");
  CHECK(numpyRepr(V) == "array(b'abc', dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor(b'abc', shape=(), dtype=string)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(), dtype=string, numpy=b'abc'>");
  CHECK(tfPrintFormat(V) == "abc");
}

TEST_CASE("TensorFormat: 0-d string with quote", "[TensorFormat]") {
  Tensor T = s({"it's\n"}, {});
  TensorView V = T.view();
  CHECK(numpyScalarStr(V) == "b\"it's\\n\"");
  CHECK(numpyScalarRepr(V) == "np.bytes_(b\"it's\\n\")");
  CHECK(numpyRepr(V) == "array(b\"it's\\n\", dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor(b\"it's\\n\", shape=(), dtype=string)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(), dtype=string, numpy=b\"it's\\n\">");
  CHECK(tfPrintFormat(V) == "it's\n");
}

TEST_CASE("TensorFormat: empty float32", "[TensorFormat]") {
  Tensor T = f32({}, {0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(0,), dtype=float32)");
  CHECK(
      tensorRepr(V) ==
      "<tf.Tensor: shape=(0,), dtype=float32, numpy=array([], dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[]");
}

TEST_CASE("TensorFormat: empty float32 (0, 3)", "[TensorFormat]") {
  Tensor T = f32({}, {0, 3});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], shape=(0, 3), dtype=float32)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(0, 3), dtype=float32)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(0, 3), dtype=float32, "
                         "numpy=array([], shape=(0, 3), dtype=float32)>");
  CHECK(tfPrintFormat(V) == "[]");
}

TEST_CASE("TensorFormat: empty int64", "[TensorFormat]") {
  Tensor T = i64({}, {0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], dtype=int64)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(0,), dtype=int64)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(0,), dtype=int64, numpy=array([], dtype=int64)>");
  CHECK(tfPrintFormat(V) == "[]");
}

TEST_CASE("TensorFormat: empty int64 (2, 0)", "[TensorFormat]") {
  Tensor T = i64({}, {2, 0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], shape=(2, 0), dtype=int64)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(2, 0), dtype=int64)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2, 0), dtype=int64, "
                         "numpy=array([], shape=(2, 0), dtype=int64)>");
  CHECK(tfPrintFormat(V) == "[\n ...]");
}

TEST_CASE("TensorFormat: empty bool", "[TensorFormat]") {
  Tensor T = b({}, {0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], dtype=bool)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(0,), dtype=bool)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(0,), dtype=bool, numpy=array([], dtype=bool)>");
  CHECK(tfPrintFormat(V) == "");
}

TEST_CASE("TensorFormat: empty string", "[TensorFormat]") {
  Tensor T = s({}, {0});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[]");
  CHECK(numpyRepr(V) == "array([], dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor([], shape=(0,), dtype=string)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(0,), dtype=string, numpy=array([], dtype=object)>");
  CHECK(tfPrintFormat(V) == "[]");
}

TEST_CASE("TensorFormat: strings", "[TensorFormat]") {
  Tensor T = s({"a", "bc"});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[b'a' b'bc']");
  CHECK(numpyRepr(V) == "array([b'a', b'bc'], dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor([b'a' b'bc'], shape=(2,), dtype=string)");
  CHECK(tensorRepr(V) == "<tf.Tensor: shape=(2,), dtype=string, "
                         "numpy=array([b'a', b'bc'], dtype=object)>");
  CHECK(tfPrintFormat(V) == "[\"a\" \"bc\"]");
}

TEST_CASE("TensorFormat: strings quotes and escapes", "[TensorFormat]") {
  Tensor T =
      s({"it's", "say \"hi\"", "both'\"", std::string("\0\x01\t\xff", 4)});
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[b\"it's\" b'say \"hi\"' b'both\\'\"' b'\\x00\\x01\\t\\xff']");
  CHECK(numpyRepr(V) == "array([b\"it's\", b'say \"hi\"', b'both\\'\"', "
                        "b'\\x00\\x01\\t\\xff'], dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor([b\"it's\" b'say \"hi\"' b'both\\'\"' "
                        "b'\\x00\\x01\\t\\xff'], shape=(4,), dtype=string)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(4,), dtype=string, numpy=array([b\"it's\", b'say "
        "\"hi\"', b'both\\'\"', b'\\x00\\x01\\t\\xff'], dtype=object)>");
  CHECK(
      tfPrintFormat(V) ==
      "[\"it\\'s\" \"say \\\"hi\\\"\" \"both\\'\\\"\" \"\\000\\001\\t\xff\"]");
}

TEST_CASE("TensorFormat: strings 2-d", "[TensorFormat]") {
  Tensor T = s({"a", "bb", "ccc", "d"}, {2, 2});
  TensorView V = T.view();
  CHECK(numpyStr(V) == "[[b'a' b'bb']\n [b'ccc' b'd']]");
  CHECK(numpyRepr(V) ==
        "array([[b'a', b'bb'],\n       [b'ccc', b'd']], dtype=object)");
  CHECK(tensorStr(V) == "tf.Tensor(\n[[b'a' b'bb']\n [b'ccc' b'd']], shape=(2, "
                        "2), dtype=string)");
  CHECK(tensorRepr(V) ==
        "<tf.Tensor: shape=(2, 2), dtype=string, numpy=\narray([[b'a', "
        "b'bb'],\n       [b'ccc', b'd']], dtype=object)>");
  CHECK(tfPrintFormat(V) == "[[\"a\" \"bb\"]\n [\"ccc\" \"d\"]]");
}

TEST_CASE("TensorFormat: strings wrap", "[TensorFormat]") {
  Tensor T = s(repeatStr("hello world", 8));
  TensorView V = T.view();
  CHECK(numpyStr(V) ==
        "[b'hello world' b'hello world' b'hello world' b'hello world'\n "
        "b'hello world' b'hello world' b'hello world' b'hello world']");
  CHECK(numpyRepr(V) ==
        "array([b'hello world', b'hello world', b'hello world', b'hello "
        "world',\n       b'hello world', b'hello world', b'hello world', "
        "b'hello world'],\n      dtype=object)");
  CHECK(tensorStr(V) ==
        "tf.Tensor(\n[b'hello world' b'hello world' b'hello world' b'hello "
        "world'\n b'hello world' b'hello world' b'hello world' b'hello "
        "world'], shape=(8,), dtype=string)");
  CHECK(
      tensorRepr(V) ==
      "<tf.Tensor: shape=(8,), dtype=string, numpy=\narray([b'hello world', "
      "b'hello world', b'hello world', b'hello world',\n       b'hello world', "
      "b'hello world', b'hello world', b'hello world'],\n      dtype=object)>");
  CHECK(tfPrintFormat(V) ==
        "[\"hello world\" \"hello world\" \"hello world\" ... \"hello world\" "
        "\"hello world\" \"hello world\"]");
}

TEST_CASE("TensorFormat: tf.print range(100) summarized", "[TensorFormat]") {
  Tensor T = i32(iotaI(100));
  CHECK(tfPrintFormat(T.view()) == "[0 1 2 ... 97 98 99]");
}

TEST_CASE("TensorFormat: tf.print 7 elements summarized, 6 not",
          "[TensorFormat]") {
  Tensor T = i32(iotaI(7));
  CHECK(tfPrintFormat(T.view()) == "[0 1 2 ... 4 5 6]");
}

TEST_CASE("TensorFormat: tf.print 6 elements", "[TensorFormat]") {
  Tensor T = i32(iotaI(6));
  CHECK(tfPrintFormat(T.view()) == "[0 1 2 3 4 5]");
}

TEST_CASE("TensorFormat: tf.print 3-d summarized", "[TensorFormat]") {
  Tensor T = i32(iotaI(512), {8, 8, 8});
  CHECK(tfPrintFormat(T.view()) ==
        "[[[0 1 2 ... 5 6 7]\n  [8 9 10 ... 13 14 15]\n  [16 17 18 ... 21 22 "
        "23]\n  ...\n  [40 41 42 ... 45 46 47]\n  [48 49 50 ... 53 54 55]\n  "
        "[56 57 58 ... 61 62 63]]\n\n [[64 65 66 ... 69 70 71]\n  [72 73 74 "
        "... 77 78 79]\n  [80 81 82 ... 85 86 87]\n  ...\n  [104 105 106 ... "
        "109 110 111]\n  [112 113 114 ... 117 118 119]\n  [120 121 122 ... 125 "
        "126 127]]\n\n [[128 129 130 ... 133 134 135]\n  [136 137 138 ... 141 "
        "142 143]\n  [144 145 146 ... 149 150 151]\n  ...\n  [168 169 170 ... "
        "173 174 175]\n  [176 177 178 ... 181 182 183]\n  [184 185 186 ... 189 "
        "190 191]]\n\n ...\n\n [[320 321 322 ... 325 326 327]\n  [328 329 330 "
        "... 333 334 335]\n  [336 337 338 ... 341 342 343]\n  ...\n  [360 361 "
        "362 ... 365 366 367]\n  [368 369 370 ... 373 374 375]\n  [376 377 378 "
        "... 381 382 383]]\n\n [[384 385 386 ... 389 390 391]\n  [392 393 394 "
        "... 397 398 399]\n  [400 401 402 ... 405 406 407]\n  ...\n  [424 425 "
        "426 ... 429 430 431]\n  [432 433 434 ... 437 438 439]\n  [440 441 442 "
        "... 445 446 447]]\n\n [[448 449 450 ... 453 454 455]\n  [456 457 458 "
        "... 461 462 463]\n  [464 465 466 ... 469 470 471]\n  ...\n  [488 489 "
        "490 ... 493 494 495]\n  [496 497 498 ... 501 502 503]\n  [504 505 506 "
        "... 509 510 511]]]");
}

TEST_CASE("TensorFormat: tf.print floats use %.6g then %.9g",
          "[TensorFormat]") {
  Tensor T = f32({0.1f, 123456789.0f, 1e10f, -0.0f, NaNf, -Inff, 1.0f / 3.0f});
  CHECK(tfPrintFormat(T.view()) ==
        "[0.1 123456792 1e+10 ... nan -inf 0.333333343]");
}

TEST_CASE("TensorFormat: tf.print float32 subnormals print as zero",
          "[TensorFormat]") {
  Tensor T = f32({5e-39f, -5e-39f, 1.17549435e-38f});
  CHECK(tfPrintFormat(T.view()) == "[0 -0 1.17549435e-38]");
}

TEST_CASE("TensorFormat: tf.print float64 uses %.15g then %.17g",
          "[TensorFormat]") {
  Tensor T = f64({0.1, 1.0 / 3.0, 1e22, 5e-324});
  CHECK(tfPrintFormat(T.view()) ==
        "[0.1 0.33333333333333331 1e+22 4.94065645841247e-324]");
}

TEST_CASE("TensorFormat: tf.print float64 subnormals compare as zero",
          "[TensorFormat]") {
  Tensor T = f64({2.2250738585072009e-308, 1.2345678901234567e-310});
  CHECK(tfPrintFormat(T.view()) ==
        "[2.2250738585072e-308 1.23456789012346e-310]");
}

TEST_CASE("TensorFormat: tf.print float16 through float", "[TensorFormat]") {
  Tensor T = f16({0x2e66, 0x0001});
  CHECK(tfPrintFormat(T.view()) == "[0.0999755859 5.96046448e-08]");
}

TEST_CASE("TensorFormat: tf.print bools print as 1 and 0", "[TensorFormat]") {
  Tensor T = b({true, false});
  CHECK(tfPrintFormat(T.view()) == "[1 0]");
}

TEST_CASE("TensorFormat: tf.print empty bool prints nothing",
          "[TensorFormat]") {
  Tensor T = b({}, {0});
  CHECK(tfPrintFormat(T.view()) == "");
}

TEST_CASE("TensorFormat: tf.print empty float", "[TensorFormat]") {
  Tensor T = f32({}, {0});
  CHECK(tfPrintFormat(T.view()) == "[]");
}

TEST_CASE("TensorFormat: tf.print empty float (2, 0)", "[TensorFormat]") {
  Tensor T = f32({}, {2, 0});
  CHECK(tfPrintFormat(T.view()) == "[\n ...]");
}

TEST_CASE("TensorFormat: tf.print strings are quoted and C-escaped",
          "[TensorFormat]") {
  Tensor T = s({"a\n", "q\"'\\", std::string("\x01\x7f\xc3\xa9", 4)});
  CHECK(tfPrintFormat(T.view()) ==
        "[\"a\\n\" \"q\\\"\\'\\\\\" \"\\001\\177\xc3\xa9\"]");
}

TEST_CASE("TensorFormat: tf.print scalar string prints raw", "[TensorFormat]") {
  Tensor T = s({"a\nb\""}, {});
  CHECK(tfPrintFormat(T.view()) == "a\nb\"");
}

TEST_CASE("TensorFormat: tf.print summarize=-1 prints everything",
          "[TensorFormat]") {
  Tensor T = i32(iotaI(10));
  CHECK(tfPrintFormat(T.view(), -1) == "[0 1 2 3 4 5 6 7 8 9]");
}

TEST_CASE("TensorFormat: tf.print summarize=2", "[TensorFormat]") {
  Tensor T = i32(iotaI(20), {4, 5});
  CHECK(tfPrintFormat(T.view(), 2) == "[[0 1 ... 3 4]\n [5 6 ... 8 9]\n [10 11 "
                                      "... 13 14]\n [15 16 ... 18 19]]");
}

TEST_CASE("TensorFormat: TensorShape str, repr and as_list", "[TensorFormat]") {
  CHECK(shapeStr({2, 3}, false) == "(2, 3)");
  CHECK(shapeRepr({2, 3}, false) == "TensorShape([2, 3])");
  CHECK(shapeAsListStr({2, 3}) == "[2, 3]");
  CHECK(shapeStr({5}, false) == "(5,)");
  CHECK(shapeRepr({5}, false) == "TensorShape([5])");
  CHECK(shapeAsListStr({5}) == "[5]");
  CHECK(shapeStr({}, false) == "()");
  CHECK(shapeRepr({}, false) == "TensorShape([])");
  CHECK(shapeAsListStr({}) == "[]");
  CHECK(shapeStr({-1, 3}, false) == "(None, 3)");
  CHECK(shapeRepr({-1, 3}, false) == "TensorShape([None, 3])");
  CHECK(shapeAsListStr({-1, 3}) == "[None, 3]");
  CHECK(shapeStr({-1}, false) == "(None,)");
  CHECK(shapeRepr({-1}, false) == "TensorShape([None])");
  CHECK(shapeAsListStr({-1}) == "[None]");
  CHECK(shapeStr({}, true) == "<unknown>");
  CHECK(shapeRepr({}, true) == "TensorShape(None)");
}

TEST_CASE("TensorFormat: numpy float scalar repr", "[TensorFormat]") {
  CHECK(numpyFloatScalarRepr(0.10000000149011612f, FloatKind::Single) == "0.1");
  CHECK(numpyFloatScalarRepr(9.999999747378752e-05f, FloatKind::Single) ==
        "1e-04");
  CHECK(numpyFloatScalarRepr(0.00010000009933719411f, FloatKind::Single) ==
        "0.0001000001");
  CHECK(numpyFloatScalarRepr(1.0000000272564224e+16f, FloatKind::Single) ==
        "1e+16");
  CHECK(numpyFloatScalarRepr(9999999198822400.0f, FloatKind::Single) ==
        "9999999000000000.0");
  CHECK(numpyFloatScalarRepr(3.4028234663852886e+38f, FloatKind::Single) ==
        "3.4028235e+38");
  CHECK(numpyFloatScalarRepr(1.401298464324817e-45f, FloatKind::Single) ==
        "1e-45");
  CHECK(numpyFloatScalarRepr(100.0f, FloatKind::Single) == "100.0");
  CHECK(numpyFloatScalarRepr(123456792.0f, FloatKind::Single) == "123456790.0");
  CHECK(numpyFloatScalarRepr(-2.5f, FloatKind::Single) == "-2.5");
  CHECK(numpyFloatScalarRepr(0.1, FloatKind::Double) == "0.1");
  CHECK(numpyFloatScalarRepr(0.0001, FloatKind::Double) == "0.0001");
  CHECK(numpyFloatScalarRepr(1e+16, FloatKind::Double) == "1e+16");
  CHECK(numpyFloatScalarRepr(9999999999999998.0, FloatKind::Double) ==
        "9999999999999998.0");
  CHECK(numpyFloatScalarRepr(5e-324, FloatKind::Double) == "5e-324");
  CHECK(numpyFloatScalarRepr(1.7976931348623157e+308, FloatKind::Double) ==
        "1.7976931348623157e+308");
  CHECK(numpyFloatScalarRepr(1e+22, FloatKind::Double) == "1e+22");
  CHECK(numpyFloatScalarRepr(-0.0, FloatKind::Double) == "-0.0");
  CHECK(numpyFloatScalarRepr(halfToFloat(0x2e66), FloatKind::Half) == "0.1");
  CHECK(numpyFloatScalarRepr(halfToFloat(0x068e), FloatKind::Half) == "0.0001");
  CHECK(numpyFloatScalarRepr(halfToFloat(0x7bff), FloatKind::Half) ==
        "65500.0");
  CHECK(numpyFloatScalarRepr(halfToFloat(0x0001), FloatKind::Half) == "6e-08");
  CHECK(numpyFloatScalarRepr(halfToFloat(0x3554), FloatKind::Half) == "0.333");
}

TEST_CASE("TensorFormat: np.format_float_positional and _scientific",
          "[TensorFormat]") {
  CHECK(formatFloatPositional(0.1, FloatKind::Double) == "0.1");
  CHECK(formatFloatPositional(1.0 / 3.0, FloatKind::Double, 4) == "0.3333");
  CHECK(formatFloatPositional(0.5, FloatKind::Double, 3, false) == "0.500");
  CHECK(formatFloatPositional(2.5, FloatKind::Double, -1, true, true, 'k', true,
                              4, 5) == "  +2.5    ");
  CHECK(formatFloatPositional(1.0, FloatKind::Double, -1, true, true, '-') ==
        "1");
  CHECK(formatFloatPositional(1.0, FloatKind::Double, -1, true, true, '0') ==
        "1.0");
  CHECK(formatFloatPositional(halfToFloat(0x4248), FloatKind::Half) == "3.14");
  CHECK(formatFloatPositional(halfToFloat(0x34cd), FloatKind::Half, 10,
                              false) == "0.3000488281");
  CHECK(formatFloatPositional(1234.5678, FloatKind::Double, 3, true, false) ==
        "1230.");
  CHECK(formatFloatScientific(3.1415927410125732, FloatKind::Single) ==
        "3.1415927e+00");
  CHECK(formatFloatScientific(1.2300000717973380e+24, FloatKind::Single, 15,
                              false) == "1.230000071797338e+24");
  CHECK(formatFloatScientific(1.2300000717973380e+24, FloatKind::Single, -1,
                              true, 'k', false, -1, 4) == "1.23e+0024");
  CHECK(formatFloatScientific(0.1f, FloatKind::Single, -1, true, 'k', false, -1,
                              -1, 5) == "1.00000e-01");
}

TEST_CASE("TensorFormat: Python bytes repr and dtype helpers",
          "[TensorFormat]") {
  CHECK(pyBytesRepr(std::string("abc", 3)) == "b'abc'");
  CHECK(pyBytesRepr(std::string("it's", 4)) == "b\"it's\"");
  CHECK(pyBytesRepr(std::string("both'\"", 6)) == "b'both\\'\"'");
  CHECK(pyBytesRepr(std::string("\x00\n\x0d\t\\\x7f\x80\xff", 8)) ==
        "b'\\x00\\n\\r\\t\\\\\\x7f\\x80\\xff'");
  CHECK(pyBytesRepr(std::string("", 0)) == "b''");
  CHECK(std::string(dtypeName(DType::Bool)) == "bool");
  CHECK(dtypeSize(DType::Bool) == 1);
  CHECK(std::string(dtypeName(DType::Int8)) == "int8");
  CHECK(dtypeSize(DType::Int8) == 1);
  CHECK(std::string(dtypeName(DType::Int16)) == "int16");
  CHECK(dtypeSize(DType::Int16) == 2);
  CHECK(std::string(dtypeName(DType::Int32)) == "int32");
  CHECK(dtypeSize(DType::Int32) == 4);
  CHECK(std::string(dtypeName(DType::Int64)) == "int64");
  CHECK(dtypeSize(DType::Int64) == 8);
  CHECK(std::string(dtypeName(DType::UInt8)) == "uint8");
  CHECK(dtypeSize(DType::UInt8) == 1);
  CHECK(std::string(dtypeName(DType::Float16)) == "float16");
  CHECK(dtypeSize(DType::Float16) == 2);
  CHECK(std::string(dtypeName(DType::BFloat16)) == "bfloat16");
  CHECK(dtypeSize(DType::BFloat16) == 2);
  CHECK(std::string(dtypeName(DType::Float32)) == "float32");
  CHECK(dtypeSize(DType::Float32) == 4);
  CHECK(std::string(dtypeName(DType::Float64)) == "float64");
  CHECK(dtypeSize(DType::Float64) == 8);
  CHECK(std::string(dtypeName(DType::String)) == "string");
  CHECK(dtypeSize(DType::String) == sizeof(std::string));
  CHECK(floatToHalf(0.1f) == 0x2e66);
  CHECK(floatToHalf(65520.0f) == 0x7c00);
  CHECK(floatToHalf(65519.0f) == 0x7bff);
  CHECK(floatToHalf(-5.9604645e-08f) == 0x8001);
  CHECK(halfToFloat(0x3555) == 0.333251953125f);
  CHECK(bfloat16ToFloat(0x4049) == 3.140625f);
}
