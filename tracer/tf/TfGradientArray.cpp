// Gradients of the ops that move elements: slicing, joining, reversing and
// padding (TensorFlow's array_grad.py). Each routes the gradient back to
// the positions the op read, exactly (copies and zeros, no arithmetic).
#include "TfGradientOps.h"
#include "TfIndexedSlices.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

namespace {

const std::vector<int64_t> &staticShape(TfRuntime &rt, const Value &t,
                                        const std::string &op) {
  const TensorType &type = typeOf(rt, t);
  if (!type.isStatic())
    needStaticShapes(rt, op);
  return type.shape;
}

/// ConcatV2: each input's slice of the gradient along the axis.
ValueList concatGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  int64_t axis = std::get<int64_t>(e.attrs.at("axis"));
  ValueList out;
  bool sizesKnown = true;
  for (auto &input : e.inputs) {
    const TensorType &type = typeOf(rt, input);
    if (type.unknownRank)
      needStaticShapes(rt, e.op);
    sizesKnown &= type.shape[axis] >= 0;
  }
  if (!sizesKnown) {
    // Some sizes along the axis are known at run time only: each input's
    // slice starts where the ones before it end, read from their shapes
    // (_ConcatGradHelper's ConcatOffset).
    Interpreter &in = rt.in;
    Value at = rt.toTensor(Value::integer(0), DType::Int32);
    for (auto &input : e.inputs) {
      Value size = shapeOf(rt, input);
      ValueList begin;
      for (size_t d = 0; d < typeOf(rt, input).shape.size(); ++d)
        begin.push_back(int64_t(d) == axis ? at : Value::integer(0));
      out.push_back(
          callTf(in, {"slice"},
                 {g[0], callTf(in, {"stack"}, {in.list(begin)}), size}));
      at = binaryOp(rt, "AddV2", at, in.getItem(size, Value::integer(axis)));
    }
    return out;
  }
  // Only the sizes along the axis need to be known (other dimensions may
  // be known at run time only).
  int64_t at = 0;
  for (auto &input : e.inputs) {
    int64_t n = typeOf(rt, input).shape[axis];
    out.push_back(sliceAxis(rt, g[0], axis, at, at + n));
    at += n;
  }
  return out;
}

/// Pack (tf.stack): input i gets slice i of the axis, unstacked.
ValueList packGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  int64_t axis = std::get<int64_t>(e.attrs.at("axis"));
  ValueList out;
  for (size_t i = 0; i < e.inputs.size(); ++i) {
    const TensorType &type = typeOf(rt, e.inputs[i]);
    if (type.unknownRank)
      needStaticShapes(rt, e.op);
    Value piece = sliceAxis(rt, g[0], axis, int64_t(i), int64_t(i) + 1);
    out.push_back(reshapeLike(rt, piece, e.inputs[i]));
  }
  return out;
}

/// Split and SplitV: the pieces' gradients concatenated; Unpack: stacked.
ValueList splitGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  int64_t axis = std::get<int64_t>(e.attrs.at("axis"));
  return {concat(rt, g, axis, "ConcatV2")};
}

ValueList unpackGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  int64_t axis = std::get<int64_t>(e.attrs.at("axis"));
  return {concat(rt, g, axis, "Pack")};
}

/// The StridedSlice gradient for an input with sizes known at run time
/// only, when the slice is a window (stride 1) that takes those dimensions
/// whole: the gradient, its dropped dimensions put back, padded with zeros
/// around the window. None when the slice is not such a window.
Value paddedSliceGrad(TfRuntime &rt, const TapeEntry &e, const Value &grad,
                      const std::vector<int64_t> &offsets,
                      const std::vector<int64_t> &sizes,
                      const std::vector<int64_t> &strides) {
  const Value &x = e.inputs[0];
  const std::vector<int64_t> &shape = typeOf(rt, x).shape;
  Interpreter &in = rt.in;
  ValueList windowDims, paddings;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (strides[d] != 1)
      return Value();
    if (shape[d] < 0) {
      if (offsets[d] != 0 || sizes[d] >= 0)
        return Value();
      windowDims.push_back(sliceAxis(rt, shapeOf(rt, x), 0, d, d + 1));
      paddings.push_back(pyIntList(in, {0, 0}));
      continue;
    }
    int64_t size = sizes[d] < 0 ? shape[d] : sizes[d];
    windowDims.push_back(intConstant(rt, {size}));
    paddings.push_back(
        pyIntList(in, {offsets[d], shape[d] - offsets[d] - size}));
  }
  Value window = reshape(rt, grad, concat(rt, windowDims, 0, "ConcatV2"));
  Value pad = in.getAttr(in.importModule("tensorflow"), "pad");
  return in.call(pad, ValueList{window, in.list(std::move(paddings))});
}

