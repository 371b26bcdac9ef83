// tf.unique, the segment reductions and tf.math.bincount. Their result
// sizes depend on the values, so kiln computes them on the host when the
// values are known at trace time (eagerly, or constants in a function), as
// TensorFlow's CPU kernels do: elements in order, each addition rounded in
// the tensor's type. Inside a function on run-time values, the unsorted
// reductions are TensorFlow's kernels, which codegen applies in the same
// order; the others are an UnimplementedError.
#include "ShapeTensor.h"
#include "TfGradient.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

namespace kiln::tf {

using py::Type;

namespace {

enum class Reduction { Sum, Mean, Max, Min, Prod };

const char *reductionName(Reduction r) {
  switch (r) {
  case Reduction::Sum:
    return "sum";
  case Reduction::Mean:
    return "mean";
  case Reduction::Max:
    return "max";
  case Reduction::Min:
    return "min";
  case Reduction::Prod:
    return "prod";
  }
  return "";
}

/// The value an output element starts from (and keeps when no element
/// falls into its segment): TensorFlow's unsorted kernels start from the
/// reduction's identity (lowest/highest for max/min); the sorted ones give
/// an empty segment 0 (1 for prod).
template <typename T> T initial(Reduction r, bool sorted) {
  switch (r) {
  case Reduction::Max:
    return sorted ? T(0) : std::numeric_limits<T>::lowest();
  case Reduction::Min:
    return sorted ? T(0) : std::numeric_limits<T>::max();
  case Reduction::Prod:
    return T(1);
  default:
    return T(0);
  }
}

template <typename T> T combine(Reduction r, T acc, T x) {
  switch (r) {
  // std::max(x, acc) and std::min(x, acc), the row first: a NaN row
  // replaces the result so far, and the next row replaces a NaN.
  case Reduction::Max:
    return x < acc ? acc : x;
  case Reduction::Min:
    return acc < x ? acc : x;
  case Reduction::Prod:
    return static_cast<T>(acc * x);
  default:
    return static_cast<T>(acc + x);
  }
}

/// out[segment[i]] combined with row i of data, rows of `row` elements;
/// `segment[i]` < 0 skips the row. Sorted reductions start a segment from
/// its first row, as the sorted kernels reduce the rows of a segment.
template <typename T>
void reduceRows(Reduction r, bool sorted, const graph::HostTensor &data,
                const std::vector<int64_t> &segment, int64_t segments,
                int64_t row, graph::HostTensor &out) {
  const T *in = reinterpret_cast<const T *>(data.bytes.data());
  T *o = reinterpret_cast<T *>(out.bytes.data());
  std::vector<int64_t> count(segments, 0);
  for (int64_t k = 0; k < segments * row; ++k)
    o[k] = initial<T>(r, sorted);
  for (size_t i = 0; i < segment.size(); ++i) {
    int64_t s = segment[i];
    if (s < 0)
      continue;
    for (int64_t k = 0; k < row; ++k) {
      T &acc = o[s * row + k];
      T x = in[i * row + k];
      // A sorted max, min or prod starts from the segment's first row; sums
      // start from 0, as Eigen's reducers do.
      bool first = sorted && count[s] == 0 && r != Reduction::Sum &&
                   r != Reduction::Mean;
      acc = first ? x : combine(r, acc, x);
    }
    ++count[s];
  }
  if (r == Reduction::Mean)
    for (int64_t s = 0; s < segments; ++s)
      for (int64_t k = 0; k < row && count[s] > 0; ++k)
        o[s * row + k] = static_cast<T>(o[s * row + k] / T(count[s]));
}

/// The kernel's name: SegmentSum, UnsortedSegmentMax, ...
std::string kernelName(Reduction r, bool sorted) {
  std::string name = reductionName(r);
  name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return (sorted ? "Segment" : "UnsortedSegment") + name;
}

class Segments {
public:
  Segments(TfRuntime &rt) : rt(rt), in(rt.in) {}

