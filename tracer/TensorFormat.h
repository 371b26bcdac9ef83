//===- TensorFormat.h - NumPy / TensorFlow tensor printing ------*- C++ -*-===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// Formats host tensors exactly as TensorFlow 2.17 with NumPy 1.26 prints them,
// so `kiln run script.py` reproduces a script's output byte for byte:
//
//   print(t)            -> tensorStr   "tf.Tensor([1 2], shape=(2,),
//   dtype=int32)" repr(t)             -> tensorRepr  "<tf.Tensor: shape=(2,),
//   dtype=int32,
//                                       numpy=array([1, 2], dtype=int32)>"
//   print(t.numpy())    -> numpyStr     (numpyScalarStr for a 0-d tensor)
//   repr(t.numpy())     -> numpyScalarRepr for a 0-d tensor (numpy scalar),
//                          numpyRepr for an ndarray (numpyRepr of a 0-d view
//                          is repr of a 0-d ndarray: "array(3.,
//                          dtype=float32)")
//   tf.print(t)         -> tfPrintFormat (TensorFlow's C++ summarizer, v2 mode)
//   t.shape             -> shapeStr / shapeRepr / shapeAsListStr
//
// NumPy's print options are followed as np.set_printoptions leaves them
// (PrintOptions; at the start precision=8, floatmode='maxprec',
// suppress=False, linewidth=75, threshold=1000, edgeitems=3, legacy=False).
// Floats are printed with a port of NumPy's Dragon4 (shortest unique digits
// for the value's own type: float16, float32 or float64). bfloat16 elements
// print as ml_dtypes does ("%g" of the float value); string tensors are NumPy
// object arrays of Python bytes.
//
// Only the C++17 standard library is used.
//
//===----------------------------------------------------------------------===//

#ifndef KILN_TRACER_TENSORFORMAT_H
#define KILN_TRACER_TENSORFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::py {

enum class DType {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  Float16,
  BFloat16,
  Float32,
  Float64,
  String
};

/// TensorFlow's dtype name: "float32", "int32", "bool", "string", "bfloat16".
const char *dtypeName(DType);

/// Bytes per element. Bool is one byte (0 or 1); Float16 and BFloat16 are
/// their raw uint16_t bit patterns; String is sizeof(std::string).
size_t dtypeSize(DType);

/// TensorFlow's DataType enum value (types.proto): 1 for float32, 3 for
/// int32; tf.as_dtype takes it and some kernels' errors print it.
int dataTypeEnum(DType);

/// A host tensor view: row-major contiguous data. For String, data points at
/// std::string elements (arbitrary bytes). Bool elements are bytes (0 / 1),
/// Float16 and BFloat16 elements are uint16_t bit patterns.
struct TensorView {
  DType dtype;
  std::vector<int64_t> shape;
  const void *data;
};

//===----------------------------------------------------------------------===//
// NumPy
//===----------------------------------------------------------------------===//

/// repr(ndarray): "array([1., 2.], dtype=float32)", "array([1, 2])" (int64,
/// float64 and bool omit the dtype), "array(3, dtype=int32)" for 0-d,
/// "array([], shape=(0, 3), dtype=float32)", "array([b'a', b'bc'],
/// dtype=object)".
std::string numpyRepr(const TensorView &t);

/// str(ndarray) / print(ndarray): "[1. 2.]", "[[1 2]\n [3 4]]", "[b'a' b'bc']".
/// For a 0-d view this is str of the scalar (same as numpyScalarStr).
std::string numpyStr(const TensorView &t);

/// np.array2string(t, separator=sep, prefix=prefix, suffix=suffix) with
/// the current print options (a 0-d array: its element, formatted with
/// them).
std::string numpyArray2String(const TensorView &t, const std::string &sep,
                              const std::string &prefix,
                              const std::string &suffix);

/// np.set_printoptions' settings that kiln follows, which NumPy's array
/// printing (and so TensorFlow's tensor repr) reads; tf.print ignores them.
struct PrintOptions {
  int precision = 8;
  double threshold = 1000; // more elements are summarized (may be inf)
  int64_t edgeItems = 3;
  int lineWidth = 75;
  bool suppress = false; // no scientific notation for small numbers
};
/// The script's current options (NumPy's defaults at the start).
PrintOptions &printOptions();

/// str(numpy scalar) for the single element of a 0-d (or any 1-element) view:
/// "3.0", "3", "True", "b'abc'", "1e-05", "inf".
std::string numpyScalarStr(const TensorView &t);