/// The StridedSlice gradient for a slice whose bounds or dimensions are
/// known only at run time (the node's "dyn_*" attrs), with steps of 1: the
/// gradient, its indexed dimensions put back, padded with zeros before and
/// after the window, the paddings computed as the kernel clamps the bounds
/// (Python's negative indices count from the end). None for other steps.
Value runTimeSliceGrad(TfRuntime &rt, const TapeEntry &e, const Value &grad) {
  Interpreter &in = rt.in;
  const Value &x = e.inputs[0];
  auto ints = [&](const char *name) {
    return std::get<std::vector<int64_t>>(e.attrs.at(name));
  };
  std::vector<int64_t> kind = ints("dyn_kind"), begin = ints("dyn_begin"),
                       step = ints("dyn_step"), beginIn = ints("dyn_begin_in"),
                       offsets = ints("offsets"), sizes = ints("sizes"),
                       strides = ints("strides"), reversed = ints("reversed"),
                       indexed = ints("dyn_indexed");
  const std::vector<int64_t> &shape = typeOf(rt, x).shape;
  if (!reversed.empty() || kind.size() != shape.size())
    return Value();
  // The new axes dropped, then the indexed ones put back below.
  Value window = grad;
  std::vector<int64_t> newAxes = ints("dyn_new_axes");
  if (!newAxes.empty()) {
    ValueList axes;
    for (int64_t a : newAxes)
      axes.push_back(Value::integer(a));
    window = in.call(in.getAttr(in.importModule("tensorflow"), "squeeze"),
                     ValueList{window, in.list(std::move(axes))});
  }
  ValueList paddings;
  int64_t axis = 0; // of the gradient, as dimensions are put back
  for (size_t d = 0; d < shape.size(); ++d, ++axis) {
    Value n = shape[d] >= 0 ? Value::integer(shape[d])
                            : in.getItem(shapeOf(rt, x), Value::integer(d));
    if (kind[d] == 0) { // static bounds, or the whole of a run-time size
      if (strides[d] != 1 || (shape[d] < 0 && sizes[d] >= 0))
        return Value();
      // A static index: its dimension put back.
      if (std::find(indexed.begin(), indexed.end(), d) != indexed.end())
        window = expandDims(rt, window, axis);
      paddings.push_back(
          pyIntList(in, {offsets[d],
                         shape[d] < 0 ? 0 : shape[d] - offsets[d] - sizes[d]}));
      continue;
    }
    if (kind[d] == 2 && step[d] != 1)
      return Value();
    // The window's first position: the bound (a tensor input, a Python
    // int, or none), counted from the end when negative, clamped to
    // [0, n] (an index is in range, or the forward op failed).
    Value first = beginIn[d] ? rt.toTensor(e.inputs[beginIn[d]], DType::Int32)
                  : begin[d] == graph::kNoSliceBound ? Value::integer(0)
                                                     : Value::integer(begin[d]);
    if (first.isIntLike() && n.isIntLike()) {
      int64_t i = first.asInt(), size = n.asInt();
      first =
          Value::integer(std::clamp<int64_t>(i < 0 ? i + size : i, 0, size));
    } else if (!first.isIntLike() || first.asInt() != 0) {
      Value t = rt.toTensor(first, DType::Int32);
      Value zero = rt.toTensor(Value::integer(0), DType::Int32);
      t = select(rt, binaryOp(rt, "Less", t, zero), binaryOp(rt, "AddV2", t, n),
                 t);
      t = binaryOp(rt, "Maximum", t, zero);
      first = binaryOp(rt, "Minimum", t, rt.toTensor(n, DType::Int32));
    }
    if (kind[d] == 1) // an index: its dimension put back
      window = expandDims(rt, window, axis);
    Value size = kind[d] == 1
                     ? Value::integer(1)
                     : in.getItem(shapeOf(rt, window), Value::integer(axis));
    Value after = binaryOp(rt, "Sub", binaryOp(rt, "Sub", n, first), size);
    paddings.push_back(in.list({first, after}));
  }
  Value pad = in.getAttr(in.importModule("tensorflow"), "pad");
  return in.call(pad, ValueList{window, in.list(std::move(paddings))});
}

/// StridedSlice (StridedSliceGrad): the gradient scattered into zeros at
/// the positions read, as a gather from the flat gradient with a zero
/// appended (positions not read take the zero).
ValueList stridedSliceGrad(TfRuntime &rt, const TapeEntry &e,
                           const ValueList &g) {
  if (e.attrs.count("dyn_kind")) {
    Value grad = runTimeSliceGrad(rt, e, g[0]);
    if (grad.isNone())
      needStaticShapes(rt, e.op);
    ValueList out{grad};
    out.resize(e.inputs.size());
    return out;
  }
  auto offsets = std::get<std::vector<int64_t>>(e.attrs.at("offsets"));
  auto sizes = std::get<std::vector<int64_t>>(e.attrs.at("sizes"));
  auto strides = std::get<std::vector<int64_t>>(e.attrs.at("strides"));
  std::vector<int64_t> reversed;
  if (auto it = e.attrs.find("reversed"); it != e.attrs.end())
    reversed = std::get<std::vector<int64_t>>(it->second);
  const TensorType &inType = typeOf(rt, e.inputs[0]);
  if (!inType.isStatic() && !inType.unknownRank && reversed.empty())
    if (Value padded = paddedSliceGrad(rt, e, g[0], offsets, sizes, strides);
        !padded.isNone())
      return {padded};
  const auto &shape = staticShape(rt, e.inputs[0], e.op);
  size_t rank = shape.size();
  int64_t total = 1, count = 1;
  for (size_t d = 0; d < rank; ++d) {
    total *= shape[d];
    count *= sizes[d];
  }
  // Where each element of the gradient came from, in its row-major order.
  std::vector<int64_t> source(static_cast<size_t>(total), count);
  std::vector<int64_t> k(rank, 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t at = 0;
    for (size_t d = 0; d < rank; ++d) {
      bool flip = std::find(reversed.begin(), reversed.end(), int64_t(d)) !=
                  reversed.end();
      int64_t step = flip ? sizes[d] - 1 - k[d] : k[d];
      at = at * shape[d] + offsets[d] + step * strides[d];
    }
    source[static_cast<size_t>(at)] = flat;
    for (size_t d = rank; d-- > 0;) {
      if (++k[d] < sizes[d])
        break;
      k[d] = 0;
    }
  }
  Value index = intConstant(rt, source);
  Value flatGrad = reshape(rt, g[0], pyIntList(rt.in, {-1}));
  Value zero = filled(rt, TensorType{typeOf(rt, g[0]).dtype, {1}}, 0);
  Value padded = concat(rt, {flatGrad, zero}, 0, "ConcatV2");
  ValueList out{
      reshape(rt, gather(rt, padded, index, 0), pyIntList(rt.in, shape))};
  out.resize(e.inputs.size());
  return out;
}