  /// The OpDef's checks of the dtypes: data's (numbers; real numbers for
  /// Max and Min: never bool or string), then segment_ids' (int32 and
  /// int64, and int16 for UnsortedSegmentSum, which unsorted_segment_mean
  /// also runs).
  void checkDTypes(Reduction r, bool sorted, DType data, DType ids) {
    bool sumKernel = !sorted && (r == Reduction::Sum || r == Reduction::Mean);
    bool badData = data == DType::Bool || data == DType::String;
    if (!badData && (ids == DType::Int32 || ids == DType::Int64 ||
                     (sumKernel && ids == DType::Int16)))
      return;
    std::string op = sumKernel ? "UnsortedSegmentSum" : kernelName(r, sorted);
    bool real = r == Reduction::Max || r == Reduction::Min;
    std::vector<std::string> types =
        real
            ? std::vector<std::string>{"FLOAT",  "DOUBLE", "INT32",  "UINT8",
                                       "INT16",  "INT8",   "INT64",  "BFLOAT16",
                                       "UINT16", "HALF",   "UINT32", "UINT64"}
            : std::vector<std::string>{
                  "FLOAT",      "DOUBLE",    "INT32",  "UINT8",   "INT16",
                  "INT8",       "COMPLEX64", "INT64",  "QINT8",   "QUINT8",
                  "QINT32",     "BFLOAT16",  "QINT16", "QUINT16", "UINT16",
                  "COMPLEX128", "HALF",      "UINT32", "UINT64"};
    // The lists: DT_ names in the OpDef, the kernel's names ("float",
    // "half") and Python's ("float32", "float16").
    std::string opDefTypes, kernelTypes, pythonTypes;
    for (const std::string &t : types) {
      std::string lower = t;
      for (char &c : lower)
        c = char(std::tolower(c));
      std::string python = lower == "float"    ? "float32"
                           : lower == "double" ? "float64"
                           : lower == "half"   ? "float16"
                                               : lower;
      const char *sep = opDefTypes.empty() ? "" : ", ";
      opDefTypes += sep + ("DT_" + t);
      kernelTypes += sep + lower;
      pythonTypes += sep + python;
    }
    std::string opDef =
        std::string("; signature=data:T, segment_ids:Tindices") +
        (sorted ? "" : ", num_segments:Tnumsegments") +
        " -> output:T; attr=T:type,allowed=[" + opDefTypes +
        "]; attr=Tindices:type,allowed=[" +
        (sumKernel ? "DT_INT16, DT_INT32, DT_INT64" : "DT_INT32, DT_INT64") +
        "]" +
        (sorted ? ""
                : "; attr=Tnumsegments:type,default=DT_INT32,"
                  "allowed=[DT_INT32, DT_INT64]") +
        ">";
    if (badData)
      rejectDType(rt, op, "data", "T", data, pythonTypes, kernelTypes, opDef);
    std::string allowed = sumKernel ? "int16, int32, int64" : "int32, int64";
    rejectDType(rt, op, "segment_ids", "Tindices", ids, allowed, allowed,
                opDef);
  }