/// repr(numpy scalar) as NumPy 2 prints it: "np.float32(3.0)", "np.int64(3)",
/// "np.True_", "np.bytes_(b'abc')".
std::string numpyScalarRepr(const TensorView &t);

//===----------------------------------------------------------------------===//
// TensorFlow
//===----------------------------------------------------------------------===//

/// str(EagerTensor) / print(t): "tf.Tensor(3.0, shape=(), dtype=float32)",
/// "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)".
std::string tensorStr(const TensorView &t);

/// repr(EagerTensor): "<tf.Tensor: shape=(2,), dtype=float32,
/// numpy=array([1., 2.], dtype=float32)>"; a multi-line value starts on a new
/// line after "numpy=".
std::string tensorRepr(const TensorView &t);

/// absl::Utf8SafeCEscape, as TensorFlow's kernels print strings: C escapes
/// (octal for other control characters), bytes >= 0x80 as they are.
std::string tfCEscape(const std::string &s);
/// The "numpy=" part of tensorRepr (also in a tf.Variable's repr).
std::string numpyText(const TensorView &t);

/// What tf.print(t) prints for one tensor argument (without the trailing
/// newline; note tf.print writes to stderr by default): "[1 2 3]",
/// "[[1 2]\n [3 4]]", "[0 1 2 ... 97 98 99]" (summarize=3 by default; pass -1
/// to print everything). Floats use TensorFlow's FloatToBuffer ("%.6g", or
/// "%.9g" when that does not round-trip; "%.15g"/"%.17g" for float64), bools
/// print as 1/0, strings as "..." with C escapes, and a 0-d string tensor
/// prints its raw bytes.
std::string tfPrintFormat(const TensorView &t, int64_t summarize = 3);

/// TensorShape str: "(2, 3)", "(5,)", "()", "(None, 3)" (a dim < 0 is None),
/// "<unknown>" when unknownRank.
std::string shapeStr(const std::vector<int64_t> &shape, bool unknownRank);

/// TensorShape repr: "TensorShape([2, 3])", "TensorShape([None, 3])",
/// "TensorShape(None)" when unknownRank.
std::string shapeRepr(const std::vector<int64_t> &shape, bool unknownRank);

/// str(shape.as_list()): "[2, 3]", "[None, 3]", "[]". (as_list() of an
/// unknown-rank shape raises ValueError in TensorFlow; the caller handles it.)
std::string shapeAsListStr(const std::vector<int64_t> &shape);

//===----------------------------------------------------------------------===//
// Building blocks (exposed for other formatting code and for tests)
//===----------------------------------------------------------------------===//

/// IEEE half / bfloat16 bits to float (exact).
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);
/// float to IEEE half bits, round to nearest even (as NumPy's float16 cast).
uint16_t floatToHalf(float f);
/// double to IEEE half bits, rounded once (as NumPy's float64 to float16
/// cast; through float it could round twice).
uint16_t doubleToHalf(double f);
/// float to bfloat16 bits, round to nearest even; NaN to the quiet NaN of
/// its sign (as Eigen's bfloat16 conversion).
uint16_t floatToBFloat16(float f);

/// Which binary format a value given as double is to be printed in; the
/// double must be exactly representable in that format.
enum class FloatKind { Half, Single, Double };

/// np.format_float_positional(x, precision, unique, fractional, trim, sign,
/// pad_left, pad_right, min_digits) for a value of the given kind. Use -1 for
/// None. trim is one of 'k', '.', '0', '-'.
std::string formatFloatPositional(double x, FloatKind kind, int precision = -1,
                                  bool unique = true, bool fractional = true,
                                  char trim = 'k', bool sign = false,
                                  int padLeft = -1, int padRight = -1,
                                  int minDigits = -1);

/// np.format_float_scientific(x, precision, unique, trim, sign, pad_left,
/// exp_digits, min_digits) for a value of the given kind. Use -1 for None.
std::string formatFloatScientific(double x, FloatKind kind, int precision = -1,
                                  bool unique = true, char trim = 'k',
                                  bool sign = false, int padLeft = -1,
                                  int expDigits = -1, int minDigits = -1);

/// repr(np.float16/np.float32/np.float64 scalar) in NumPy 1.26: "3.0", "0.1",
/// "1e-05", "1e+16", "inf", "nan".
std::string numpyFloatScalarRepr(double x, FloatKind kind);

/// Python repr(bytes): b'abc', b"it's", b'\x00\n'.
std::string pyBytesRepr(std::string_view bytes);

} // namespace kiln::py

#endif // KILN_TRACER_TENSORFORMAT_H