/// A pad op's amounts (before and after, per dimension), which its
/// gradient needs at trace time.
std::vector<int64_t> padAmounts(TfRuntime &rt, const TapeEntry &e) {
  if (!e.attrs.count("amounts"))
    rt.raise("UnimplementedError", "kiln cannot differentiate tf.pad with "
                                   "paddings known at run time only yet");
  return std::get<std::vector<int64_t>>(e.attrs.at("amounts"));
}

/// Pad and PadV2: the gradient's window where the input sits.
ValueList padGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const TensorType &type = typeOf(rt, e.inputs[0]);
  std::vector<int64_t> amounts = padAmounts(rt, e);
  if (!type.unknownRank && !type.isStatic()) {
    // Sizes known at run time only: the input's window of the gradient,
    // from its pads before, as _PadGrad slices it.
    Interpreter &in = rt.in;
    std::vector<int64_t> begin;
    for (size_t d = 0; d < type.shape.size(); ++d)
      begin.push_back(amounts[2 * d]);
    ValueList out{callTf(
        in, {"slice"}, {g[0], pyIntList(in, begin), shapeOf(rt, e.inputs[0])})};
    out.resize(e.inputs.size());
    return out;
  }
  const auto &shape = staticShape(rt, e.inputs[0], e.op);
  Value x = g[0];
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t before = amounts[2 * d];
    if (before != 0 || amounts[2 * d + 1] != 0)
      x = sliceAxis(rt, x, int64_t(d), before, before + shape[d]);
  }
  ValueList out{x};
  out.resize(e.inputs.size());
  return out;
}

/// MirrorPad's: the MirrorPadGrad kernel's fold, one dimension after
/// another. Its pad before, reversed, is added onto the cells it mirrored,
/// then its pad after; then the dimension is cut to the input's size.
/// (REFLECT mirrors from one cell in from the edge, SYMMETRIC from the
/// edge.)
ValueList mirrorPadGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const auto &shape = staticShape(rt, e.inputs[0], e.op);
  std::vector<int64_t> amounts = padAmounts(rt, e);
  int64_t offset = std::get<std::string>(e.attrs.at("mode")) == "REFLECT";
  Interpreter &in = rt.in;
  Value s = g[0];
  for (size_t d = 0; d < shape.size(); ++d) {
    auto axis = static_cast<int64_t>(d);
    int64_t before = amounts[2 * d], after = amounts[2 * d + 1];
    int64_t n = shape[d] + before + after;
    // s[to : to + count] += reverse(s[from : from + count]) along `axis`.
    auto addMirrored = [&](int64_t from, int64_t to, int64_t count) {
      Value part = callTf(
          in, {"reverse"},
          {sliceAxis(rt, s, axis, from, from + count), pyIntList(in, {axis})});
      ValueList pieces;
      if (to > 0)
        pieces.push_back(sliceAxis(rt, s, axis, 0, to));
      pieces.push_back(
          binaryOp(rt, "AddV2", sliceAxis(rt, s, axis, to, to + count), part));
      if (to + count < n)
        pieces.push_back(sliceAxis(rt, s, axis, to + count, n));
      s = pieces.size() == 1 ? pieces[0] : concat(rt, pieces, axis, "ConcatV2");
    };
    if (before > 0)
      addMirrored(0, before + offset, before);
    if (after > 0)
      addMirrored(n - after, n - 2 * after - offset, after);
    if (before > 0 || after > 0)
      s = sliceAxis(rt, s, axis, before, before + shape[d]);
  }
  ValueList out{s};
  out.resize(e.inputs.size());
  return out;
}

ValueList reverseGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  Interpreter &in = rt.in;
  // The axes as given when the input's rank is unknown (they resolve when
  // the function is specialized).
  auto given = e.attrs.find("reverse_axes");
  auto axes = std::get<std::vector<int64_t>>(
      given != e.attrs.end() ? given->second : e.attrs.at("axes"));
  ValueList out{callTf(in, {"reverse"}, {g[0], pyIntList(in, axes)})};
  out.resize(e.inputs.size());
  return out;
}

/// The order a dense gather gradient's dimensions take for its segment
/// sum: batch, the indices' own dimensions, params' before the axis,
/// params' after it (the index dimensions merge with the batch ones into
/// the segment rows).
static std::vector<int64_t> gatherGradRowsOrder(int64_t rank, int64_t indexRank,
                                                int64_t axis, int64_t batch) {
  int64_t middle = axis - batch, own = indexRank - batch;
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < batch; ++d)
    perm.push_back(d);
  for (int64_t d = 0; d < own; ++d)
    perm.push_back(batch + middle + d);
  for (int64_t d = 0; d < middle; ++d)
    perm.push_back(batch + d);
  for (int64_t d = batch + middle + own;
       d < batch + middle + own + rank - axis - 1; ++d)
    perm.push_back(d);
  return perm;
}

