// The trace-time `numpy` subset (DESIGN.md section 3): arrays and scalars
// whose values are known while the script runs, so that they become
// constants when a tf.function uses them, as the tf.function guide
// describes. Every computation runs eagerly through the same compiled
// TensorFlow kernels as eager ops, after NumPy 2's dtype promotion picks the
// dtype (NEP 50: Python scalars are "weak" and take the array's dtype).
#pragma once

#include "TfObjects.h"

#include <functional>
#include <map>

namespace kiln::tf {

/// `np.float32` (a scalar type: calling it makes a NumPy scalar) or
/// `np.dtype('float32')` (what `array.dtype` returns). Both compare equal
/// to each other, to the dtype's name and to TensorFlow's DType.
struct NpDTypeObject : py::NativeObject {
  NpDTypeObject(DType dtype, bool isType) : dtype(dtype), isType(isType) {}
  DType dtype;
  bool isType;
  TfRuntime *runtime = nullptr; // makes the scalars of a scalar type
  std::string typeName() const override {
    return isType ? "type" : std::string("dtype[") + npName() + "]";
  }
  std::string repr(Interpreter &in, const Value &self) override;
  std::string str(Interpreter &in, const Value &self) override;
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;
  bool call(Interpreter &in, const Value &self, CallArgs &args,
            Value &out) override;
  bool isCallable() const override { return isType; }
  bool hash(Interpreter &, const Value &, size_t &out) override {
    out = static_cast<size_t>(dtype) + 0x7f00; // as tf.DType hashes
    return true;
  }
  bool equals(Interpreter &in, const Value &self, const Value &other,
              bool &out) override;
  /// isinstance(x, np.float32): a NumPy scalar of this dtype.
  bool instanceCheck(Interpreter &in, const Value &obj, bool &out) override;
  /// NumPy's name for the dtype ("bool" for DType::Bool, "float32"...).
  const char *npName() const;
};

/// NumPy computes at once on known values, even while a tf.function is
/// being traced: TensorFlow ops inside this scope run eagerly.
class EagerScope {
public:
  explicit EagerScope(TfRuntime &rt) : rt(rt), saved(rt.tracing) {
    rt.tracing = nullptr;
  }
  ~EagerScope() { rt.tracing = saved; }
  EagerScope(const EagerScope &) = delete;
  EagerScope &operator=(const EagerScope &) = delete;

private:
  TfRuntime &rt;
  TraceState *saved;
};

/// The dtype `v` names when it is a NumPy dtype or scalar type.
std::optional<DType> npDTypeOf(const Value &v);

/// Ignores NumPy's floating-point errors while it lives, as NumPy's own
/// functions do around the divisions inside them (np.errstate).
class NpQuietFloatErrors {
public:
  NpQuietFloatErrors();
  ~NpQuietFloatErrors();
  NpQuietFloatErrors(const NpQuietFloatErrors &) = delete;
  NpQuietFloatErrors &operator=(const NpQuietFloatErrors &) = delete;

private:
  std::map<std::string, std::string> saved;
};

/// numpy.NAME(args..., keywords...), as a script calls it.
Value callNumPy(Interpreter &in, const std::string &name, ValueList args,
                std::vector<std::pair<std::string, Value>> keywords = {});

/// A NumPy array, or a NumPy scalar when `scalar` (needs a 0-d value).
Value makeNdArray(TfRuntime &rt, HostTensorPtr value, bool scalar);

/// When NumPy's function gives a view of its argument rather than a copy.
enum class ViewWhen {
  Always,       // basic indexing, transpose, squeeze, expand_dims
  IfStrided,    // reshape: when strides can describe the result
  IfContiguous, // ravel: when the argument is C-contiguous
};

/// `result`, which an op made from `base`, as NumPy's function returns it:
/// a view of base's elements when base is an array (not a scalar, list or
/// tensor) and `when` allows, a new array otherwise. `sameOp` is the op,
/// applied to a tensor of base's element positions to find which element
/// each of result's is.
Value npView(TfRuntime &rt, const Value &base, HostTensorPtr result,
             const std::function<Value(const Value &)> &sameOp,
             ViewWhen when = ViewWhen::Always);
/// npView of `sameOp` applied to array-like `a`.
Value npViewOf(TfRuntime &rt, const Value &a,
               const std::function<Value(const Value &)> &sameOp,
               ViewWhen when = ViewWhen::Always);

/// The value of array-like `v` (an ndarray, a NumPy scalar, an eager tensor,
/// a Python number or nested list) as np.asarray gives it, cast to `dtype`
/// when given.
HostTensorPtr npAsArray(TfRuntime &rt, const Value &v,
                        std::optional<DType> dtype = std::nullopt);

/// `x op y` where x or y is a NumPy array or scalar; false when the other
/// operand is not array-like (a tf.Tensor handles it instead).
/// The NumPy ufunc a Python operator runs on arrays (its name, as errors
/// give it) and the TensorFlow op kiln computes it with (null for an
/// operator kiln's arrays do not take).
struct NpUfunc {
  const char *name, *tfOp;
};
NpUfunc npOperatorUfunc(ast::BinaryOp op);

/// warnings.warn(message, category): what NumPy warns is shown (or
/// recorded, or raised) as the script's filters say, at its line.
void npWarning(Interpreter &in, const std::string &message,
               const char *category);

bool npBinary(TfRuntime &rt, ast::BinaryOp op, const Value &x, const Value &y,
              Value &out);
/// `x op y` for comparisons, elementwise.
bool npCompare(TfRuntime &rt, ast::CmpOp op, const Value &x, const Value &y,
               Value &out);

/// Whether an index tuple's items hold an index array (a list, tuple or
/// ndarray), which npAdvancedIndex handles.
bool npNeedsAdvancedIndex(const ValueList &items);
/// `a[items]` for an index tuple holding index arrays: NumPy's advanced
/// indexing, with NumPy's IndexErrors (NpIndex.cpp).
Value npAdvancedIndex(TfRuntime &rt, const HostTensorPtr &a,
                      const ValueList &items);

/// Axis `v` of an array of `rank` dimensions, counted from the start
/// (numpy.exceptions.AxisError when out of range).
int64_t npAxis(TfRuntime &rt, const Value &v, int64_t rank);

/// A shape argument: an int or a sequence of ints (ValueError for a
/// negative one).
std::vector<int64_t> shapeArg(Interpreter &in, const Value &v);

/// Registers `import numpy`.
void installNumPy(TfRuntime &rt);

class ModuleBuilder;
/// np.random: NumPy's legacy random functions (NpRandom.cpp).
void installNpRandom(TfRuntime &rt, ModuleBuilder &np);
/// vstack, hstack, flip, roll, swapaxes, outer, diff, cumsum, cumprod,
/// tile, repeat, count_nonzero, split, meshgrid, pad, sort and unique
/// (NpArrayFunctions.cpp).
void installNpArrayFunctions(TfRuntime &rt, ModuleBuilder &np);
/// nonzero, argwhere, argsort, searchsorted, median, percentile, quantile
/// (NpSearch.cpp).
void installNpSearch(TfRuntime &rt, ModuleBuilder &np);
/// nansum, nanmean, nanmax, nanmin, nanvar, nanstd, ptp, trace, digitize,
/// histogram, unravel_index (NpStatistics.cpp).
void installNpStatistics(TfRuntime &rt, ModuleBuilder &np);
/// np.hypot and np.convolve (NpMath.cpp).
void installNpMath(TfRuntime &rt, ModuleBuilder &np);
/// Makes np.add and the other binary ufuncs objects with the methods at,
/// reduce, accumulate and outer (NpUFuncs.cpp); after they are defined.
void installNpUFuncs(TfRuntime &rt, ModuleBuilder &np, Value module);

} // namespace kiln::tf