  /// segment_<r>(data, segment_ids) and unsorted_segment_<r>(data,
  /// segment_ids, num_segments).
  Value reduce(Reduction r, bool sorted, const Value &dataArg,
               const Value &idsArg, const Value &numArg,
               const std::string &op) {
    Value data = rt.toTensor(dataArg);
    Value ids = rt.toTensor(idsArg);
    const TensorType &dt = rt.tensor(data).type, &it = rt.tensor(ids).type;
    checkDTypes(r, sorted, dt.dtype, it.dtype);
    if (it.unknownRank || dt.unknownRank || it.shape.size() > dt.shape.size())
      rt.raise("InvalidArgumentError",
               op + ": segment_ids must not have more dimensions than data");
    int64_t segments = -1;
    HostTensorPtr n;
    if (!sorted) {
      n = rt.isTensor(numArg) ? rt.constantValue(numArg)
                              : rt.hostFromPython(numArg, {});
      segments = n ? n->elementAsInt(0) : -1;
      // Shape inference reads a count that partial evaluation knows (an
      // element of a static shape) into the result's static shape.
      if (Value known = foldKnown(rt, numArg); !n && known.isIntLike())
        segments = known.asInt();
    }
    HostTensorPtr dv = rt.constantValue(data), iv = rt.constantValue(ids);
    if (!dv || !iv || (!sorted && !n)) {
      if (!rt.tracing)
        rt.raise("UnimplementedError",
                 "kiln computes tf.math." + op +
                     " on values known at trace time only (eagerly, or on "
                     "constants)");
      if (sorted)
        return runTimeSorted(r, data, ids);
      return runTimeReduce(r, data, ids, numArg, segments);
    }
    // The rows: data's dimensions past those of segment_ids.
    int64_t leading = 1, row = 1;
    for (size_t d = 0; d < dt.shape.size(); ++d)
      (d < it.shape.size() ? leading : row) *= dt.shape[d];
    std::string kernel = !sorted && r == Reduction::Mean
                             ? "UnsortedSegmentSum"
                             : kernelName(r, sorted);
    for (size_t d = 0; d < it.shape.size(); ++d)
      if (it.shape[d] != dt.shape[d])
        knownKernelError(
            rt, kernel,
            sorted ? "segment_ids should be the same size as dimension 0 of "
                     "input."
                   : "data.shape = " + shapeList(dt.shape) +
                         " does not start with segment_ids.shape = " +
                         shapeList(it.shape));
    std::vector<int64_t> segment(leading);
    for (int64_t i = 0; i < leading; ++i)
      segment[i] = iv->elementAsInt(i);
    if (sorted) {
      // The kernel's checks in its order (EmitScatter.cpp's
      // emitSortedSegment makes the same at run time).
      segments = leading ? segment.back() + 1 : 0;
      if (segments < 0)
        knownKernelError(rt, kernel, "segment ids must be >= 0");
      auto outside = [&](int64_t id) { return id < 0 || id >= segments; };
      for (int64_t i = 1; i <= leading; ++i) {
        if (i < leading && segment[i] == segment[i - 1])
          continue;
        if (i < leading && segment[i] < segment[i - 1])
          knownKernelError(rt, kernel, "segment ids are not increasing");
        if (outside(segment[i - 1]))
          knownKernelError(rt, kernel,
                           "Segment id " + std::to_string(segment[i - 1]) +
                               " out of range [0, " + std::to_string(segments) +
                               "), possibly because 'segment_ids' input is "
                               "not sorted.");
      }
    } else {
      for (int64_t i = 0; i < leading; ++i)
        if (segment[i] >= segments)
          knownKernelError(rt, kernelName(r, sorted),
                           "segment_ids[" + std::to_string(i) +
                               "] = " + std::to_string(segment[i]) +
                               " is out of range [0, " +
                               std::to_string(segments) + ")");
    }
    TensorType outType{dt.dtype, {segments}};
    outType.shape.insert(outType.shape.end(),
                         dt.shape.begin() + it.shape.size(), dt.shape.end());
    // A tape records the reduction as TensorFlow's one op, whose gradient
    // is TfGradientSegments.cpp's.
    ValueList inputs{data, ids};
    if (!sorted)
      inputs.push_back(rt.toTensor(Value::integer(segments)));
    return recordComposite(rt, kernelName(r, sorted), inputs, {}, [&] {
      return hostReduce(r, sorted, *dv, segment, segments, row, outType, op);
    });
  }

  /// The reduction of known values: `segment` holds each row's id.
  Value hostReduce(Reduction r, bool sorted, const graph::HostTensor &dv,
                   const std::vector<int64_t> &segment, int64_t segments,
                   int64_t row, const TensorType &outType,
                   const std::string &op) {
    const TensorType &dt = dv.type;
    auto out = graph::HostTensor::zeros(outType);
    switch (dt.dtype) {
    case DType::Float32:
      reduceRows<float>(r, sorted, dv, segment, segments, row, *out);
      break;
    case DType::Float64:
      reduceRows<double>(r, sorted, dv, segment, segments, row, *out);
      break;
    case DType::Int32:
      reduceRows<int32_t>(r, sorted, dv, segment, segments, row, *out);
      break;
    case DType::Int64:
      reduceRows<int64_t>(r, sorted, dv, segment, segments, row, *out);
      break;
    default:
      rt.raise("UnimplementedError",
               "kiln's " + op + " takes float32, float64, int32 and int64");
    }
    return rt.constant(out);
  }