/// The order that puts the summed [batch, axis, before, after] back in
/// params' order.
static std::vector<int64_t> gatherGradParamsOrder(int64_t rank, int64_t axis,
                                                  int64_t batch) {
  std::vector<int64_t> back;
  for (int64_t k = 0; k < batch; ++k)
    back.push_back(k);
  for (int64_t k = 0; k < axis - batch; ++k)
    back.push_back(batch + 1 + k);
  back.push_back(batch);
  for (int64_t k = axis + 1; k < rank; ++k)
    back.push_back(k);
  return back;
}

/// gatherGradDense when the batch dimensions' sizes, or the indices', are
/// known only at run time (a None batch): the same segment sum, its sizes
/// and offsets computed from the tensors' shapes. Params' dimensions after
/// the batch ones must be known.
static Value gatherGradDenseAtRunTime(TfRuntime &rt, const TapeEntry &e,
                                      const Value &grad, int64_t axis,
                                      int64_t batch) {
  Interpreter &in = rt.in;
  const std::vector<int64_t> shape = typeOf(rt, e.inputs[0]).shape;
  const TensorType it = typeOf(rt, e.inputs[1]);
  for (size_t d = size_t(batch); d < shape.size(); ++d)
    if (shape[d] < 0)
      needStaticShapes(rt, e.op);
  int64_t rank = shape.size(), indexRank = it.shape.size();
  int64_t own = indexRank - batch;
  // As in gatherGradDense: batch, own index dimensions, params' before the
  // axis, params' after it.
  std::vector<int64_t> perm = gatherGradRowsOrder(rank, indexRank, axis, batch);
  Value ids = e.inputs[1];
  DType d = typeOf(rt, ids).dtype;
  Value dtype = makeDType(d);
  // The segment rows: as many as index positions (counted, not -1, which
  // Reshape cannot infer when another size is 0).
  std::vector<int64_t> rest(shape.begin() + batch, shape.begin() + axis);
  rest.insert(rest.end(), shape.begin() + axis + 1, shape.end());
  Value rows = callTf(
      in, {"concat"},
      {in.list({reshape(rt, callTf(in, {"size"}, {ids}, {{"out_type", dtype}}),
                        pyIntList(in, {1})),
                rt.toTensor(pyIntList(in, rest), d)}),
       Value::integer(0)});
  Value values = reshape(rt, transpose(rt, grad, pyIntList(in, perm)), rows);
  Value paramsShape =
      callTf(in, {"shape"}, {e.inputs[0]}, {{"out_type", dtype}});
  Value batchShape = sliceOf(rt, paramsShape, std::nullopt, batch);
  Value batches = callTf(in, {"math", "reduce_prod"}, {batchShape});
  Value width = rt.toTensor(Value::integer(shape[axis]), d);
  if (batch > 0) {
    // Segment of index i in batch element b: b * n + i.
    Value starts = binaryOp(
        rt, "Mul", callTf(in, {"range"}, {batches}, {{"dtype", dtype}}), width);
    Value offsetShape = callTf(
        in, {"concat"},
        {in.list(
             {sliceOf(rt, callTf(in, {"shape"}, {ids}, {{"out_type", dtype}}),
                      std::nullopt, batch),
              callTf(in, {"ones"}, {pyIntList(in, {own})},
                     {{"dtype", dtype}})}),
         Value::integer(0)});
    ids = binaryOp(rt, "AddV2", ids, reshape(rt, starts, offsetShape));
  }
  ids = reshape(rt, ids, pyIntList(in, {-1}));
  Value sums = callTf(in, {"math", "unsorted_segment_sum"},
                      {values, ids, binaryOp(rt, "Mul", batches, width)});
  // Back to params' order: batch, before the axis, the axis, after it.
  std::vector<int64_t> known{shape[axis]};
  known.insert(known.end(), shape.begin() + batch, shape.begin() + axis);
  known.insert(known.end(), shape.begin() + axis + 1, shape.end());
  Value summed =
      callTf(in, {"concat"},
             {in.list({batchShape, rt.toTensor(pyIntList(in, known), d)}),
              Value::integer(0)});
  std::vector<int64_t> back = gatherGradParamsOrder(rank, axis, batch);
  return transpose(rt, reshape(rt, sums, summed), pyIntList(in, back));
}