  /// tf.unique(x) and tf.unique_with_counts(x): the distinct values in
  /// order of first appearance, each element's index among them, and how
  /// often each appears.
  ValueList unique(const Value &xArg, const Value &outIdx, bool counts) {
    Value x = rt.toTensor(xArg);
    const TensorType &xt = rt.tensor(x).type;
    DType idxType = outIdx.isNone() ? DType::Int32 : *dtypeArg(in, outIdx);
    if (xt.unknownRank || xt.shape.size() != 1)
      knownKernelError(rt, counts ? "UniqueWithCounts" : "Unique",
                       "unique expects a 1D vector.");
    HostTensorPtr xv = rt.constantValue(x);
    if (!xv) {
      // A traced function's input: the kernel runs with the function
      // (codegen/EmitUnique.cpp).
      if (xt.dtype == DType::String)
        rt.raise("UnimplementedError",
                 "kiln computes tf.unique of strings on values known at "
                 "trace time only (eagerly, or on constants)");
      std::vector<TensorType> outs{TensorType{xt.dtype, {-1}},
                                   TensorType{idxType, xt.shape}};
      if (counts)
        outs.push_back(TensorType{idxType, {-1}});
      return rt.applyMulti(counts ? "UniqueWithCounts" : "Unique", {x},
                           {{"T", xt.dtype}, {"out_idx", idxType}}, outs);
    }
    int64_t n = xt.shape[0];
    size_t size = py::dtypeSize(xt.dtype);
    std::map<std::string, int64_t> seen; // element bytes -> unique index
    std::vector<int64_t> first, idx(n), count;
    for (int64_t i = 0; i < n; ++i) {
      std::string key = xt.dtype == DType::String
                            ? xv->strings[i]
                            : std::string(reinterpret_cast<const char *>(
                                              xv->bytes.data() + i * size),
                                          size);
      // -0.0 and 0.0 are one value, as the kernel's hash map has them
      // (float16 and bfloat16 hash by their bits there: two values), and
      // each NaN is a value of its own (NaN != NaN).
      if (isFloating(xt.dtype) && size > 2 && xv->elementAsDouble(i) == 0)
        key = std::string(size, '\0');
      if (isFloating(xt.dtype) && std::isnan(xv->elementAsDouble(i)))
        key = "nan" + std::to_string(i);
      auto [it, added] = seen.emplace(key, first.size());
      if (added) {
        first.push_back(i);
        count.push_back(0);
      }
      idx[i] = it->second;
      ++count[it->second];
    }
    auto y = graph::HostTensor::zeros({xt.dtype, {int64_t(first.size())}});
    for (size_t k = 0; k < first.size(); ++k) {
      if (xt.dtype == DType::String)
        y->strings[k] = xv->strings[first[k]];
      else
        std::memcpy(y->bytes.data() + k * size,
                    xv->bytes.data() + first[k] * size, size);
    }
    ValueList out{rt.constant(y), intConstant(rt, idx, idxType)};
    if (counts)
      out.push_back(intConstant(rt, count, idxType));
    // Computed here, but still the op to the tapes (whose gradient
    // TensorFlow does not register).
    recordOperation(rt, counts ? "UniqueWithCounts" : "Unique", {x}, out, {});
    return out;
  }

  /// bincount on values known at run time, as bincount_ops builds it:
  /// max(arr) + 1 bins (0 for an empty arr), at least minlength and at
  /// most maxlength, filled by the Bincount kernel's loop, which skips a
  /// value past the last bin; here an unsorted segment sum, in the same
  /// order, of the weights (or ones) with those values dropped. A negative
  /// value is the kernel's error when the function runs.
  Value runTimeBincount(const Params &p, const Value &arr, Value weights) {
    Value module = in.importModule("tensorflow");
    DType d = rt.tensor(arr).type.dtype;
    Value flat = reshape(rt, arr, pyIntList(in, {-1}));
    Value empty = binaryOp(
        rt, "Equal", rt.toTensor(Value::integer(0), d),
        cast(rt, tf::reduce(rt, "Prod", shapeOf(rt, arr), Value(), false), d));
    Value size = select(rt, empty, rt.toTensor(Value::integer(0), d),
                        binaryOp(rt, "AddV2",
                                 tf::reduce(rt, "Max", flat, Value(), false),
                                 rt.toTensor(Value::integer(1), d)));
    if (p.has("minlength"))
      size = binaryOp(rt, "Maximum", rt.toTensor(p.get("minlength"), d), size,
                      "", true);
    if (p.has("maxlength"))
      size = binaryOp(rt, "Minimum", rt.toTensor(p.get("maxlength"), d), size,
                      "", true);
    // The kernel's check of the values.
    Value nonNegative =
        binaryOp(rt, "LogicalOr", empty,
                 binaryOp(rt, "GreaterEqual",
                          tf::reduce(rt, "Min", flat, Value(), false),
                          rt.toTensor(Value::integer(0), d)));
    rt.applyEffect(
        "Assert", {nonNegative},
        {{"message", std::string("Input arr must be non-negative!")}},
        // TensorFlow 2.20's bincount runs DenseBincount in its scope.
        rt.tracing->graph.uniqueName("bincount/DenseBincount"));
    DType out =
        !weights.isNone()
            ? rt.tensor(weights).type.dtype
            : (p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Int32);
    Value data = weights.isNone() ? filledLike(rt, cast(rt, flat, out), 1)
                                  : reshape(rt, weights, pyIntList(in, {-1}));
    // Values past the last bin are skipped: a negative id drops its row.
    Value ids = select(rt, binaryOp(rt, "Less", flat, size), flat,
                       rt.toTensor(Value::integer(-1), d));
    Value segmentSum =
        in.getAttr(in.getAttr(module, "math"), "unsorted_segment_sum");
    return in.call(segmentSum, ValueList{data, ids, size});
  }