/// GatherV2 on another axis or with batch dimensions (_GatherV2Grad's
/// dense path): the gradient's slices summed into the params' shape by
/// an unsorted_segment_sum, in the order of the indices, whose segment is
/// the batch element's and the index's position. The gathered axis is
/// moved after the batch dimensions for the sum, and back after it.
Value gatherGradDense(TfRuntime &rt, const TapeEntry &e, const Value &grad,
                      int64_t axis, int64_t batch) {
  Interpreter &in = rt.in;
  const TensorType &pt = typeOf(rt, e.inputs[0]);
  const TensorType &it = typeOf(rt, e.inputs[1]);
  if (!pt.unknownRank && !it.unknownRank && (!pt.isStatic() || !it.isStatic()))
    return gatherGradDenseAtRunTime(rt, e, grad, axis, batch);
  const auto &shape = staticShape(rt, e.inputs[0], e.op);
  if (!it.isStatic())
    needStaticShapes(rt, e.op);
  int64_t rank = shape.size(), indexRank = it.shape.size();
  int64_t batches = 1, picked = 1;
  for (int64_t d = 0; d < batch; ++d)
    batches *= shape[d];
  for (int64_t d = batch; d < indexRank; ++d)
    picked *= it.shape[d];
  // The gradient's dimensions: batch, params' before the axis, the own
  // index dimensions, params' after the axis. The index dimensions go
  // after the batch ones and merge with them into the segment rows.
  std::vector<int64_t> perm = gatherGradRowsOrder(rank, indexRank, axis, batch);
  std::vector<int64_t> rows{batches * picked};
  rows.insert(rows.end(), shape.begin() + batch, shape.begin() + axis);
  rows.insert(rows.end(), shape.begin() + axis + 1, shape.end());
  Value values = reshape(rt, transpose(rt, grad, pyIntList(in, perm)),
                         pyIntList(in, rows));
  // Segment of index i in batch element b: b * n + i.
  Value ids = e.inputs[1];
  DType d = typeOf(rt, ids).dtype;
  if (batch > 0) {
    std::vector<int64_t> starts(batches),
        offsetShape(it.shape.begin(), it.shape.begin() + batch);
    for (int64_t b = 0; b < batches; ++b)
      starts[b] = b * shape[axis];
    offsetShape.resize(indexRank, 1);
    ids = binaryOp(
        rt, "AddV2", ids,
        reshape(rt, intConstant(rt, starts, d), pyIntList(in, offsetShape)));
  }
  ids = reshape(rt, ids, pyIntList(in, {-1}));
  Value segmentSum =
      in.getAttr(in.getAttr(in.importModule("tensorflow"), "math"),
                 "unsorted_segment_sum");
  Value sums =
      in.call(segmentSum,
              ValueList{values, ids, Value::integer(batches * shape[axis])});
  // Back to params' order: batch, before the axis, the axis, after it.
  std::vector<int64_t> summed(shape.begin(), shape.begin() + batch);
  summed.push_back(shape[axis]);
  summed.insert(summed.end(), shape.begin() + batch, shape.begin() + axis);
  summed.insert(summed.end(), shape.begin() + axis + 1, shape.end());
  std::vector<int64_t> back = gatherGradParamsOrder(rank, axis, batch);
  return transpose(rt, reshape(rt, sums, pyIntList(in, summed)),
                   pyIntList(in, back));
}

/// GatherV2 on axis 0 (_GatherV2Grad): the gradient's rows at the indices,
/// as IndexedSlices of the params' shape.
ValueList gatherGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  int64_t axis = std::get<int64_t>(e.attrs.at("axis"));
  auto batchAttr = e.attrs.find("batch_dims");
  int64_t batch =
      batchAttr == e.attrs.end() ? 0 : std::get<int64_t>(batchAttr->second);
  if (axis != 0 || batch != 0) {
    ValueList out{gatherGradDense(rt, e, g[0], axis, batch)};
    out.resize(e.inputs.size());
    return out;
  }
  const TensorType &params = typeOf(rt, e.inputs[0]);
  if (!params.isStatic() && !params.unknownRank && axis == 0 &&
      typeOf(rt, e.inputs[1]).shape.empty()) {
    // One row of params whose shape is known at run time only (a TensorArray
    // read, a staged loop's stacked state): the gradient in that row of
    // zeros, dense (IndexedSlices need the shape).
    // A Python index into a tensor (kiln's GatherV2 for `x[t]`) counts a
    // negative one from the end.
    Value index = rt.toTensor(e.inputs[1]);
    DType d = typeOf(rt, index).dtype;
    Value rows = cast(rt, firstDimension(rt, e.inputs[0]), d);
    Value zero = rt.toTensor(Value::integer(0), d);
    index = select(rt, binaryOp(rt, "Less", index, zero),
                   binaryOp(rt, "AddV2", index, rows), index);
    Value row = rt.apply("TensorListSetItem",
                         {filledLike(rt, e.inputs[0], 0), index, g[0]},
                         {{"grow", false}}, params, "TensorListSetItem");
    return {row, Value()};
  }
  // Indices known at run time only make as many rows (-1 to reshape).
  const TensorType &it = typeOf(rt, e.inputs[1]);
  if (it.unknownRank || params.unknownRank)
    needStaticShapes(rt, e.op);
  const std::vector<int64_t> &shape = params.shape;
  bool tailKnown =
      std::all_of(shape.begin() + std::min<size_t>(shape.size(), 1),
                  shape.end(), [](int64_t d) { return d >= 0; });
  Value rows;
  if (tailKnown) {
    std::vector<int64_t> dims{it.isStatic() ? it.numElements() : -1};
    dims.insert(dims.end(), shape.begin() + 1, shape.end());
    rows = pyIntList(rt.in, dims);
  } else {
    // [number of indices] + params' shape after its first dimension, read
    // at run time (_GatherV2Grad's values_shape).
    Interpreter &in = rt.in;
    rows = callTf(
        in, {"concat"},
        {in.list({reshape(rt, callTf(in, {"size"}, {e.inputs[1]}),
                          pyIntList(in, {1})),
                  sliceOf(rt, shapeOf(rt, e.inputs[0]), 1, std::nullopt)}),
         Value::integer(0)});
  }
  auto slices = std::make_shared<IndexedSlicesObject>();
  slices->values = reshape(rt, g[0], rows);
  slices->indices = reshape(rt, e.inputs[1], pyIntList(rt.in, {-1}));
  // The params' shape: a constant when static, else read at run time.
  slices->denseShape =
      params.isStatic() ? rt.constant(rt.hostFromPython(pyIntList(rt.in, shape),
                                                        DType::Int32))
                        : cast(rt, shapeOf(rt, e.inputs[0]), DType::Int32);
  ValueList out{Value::object(py::Type::Native, slices)};
  out.resize(e.inputs.size());
  return out;
}