  /// tf.math.bincount(arr, weights, minlength, maxlength, dtype, axis):
  /// `perRow` counts each row of a matrix apart (axis=-1).
  Value bincount(const Params &p, bool perRow) {
    Value arr = rt.toTensor(p.require("arr", "bincount"));
    HostTensorPtr av = rt.constantValue(arr);
    const TensorType &at = rt.tensor(arr).type;
    if (perRow && (at.unknownRank || at.shape.size() > 2))
      rt.raise("UnimplementedError",
               "kiln's bincount counts along axis=-1 in vectors and "
               "matrices only");
    int64_t rows = perRow && at.shape.size() == 2 ? at.shape[0] : 1;
    if (!isInteger(at.dtype))
      in.typeError("bincount takes integer values, not " +
                   std::string(py::dtypeName(at.dtype)));
    if (at.dtype != DType::Int32 && at.dtype != DType::Int64) // DenseBincount's
      rejectDType(rt, "DenseBincount", "input", "Tidx", at.dtype,
                  "int32, int64", "int32, int64",
                  "; signature=input:Tidx, size:Tidx, weights:T -> output:T; "
                  "attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; "
                  "attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, "
                  "DT_DOUBLE]; attr=binary_output:bool,default=false>");
    Value weights = p.get("weights");
    HostTensorPtr wv;
    if (!weights.isNone())
      wv = rt.constantValue(weights = rt.toTensor(weights));
    bool binaryOutput =
        p.has("binary_output") && in.truthy(p.get("binary_output"));
    if ((!av || (!weights.isNone() && !wv)) && rt.tracing && !binaryOutput &&
        rows == 1)
      return runTimeBincount(p, arr, weights);
    if (!av || (!weights.isNone() && !wv))
      rt.raise("UnimplementedError",
               "kiln computes tf.math.bincount with binary_output or along "
               "axis=-1 on values known at trace time only (eagerly, or on "
               "constants)");
    int64_t n = at.numElements(), size = 0;
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = av->elementAsInt(i);
      if (v < 0)
        knownKernelError(rt, "DenseBincount",
                         "Input arr must be non-negative!");
      size = std::max(size, v + 1);
    }
    if (p.has("minlength"))
      size = std::max(size, in.toIndex(p.get("minlength")));
    if (p.has("maxlength"))
      size = std::min(size, in.toIndex(p.get("maxlength")));
    DType dtype =
        wv ? wv->type.dtype
           : (p.has("dtype") ? *dtypeArg(in, p.get("dtype")) : DType::Int32);
    if (wv && wv->type.numElements() != n)
      rt.raise("InvalidArgumentError",
               "Input arr and weights must have the same shape");
    std::vector<double> bins(rows * size, 0.0);
    // binary_output: whether each value occurs (weights are then ignored).
    bool binary = binaryOutput;
    if (binary)
      wv = nullptr;
    const int64_t rowLength = rows ? n / rows : 0;
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = av->elementAsInt(i);
      if (v >= size)
        continue;
      double &bin = bins[(rowLength ? i / rowLength : 0) * size + v];
      if (!wv) {
        bin = binary ? 1 : bin + 1;
        continue;
      }
      // Weighted bins add in the weights' type.
      if (dtype == DType::Float32)
        bin = static_cast<float>(static_cast<float>(bin) +
                                 static_cast<float>(wv->elementAsDouble(i)));
      else
        bin += wv->elementAsDouble(i);
    }
    std::vector<int64_t> shape = perRow && at.shape.size() == 2
                                     ? std::vector<int64_t>{rows, size}
                                     : std::vector<int64_t>{size};
    if (bins.empty())
      return rt.constant(graph::HostTensor::zeros({dtype, shape}));
    auto host = std::make_shared<graph::HostTensor>(
        *rt.hostFromPython(numbers(bins, dtype), dtype));
    host->type.shape = shape;
    return rt.constant(host);
  }

private:
  TfRuntime &rt;
  Interpreter &in;

  Value numbers(const std::vector<double> &values, DType dtype) {
    ValueList items;
    for (double v : values)
      items.push_back(isFloating(dtype)
                          ? Value::floating(v)
                          : Value::integer(static_cast<int64_t>(v)));
    return in.list(std::move(items));
  }

  /// An unsorted reduction of values known at run time: TensorFlow's
  /// kernel as one node, which codegen applies row by row in order
  /// (EmitScatter.cpp). The mean is math_ops' sum divided by each
  /// segment's row count (at least 1).
  /// A sorted segment reduction in a function, on values known at run
  /// time only: the Segment* kernel, compiled, whose output has one row
  /// per id up to the last.
  Value runTimeSorted(Reduction r, const Value &data, const Value &ids) {
    const TensorType &dt = rt.tensor(data).type, &it = rt.tensor(ids).type;
    std::string kernel = kernelName(r, true);
    if (it.shape.size() != 1)
      in.valueError("Shape must be rank 1 but is rank " +
                    std::to_string(it.shape.size()) + " for '{{node " +
                    rt.tracing->graph.uniqueName(kernel) + "}} = " + kernel +
                    "[T=" + tfTypeName(dt.dtype) +
                    ", Tindices=" + tfTypeName(it.dtype) + "](" +
                    inputName(rt, data) + ", " + inputName(rt, ids) +
                    ")' with input shapes: " + shapeList(dt.shape) + ", " +
                    shapeList(it.shape) + ".");
    if (dt.shape.empty())
      in.valueError("Shape must be at least rank 1 but is rank 0 for '{{node " +
                    rt.tracing->graph.uniqueName(kernel) + "}} = " + kernel +
                    "[T=" + tfTypeName(dt.dtype) +
                    ", Tindices=" + tfTypeName(it.dtype) + "](" +
                    inputName(rt, data) + ", " + inputName(rt, ids) +
                    ")' with input shapes: [], " + shapeList(it.shape) + ".");
    TensorType out = dt;
    out.shape[0] = -1;
    return rt.apply(kernel, {data, ids},
                    {{"T", dt.dtype}, {"Tindices", it.dtype}}, out, kernel);
  }