/// _GatherNdGrad: the gradient scattered into the params' shape (as
/// IndexedSlices when each index picks a row).
ValueList gatherNdGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  Interpreter &in = rt.in;
  const Value &indices = e.inputs[1];
  const TensorType &it = typeOf(rt, indices);
  // The params' shape: a constant when static, else read at run time.
  const TensorType &pt = typeOf(rt, e.inputs[0]);
  Value shape =
      pt.isStatic()
          ? rt.constant(rt.hostFromPython(pyIntList(in, pt.shape), it.dtype))
          : cast(rt, shapeOf(rt, e.inputs[0]), it.dtype);
  ValueList out;
  if (it.shape.size() == 2 && it.shape[1] == 1) {
    auto slices = std::make_shared<IndexedSlicesObject>();
    slices->values = g[0];
    slices->indices = squeeze(rt, indices, Value::integer(-1));
    slices->denseShape = shape;
    out.push_back(Value::object(py::Type::Native, slices));
  } else {
    Value scatterNd = in.getAttr(in.importModule("tensorflow"), "scatter_nd");
    out.push_back(in.call(scatterNd, ValueList{indices, g[0], shape}));
  }
  out.resize(e.inputs.size());
  return out;
}

/// The gradients of the scatter kernels (array_grad.py): each update's
/// gradient is the output gradient at its index vector; the scattered-into
/// tensor passes the gradient through, with zeros where an update replaced
/// its elements.
ValueList scatterGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  Interpreter &in = rt.in;
  Value tf = in.importModule("tensorflow");
  bool fresh = e.op == "ScatterNd"; // (indices, updates, shape)
  const Value &indices = e.inputs[fresh ? 0 : 1];
  Value picked = in.call(in.getAttr(tf, "gather_nd"), ValueList{g[0], indices});
  if (fresh)
    return ValueList{Value(), picked, Value()};
  if (e.op == "TensorScatterSub")
    picked = unaryOp(rt, "Neg", picked);
  Value through = g[0];
  if (e.op == "TensorScatterUpdate")
    through = in.call(in.getAttr(tf, "tensor_scatter_nd_update"),
                      ValueList{g[0], indices, filledLike(rt, e.inputs[2], 0)});
  return ValueList{through, Value(), picked};
}

/// TopKV2's gradient when sizes are known at run time only: _TopKGrad's
/// scatter, its sizes read from the input's and the indices' shapes.
static Value topKGradAtRunTime(TfRuntime &rt, const TapeEntry &e,
                               const Value &grad) {
  Interpreter &in = rt.in;
  const Value &indices = e.outputs[1];
  Value inShape = shapeOf(rt, e.inputs[0]);
  Value indexShape = shapeOf(rt, indices);
  Value last = in.getItem(inShape, Value::integer(-1));
  Value k = in.getItem(indexShape, Value::integer(-1));
  Value rowIndices =
      reshape(rt, cast(rt, indices, DType::Int32),
              callTf(in, {"stack"}, {in.list({Value::integer(-1), k})}));
  Value rows = in.getItem(shapeOf(rt, rowIndices), Value::integer(0));
  // Row r's positions start at r * last in the flattened input.
  Value starts =
      callTf(in, {"range"},
             {Value::integer(0), binaryOp(rt, "Mul", rows, last), last});
  Value flat =
      reshape(rt,
              binaryOp(rt, "AddV2", rowIndices,
                       expandDims(rt, cast(rt, starts, DType::Int32), -1)),
              pyIntList(in, {-1, 1}));
  Value total = callTf(in, {"reduce_prod"}, {inShape});
  Value scattered = callTf(in, {"scatter_nd"},
                           {flat, reshape(rt, grad, pyIntList(in, {-1})),
                            reshape(rt, total, pyIntList(in, {1}))});
  return reshape(rt, scattered, inShape);
}

/// _TopKGrad: each value's gradient scattered back to the position its
/// index names, in rows of the input's last dimension.
ValueList topKGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  Interpreter &in = rt.in;
  const TensorType &inType = typeOf(rt, e.inputs[0]);
  if (!inType.unknownRank && !inType.shape.empty() &&
      (!inType.isStatic() || !typeOf(rt, e.outputs[1]).isStatic())) {
    ValueList out{topKGradAtRunTime(rt, e, g[0])};
    out.resize(e.inputs.size());
    return out;
  }
  const auto &shape = staticShape(rt, e.inputs[0], e.op);
  const Value &indices = e.outputs[1];
  const TensorType &it = typeOf(rt, indices);
  if (!it.isStatic() || shape.empty())
    needStaticShapes(rt, e.op);
  int64_t last = shape.back(), k = it.shape.back();
  int64_t rows =
      last ? graph::TensorType{it.dtype, shape}.numElements() / last : 0;
  std::vector<int64_t> starts;
  for (int64_t r = 0; r < rows; ++r)
    starts.push_back(r * last);
  Value rowIndices =
      reshape(rt, cast(rt, indices, DType::Int32), pyIntList(in, {rows, k}));
  Value flat = reshape(
      rt,
      binaryOp(rt, "AddV2", rowIndices,
               reshape(rt, intConstant(rt, starts), pyIntList(in, {rows, 1}))),
      pyIntList(in, {rows * k, 1}));
  Value scatterNd = in.getAttr(in.importModule("tensorflow"), "scatter_nd");
  Value scattered =
      in.call(scatterNd, ValueList{flat, reshape(rt, g[0], pyIntList(in, {-1})),
                                   pyIntList(in, {rows * last})});
  ValueList out{reshape(rt, scattered, pyIntList(in, shape))};
  out.resize(e.inputs.size());
  return out;
}

/// The first `rows` rows of `buffer`, in `like`'s type.
Value firstRows(TfRuntime &rt, const Value &buffer, const Value &rows,
                const Value &like) {
  TensorType t = typeOf(rt, like);
  TensorType dynamic = t;
  dynamic.shape[0] = -1;
  Value out =
      rt.apply("TensorListStack", {buffer, rows}, {{"element_dtype", t.dtype}},
               dynamic, "TensorListStack");
  return t.isStatic() ? reshape(rt, out, pyIntList(rt.in, t.shape)) : out;
}

/// TensorListSetItem (a TensorArray write): the buffer's gradient with row
/// `index` zeroed (cut back to the buffer's rows when the write grew it),
/// and that row for the item (TensorFlow's _TensorListSetItemGrad).
ValueList setItemGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const Value &buffer = e.inputs[0], &index = e.inputs[1], &item = e.inputs[2];
  Value cleared =
      rt.apply("TensorListSetItem", {g[0], index, filledLike(rt, item, 0)},
               {{"grow", false}}, typeOf(rt, g[0]), "TensorListSetItem");
  auto grow = e.attrs.find("grow");
  if (grow != e.attrs.end() && std::get<bool>(grow->second))
    cleared = firstRows(rt, cleared, firstDimension(rt, buffer), buffer);
  Value row = rt.apply("GatherV2", {g[0], index}, {{"axis", int64_t(0)}},
                       typeOf(rt, item), "TensorListGetItem");
  return {cleared, Value(), row};
}

/// TensorListStack (the first `size` rows of a TensorArray's buffer): the
/// gradient, then zero rows up to the buffer's.
ValueList stackGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const Value &buffer = e.inputs[0];
  TensorType row = typeOf(rt, buffer);
  row.shape.erase(row.shape.begin());
  // A zero row written at max(capacity - 1, rows of g) is past g's end:
  // the write grows g, with zero rows, to at least the buffer's capacity.
  Value capacity = firstDimension(rt, buffer);
  Value last = binaryOp(rt, "Maximum",
                        binaryOp(rt, "Sub", capacity,
                                 rt.toTensor(Value::integer(1), DType::Int32)),
                        firstDimension(rt, g[0]));
  TensorType grownType = typeOf(rt, g[0]);
  grownType.shape[0] = -1;
  Value grown = rt.apply("TensorListSetItem", {g[0], last, filled(rt, row, 0)},
                         {{"grow", true}}, grownType, "TensorListSetItem");
  return {firstRows(rt, grown, capacity, buffer), Value()};
}

} // namespace

IndexedSlicesObject *asIndexedSlices(const Value &v) {
  return v.is(py::Type::Native) ? dynamic_cast<IndexedSlicesObject *>(v.raw())
                                : nullptr;
}

std::string IndexedSlicesObject::repr(Interpreter &, const Value &) {
  char address[32];
  snprintf(address, sizeof address, "%p", static_cast<const void *>(this));
  return "<tensorflow.python.framework.indexed_slices.IndexedSlices object "
         "at " +
         std::string(address) + ">";
}

std::string IndexedSlicesObject::str(Interpreter &in, const Value &) {
  return "IndexedSlices(indices=" + in.toStr(indices) +
         ", values=" + in.toStr(values) +
         ", dense_shape=" + in.toStr(denseShape) + ")";
}

bool IndexedSlicesObject::getAttr(Interpreter &, const Value &,
                                  const std::string &name, Value &out) {
  if (name == "indices")
    out = indices;
  else if (name == "values")
    out = values;
  else if (name == "dense_shape")
    out = denseShape;
  else if (name == "dtype")
    out = makeDType(values.as<TensorObject>().type.dtype);
  else if (name == "shape") {
    // The dense shape as far as its value is known now (constant_value_as_
    // shape): the dimensions, else the values' row shape after an unknown
    // first dimension.
    TfRuntime &rt = *values.as<TensorObject>().rt;
    TensorType type = values.as<TensorObject>().type;
    HostTensorPtr known =
        denseShape.isNone() ? nullptr : rt.constantValue(denseShape);
    if (known) {
      type.shape.clear();
      for (int64_t i = 0; i < known->type.numElements(); ++i)
        type.shape.push_back(known->elementAsInt(i));
    } else if (!type.unknownRank && !type.shape.empty()) {
      type.shape[0] = -1;
    }
    out = Value::object(py::Type::Native,
                        std::make_shared<TensorShapeObject>(type));
  } else
    return false;
  return true;
}

bool IndexedSlicesObject::unary(Interpreter &, ast::UnaryOpKind op,
                                const Value &, Value &out) {
  // IndexedSlices.__neg__: the values negated, the same rows.
  if (op != ast::UnaryOpKind::USub)
    return false;
  TfRuntime &rt = *values.as<TensorObject>().rt;
  auto negated = std::make_shared<IndexedSlicesObject>(*this);
  negated->values = unaryOp(rt, "Neg", values);
  out = Value::object(py::Type::Native, negated);
  return true;
}

Value densify(TfRuntime &rt, const IndexedSlicesObject &slices) {
  // unsorted_segment_sum(values, indices, dense_shape[0]), as TensorFlow
  // converts them: a ScatterNd, adding each row in index order.
  Interpreter &in = rt.in;
  Value tf = in.importModule("tensorflow");
  Value indices = expandDims(rt, slices.indices, -1);
  return in.call(in.getAttr(tf, "scatter_nd"),
                 ValueList{indices, slices.values,
                           cast(rt, rt.toTensor(slices.denseShape),
                                typeOf(rt, indices).dtype)});
}