  Value runTimeReduce(Reduction r, const Value &data, const Value &ids,
                      const Value &numArg, int64_t segments) {
    const TensorType &dt = rt.tensor(data).type, &it = rt.tensor(ids).type;
    Value num = rt.toTensor(numArg);
    const TensorType &nt = rt.tensor(num).type;
    if (!isInteger(nt.dtype) || nt.unknownRank || !nt.shape.empty())
      in.typeError("num_segments must be an integer scalar, not " +
                   in.repr(numArg));
    for (size_t d = 0; d < it.shape.size(); ++d) {
      if (it.shape[d] < 0 || dt.shape[d] < 0 || it.shape[d] == dt.shape[d])
        continue;
      if (rt.tracing) {
        // The shape function's error, naming the node as TensorFlow's
        // graph has it (a Python num_segments is a Const in its scope).
        std::string kernel = r == Reduction::Max    ? "UnsortedSegmentMax"
                             : r == Reduction::Min  ? "UnsortedSegmentMin"
                             : r == Reduction::Prod ? "UnsortedSegmentProd"
                                                    : "UnsortedSegmentSum";
        std::string node = rt.tracing->graph.scopeName() + kernel;
        std::string numName =
            rt.isTensor(numArg) ? inputName(rt, num) : node + "/num_segments";
        in.valueError(
            "Dimensions must be equal, but are " + std::to_string(dt.shape[d]) +
            " and " + std::to_string(it.shape[d]) + " for '{{node " + node +
            "}} = " + kernel + "[T=" + tfTypeName(dt.dtype) + ", Tindices=" +
            tfTypeName(it.dtype) + ", Tnumsegments=" + tfTypeName(nt.dtype) +
            "](" + inputName(rt, data) + ", " + inputName(rt, ids) + ", " +
            numName + ")' with input shapes: " + shapeList(dt.shape) + ", " +
            shapeList(it.shape) + ", " + shapeList(nt.shape) + ".");
      }
      rt.raise("InvalidArgumentError",
               "data.shape = " + shapeList(dt.shape) +
                   " does not start with segment_ids.shape = " +
                   shapeList(it.shape));
    }
    auto node = [&](const std::string &kernel, const Value &values) {
      const TensorType &vt = rt.tensor(values).type;
      TensorType out{vt.dtype, {segments}};
      out.shape.insert(out.shape.end(), vt.shape.begin() + it.shape.size(),
                       vt.shape.end());
      return rt.apply(kernel, {values, ids, num},
                      {{"T", out.dtype},
                       {"Tindices", it.dtype},
                       {"Tnumsegments", nt.dtype}},
                      out, kernel);
    };
    if (r != Reduction::Mean)
      return node(kernelName(r, false), data);
    // _unsorted_segment_N: the rows of each segment, shaped to broadcast.
    Value ones = rt.apply("OnesLike", {ids}, {{"T", it.dtype}}, it, "ones");
    Value counts = node("UnsortedSegmentSum", cast(rt, ones, dt.dtype));
    std::vector<int64_t> shape(dt.shape.size() - it.shape.size() + 1, 1);
    shape[0] = -1;
    counts = binaryOp(rt, "Maximum", reshape(rt, counts, pyIntList(in, shape)),
                      rt.toTensor(Value::integer(1), dt.dtype));
    return binaryOp(rt, "RealDiv", node("UnsortedSegmentSum", data), counts);
  }
};

} // namespace