void addArrayGradients(std::map<std::string, GradFn> &table) {
  table["GatherV2"] = gatherGrad;
  table["GatherNd"] = gatherNdGrad;
  for (const char *op : {"ScatterNd", "TensorScatterUpdate", "TensorScatterAdd",
                         "TensorScatterSub"})
    table[op] = scatterGrad;
  table["TopKV2"] = topKGrad;
  table["ConcatV2"] = concatGrad;
  table["Pack"] = packGrad;
  table["StridedSlice"] = stridedSliceGrad;
  table["Split"] = splitGrad;
  table["SplitV"] = splitGrad;
  table["Unpack"] = unpackGrad;
  // IdentityN passes each gradient through.
  table["IdentityN"] = [](TfRuntime &, const TapeEntry &, const ValueList &g) {
    return g;
  };
  table["Pad"] = padGrad;
  table["PadV2"] = padGrad;
  table["MirrorPad"] = mirrorPadGrad;
  table["ReverseV2"] = reverseGrad;
  // ReverseSequence's gradient reverses the same prefixes back.
  table["ReverseSequence"] = [](TfRuntime &rt, const TapeEntry &e,
                                const ValueList &g) {
    Interpreter &in = rt.in;
    CallArgs args{
        {g[0], e.inputs[1]},
        {{"seq_axis", Value::integer(std::get<int64_t>(e.attrs.at("seq_dim")))},
         {"batch_axis",
          Value::integer(std::get<int64_t>(e.attrs.at("batch_dim")))}}};
    return ValueList{
        in.call(in.getAttr(in.importModule("tensorflow"), "reverse_sequence"),
                args),
        Value()};
  };
  // Roll's gradient rolls back.
  table["Roll"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    auto axes = std::get<std::vector<int64_t>>(e.attrs.at("axes"));
    Value back = unaryOp(rt, "Neg", e.inputs[1]);
    return ValueList{rollNode(rt, g[0], back, axes), Value(), Value()};
  };
  // Tile's gradient (_TileGrad): the gradient reshaped to interleave the
  // multiples with the input's dimensions, summed over the copies.
  table["Tile"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    Interpreter &in = rt.in;
    const Value &x = e.inputs[0], &multiples = e.inputs[1];
    Value shape =
        callTf(in, {"shape"}, {x},
               {{"out_type", makeDType(rt.tensor(multiples).type.dtype)}});
    Value split =
        callTf(in, {"reshape"},
               {callTf(in, {"transpose"},
                       {callTf(in, {"stack"}, {in.list({multiples, shape})})}),
                pyIntList(in, {-1})});
    // The even axes, as range(0, size(split), 2) gives them.
    const TensorType &xt = rt.tensor(x).type;
    if (xt.unknownRank)
      rt.raise("UnimplementedError",
               "kiln needs the rank of a tiled tensor to differentiate it");
    std::vector<int64_t> even;
    for (size_t d = 0; d < xt.shape.size(); ++d)
      even.push_back(2 * static_cast<int64_t>(d));
    Value axes = pyIntList(in, even);
    Value grad = callTf(in, {"math", "reduce_sum"},
                        {callTf(in, {"reshape"}, {g[0], split}), axes});
    // set_shape: the input's static shape.
    TensorType t = rt.tensor(grad).type;
    if (rt.tracing && (t.unknownRank || t.shape != xt.shape)) {
      t = xt;
      t.dtype = rt.tensor(grad).type.dtype;
      grad = rt.apply("Identity", {grad}, {{"T", t.dtype}}, t, "Identity");
    }
    return ValueList{grad, Value()};
  };
  // Cross(u, v)'s gradients: cross(v, g) and cross(g, u).
  table["Cross"] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    return ValueList{crossNode(rt, e.inputs[1], g[0]),
                     crossNode(rt, g[0], e.inputs[0])};
  };
  // Resizing: the kernels' gradient ops, which add each resized pixel's
  // gradient into the pixels it was read from. The size has none.
  table["ResizeBilinear"] = [](TfRuntime &rt, const TapeEntry &e,
                               const ValueList &g) {
    const TensorType &image = rt.tensor(e.inputs[0]).type;
    Value grad = rt.apply("ResizeBilinearGrad", {g[0], e.inputs[0]},
                          {{"T", image.dtype},
                           {"align_corners", false},
                           {"half_pixel_centers", true}},
                          image, "ResizeBilinearGrad");
    return ValueList{grad, Value()};
  };
  table["ResizeNearestNeighbor"] = [](TfRuntime &rt, const TapeEntry &e,
                                      const ValueList &g) {
    const TensorType &image = rt.tensor(e.inputs[0]).type;
    // The image's height and width, the op's size operand.
    Value size = sliceOf(rt, shapeOf(rt, e.inputs[0]), 1, 3);
    TensorType type = image;
    type.dtype = rt.tensor(g[0]).type.dtype;
    Value grad = rt.apply("ResizeNearestNeighborGrad", {g[0], size},
                          {{"T", type.dtype},
                           {"align_corners", false},
                           {"half_pixel_centers", true}},
                          type, "ResizeNearestNeighborGrad");
    return ValueList{grad, Value()};
  };
  // SpaceToDepth and DepthToSpace move elements; each one's gradient moves
  // them back with the other.
  for (const char *op : {"SpaceToDepth", "DepthToSpace"}) {
    std::string back =
        std::string(op) == "SpaceToDepth" ? "DepthToSpace" : "SpaceToDepth";
    table[op] = [back](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
      int64_t block = std::get<int64_t>(e.attrs.at("block_size"));
      return ValueList{spaceToDepthNode(rt, back, g[0], block)};
    };
  }
  table["TensorListSetItem"] = setItemGrad;
  table["TensorListStack"] = stackGrad;
}

} // namespace kiln::tf