void installSegments(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math) {
  TfRuntime *r = &rt;
  for (Reduction red : {Reduction::Sum, Reduction::Mean, Reduction::Max,
                        Reduction::Min, Reduction::Prod}) {
    std::string name = std::string("segment_") + reductionName(red);
    math.def(name, [r, red, name](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"data", "segment_ids", "name"});
      // Python lists take the wrapper's slow path ("[Op:SegmentSum]").
      PythonOperands slowPath(*r, {p.get("data"), p.get("segment_ids")});
      return Segments(*r).reduce(red, true, p.require("data", name),
                                 p.require("segment_ids", name), Value(), name);
    });
    std::string unsorted = "unsorted_" + name;
    math.def(unsorted, [r, red, unsorted](Interpreter &in, CallArgs &args) {
      Params p(in, args, unsorted,
               {"data", "segment_ids", "num_segments", "name"});
      // (unsorted_segment_mean converts its operands itself first.)
      PythonOperands slowPath(*r, red == Reduction::Mean
                                      ? ValueList{}
                                      : ValueList{p.get("data"),
                                                  p.get("segment_ids"),
                                                  p.get("num_segments")});
      return Segments(*r).reduce(red, false, p.require("data", unsorted),
                                 p.require("segment_ids", unsorted),
                                 p.require("num_segments", unsorted), unsorted);
    });
  }
  // math_ops.unsorted_segment_sqrt_n: the sums over the square root of the
  // rows in each segment (at least 1), shaped to broadcast over the rows.
  math.def("unsorted_segment_sqrt_n", [r](Interpreter &in, CallArgs &args) {
    const std::string name = "unsorted_segment_sqrt_n";
    Params p(in, args, name, {"data", "segment_ids", "num_segments", "name"});
    Value data = r->toTensor(p.require("data", name));
    Value ids = r->toTensor(p.require("segment_ids", name));
    Value num = p.require("num_segments", name);
    const TensorType &dt = r->tensor(data).type, &it = r->tensor(ids).type;
    Segments segments(*r);
    Value summed = segments.reduce(Reduction::Sum, false, data, ids, num, name);
    if (it.unknownRank || dt.unknownRank)
      r->raise("UnimplementedError",
               "kiln needs the ranks of unsorted_segment_sqrt_n's inputs");
    Value ones = cast(*r, filledLike(*r, ids, 1), dt.dtype);
    Value counts = segments.reduce(Reduction::Sum, false, ones, ids, num, name);
    std::vector<int64_t> shape(dt.shape.size() - it.shape.size() + 1, 1);
    shape[0] = -1;
    counts = binaryOp(*r, "Maximum", reshape(*r, counts, pyIntList(in, shape)),
                      r->toTensor(Value::integer(1), dt.dtype));
    return binaryOp(*r, "RealDiv", summed, unaryOp(*r, "Sqrt", counts));
  });
  for (bool counts : {false, true}) {
    std::string name = counts ? "unique_with_counts" : "unique";
    tf.def(name, [r, name, counts](Interpreter &in, CallArgs &args) {
      Params p(in, args, name, {"x", "out_idx", "name"});
      ValueList parts =
          Segments(*r).unique(p.require("x", name), p.get("out_idx"), counts);
      std::vector<std::string> fields{"y", "idx"};
      if (counts)
        fields.push_back("count");
      return Value::object(Type::Native,
                           std::make_shared<NamedTupleObject>(
                               counts ? "UniqueWithCounts" : "Unique",
                               std::move(fields), std::move(parts)));
    });
  }
  // tf.searchsorted: for each value, how many elements of its row of the
  // sorted sequence are below it (left) or not above it (right), counted
  // over a [..., values, sequence] comparison.
  tf.def("searchsorted", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "searchsorted",
             {"sorted_sequence", "values", "side", "out_type", "name"});
    Value seq = r->toTensor(p.require("sorted_sequence", "searchsorted"));
    Value values = r->toTensor(p.require("values", "searchsorted"));
    std::string side = p.has("side") ? in.toStr(p.get("side")) : "left";
    if (side != "left" && side != "right")
      in.valueError("Argument `side` must be either 'right' or 'left'. "
                    "Received: `side` = '" +
                    side + "'.");
    DType outType =
        p.has("out_type") ? *dtypeArg(in, p.get("out_type")) : DType::Int32;
    const TensorType &st = r->tensor(seq).type, &vt = r->tensor(values).type;
    if (st.unknownRank || vt.unknownRank || st.shape.empty() ||
        st.shape.size() != vt.shape.size())
      r->raise("InvalidArgumentError",
               "sorted_sequence and values must have the same rank, and at "
               "least rank 1");
    int64_t last = static_cast<int64_t>(st.shape.size());
    // The kernel's check that the rows agree, on sizes known now: eagerly
    // its error, in a function a node that fails when it runs.
    const std::string op = side == "left" ? "LowerBound" : "UpperBound";
    for (int64_t d = 0; d + 1 < last; ++d) {
      if (st.shape[d] < 0 || vt.shape[d] < 0 || st.shape[d] == vt.shape[d])
        continue;
      const std::string message =
          "Leading dim_size of both tensors must match.";
      if (!r->tracing)
        kernelError(*r, op, message);
      return r->apply(op, {seq, values},
                      {{"T", st.dtype},
                       {"out_type", outType},
                       {graph::kRunTimeError, message}},
                      TensorType{outType, vt.shape}, op);
    }
    // std::lower_bound's count of elements below the value; upper_bound's
    // of those the value is not below (all of them for a NaN value).
    Value element = expandDims(*r, seq, last - 1),
          value = expandDims(*r, values, last);
    Value below =
        side == "left"
            ? binaryOp(*r, "Less", element, value)
            : unaryOp(*r, "LogicalNot", binaryOp(*r, "Less", value, element));
    return reduce(*r, "Sum", cast(*r, below, outType), Value::integer(-1),
                  false);
  });
  math.def("bincount", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "bincount",
             {"arr", "weights", "minlength", "maxlength", "dtype", "name",
              "axis", "binary_output"});
    // TensorFlow counts over all of arr (axis None or 0) or per row (-1).
    int64_t axis = p.has("axis") && !p.get("axis").isNone()
                       ? in.toIndex(p.get("axis"))
                       : 0;
    if (axis != 0 && axis != -1)
      in.valueError(
          "Unsupported value for argument axis=" + std::to_string(axis) +
          ". Only 0 and -1 are currently supported.");
    return Segments(*r).bincount(p, axis == -1);
  });
}

} // namespace kiln::tf
