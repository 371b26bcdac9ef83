// Gradients of the segment reductions (math_grad.py's _SegmentSumGrad and
// friends), for segment ops computed eagerly: kiln computes them on the
// host and records each on the tapes as one op (TfSegments.cpp). Inside a
// tf.function their ops are kiln's own and differentiate as those.
#include "TfGradientOps.h"
#include "TfObjects.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// `ids`' shape followed by 1s up to `rank` dimensions (broadcasts a value
/// per segment id over the rows it names).
Value perIdShape(TfRuntime &rt, const Value &ids, size_t rank) {
  ValueList dims;
  std::vector<int64_t> shape = typeOf(rt, ids).shape;
  shape.resize(rank, 1);
  for (int64_t d : shape)
    dims.push_back(Value::integer(d));
  return rt.in.list(std::move(dims));
}

/// _GatherDropNegatives: `params`' rows at `ids`, zeros where an id is
/// negative (unsorted reductions drop those rows).
Value gatherDropNegatives(TfRuntime &rt, const Value &params,
                          const Value &ids) {
  Value clipped = binaryOp(rt, "Maximum", ids, scalarLike(rt, ids, 0));
  Value gathered = callTf(rt.in, {"gather"}, {params, clipped});
  Value positive =
      reshape(rt, binaryOp(rt, "GreaterEqual", ids, scalarLike(rt, ids, 0)),
              perIdShape(rt, ids, typeOf(rt, gathered).shape.size()));
  return select(rt, positive, gathered, scalarLike(rt, gathered, 0));
}

/// _SegmentMinOrMaxGrad and _UnsortedSegmentMinOrMaxGrad: the gradient
/// shared evenly by the elements equal to their segment's result.
ValueList minOrMaxGrad(TfRuntime &rt, const TapeEntry &e, const Value &g,
                       bool sorted) {
  const Value &data = e.inputs[0], &ids = e.inputs[1];
  Value gatheredOut = sorted ? callTf(rt.in, {"gather"}, {e.outputs[0], ids})
                             : gatherDropNegatives(rt, e.outputs[0], ids);
  Value selected = binaryOp(rt, "Equal", data, gatheredOut);
  Value counted = cast(rt, selected, typeOf(rt, g).dtype);
  Value count = sorted ? callTf(rt.in, {"math", "segment_sum"}, {counted, ids})
                       : callTf(rt.in, {"math", "unsorted_segment_sum"},
                                {counted, ids, e.inputs[2]});
  Value weighted = binaryOp(rt, "RealDiv", g, count);
  Value gathered = sorted ? callTf(rt.in, {"gather"}, {weighted, ids})
                          : gatherDropNegatives(rt, weighted, ids);
  ValueList grads(e.inputs.size()); // none for the ids and the count
  grads[0] = select(rt, selected, gathered, scalarLike(rt, gathered, 0));
  return grads;
}

/// _SegmentProdGrad and _UnsortedSegmentProdGrad: the segment's product
/// over each element, where the segment has no zero; the product of the
/// others at a segment's only zero; zero throughout a segment with two or
/// more. Unsorted, the gathers take the ids clipped to 0, the rows of
/// negative ids get no gradient, and the product is divided by the data
/// itself (sorted, by the data with its zeros made ones).
ValueList prodGrad(TfRuntime &rt, const TapeEntry &e, const Value &g,
                   bool sorted) {
  Interpreter &in = rt.in;
  const Value &data = e.inputs[0], &ids = e.inputs[1];
  auto tf = [&](std::initializer_list<const char *> path, ValueList args) {
    return callTf(in, path, std::move(args));
  };
  // segment_sum or unsorted_segment_sum (and _prod) of `v`.
  auto segments = [&](const char *sortedOp, const char *unsortedOp,
                      const Value &v) {
    return sorted ? tf({"math", sortedOp}, {v, ids})
                  : tf({"math", unsortedOp}, {v, ids, e.inputs[2]});
  };
  Value isZero = tf({"math", "equal"}, {data, Value::integer(0)});
  Value numZeros = segments("segment_sum", "unsorted_segment_sum",
                            cast(rt, isZero, DType::Int32));
  Value grad =
      tf({"where"}, {tf({"math", "greater"}, {numZeros, Value::integer(1)}),
                     tf({"zeros_like"}, {g}), g});
  Value nonZeroData = tf({"where"}, {isZero, tf({"ones_like"}, {data}), data});
  Value nonZeroProd =
      segments("segment_prod", "unsorted_segment_prod", nonZeroData);
  Value at =
      sorted ? ids : tf({"math", "maximum"}, {ids, tf({"zeros_like"}, {ids})});
  Value gatheredProd = tf({"gather"}, {e.outputs[0], at});
  Value gatheredNonZeroProd = tf({"gather"}, {nonZeroProd, at});
  Value dividedByElement =
      in.binary(ast::BinaryOp::Div, gatheredProd, sorted ? nonZeroData : data);
  Value partial =
      tf({"where"}, {isZero, gatheredNonZeroProd, dividedByElement});
  Value gatheredGrad =
      sorted ? tf({"gather"}, {grad, ids}) : gatherDropNegatives(rt, grad, ids);
  ValueList grads(e.inputs.size()); // none for the ids and the count
  grads[0] = in.binary(ast::BinaryOp::Mult, gatheredGrad, partial);
  return grads;
}

} // namespace

void addSegmentGradients(std::map<std::string, GradFn> &table) {
  table["SegmentSum"] = [](TfRuntime &rt, const TapeEntry &e,
                           const ValueList &g) {
    return ValueList{callTf(rt.in, {"gather"}, {g[0], e.inputs[1]}), Value()};
  };
  table["UnsortedSegmentSum"] = [](TfRuntime &rt, const TapeEntry &e,
                                   const ValueList &g) {
    return ValueList{gatherDropNegatives(rt, g[0], e.inputs[1]), Value(),
                     Value()};
  };
  // The gradient divided by each segment's size (unsorted_segment_mean is
  // TensorFlow's sum / max(size, 1), differentiated as those two ops),
  // then gathered back to the rows.
  auto meanGrad = [](bool sorted) {
    return [sorted](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
      const Value &data = e.inputs[0], &ids = e.inputs[1];
      Value ones = callTf(rt.in, {"ones"},
                          {perIdShape(rt, ids, typeOf(rt, data).shape.size()),
                           makeDType(typeOf(rt, data).dtype)});
      Value sizes =
          sorted ? callTf(rt.in, {"math", "segment_sum"}, {ones, ids})
                 : binaryOp(rt, "Maximum",
                            callTf(rt.in, {"math", "unsorted_segment_sum"},
                                   {ones, ids, e.inputs[2]}),
                            scalarLike(rt, ones, 1));
      Value scaled = binaryOp(rt, "RealDiv", g[0], sizes);
      ValueList grads(e.inputs.size());
      grads[0] = sorted ? callTf(rt.in, {"gather"}, {scaled, ids})
                        : gatherDropNegatives(rt, scaled, ids);
      return grads;
    };
  };
  table["SegmentProd"] = [](TfRuntime &rt, const TapeEntry &e,
                            const ValueList &g) {
    return prodGrad(rt, e, g[0], true);
  };
  table["UnsortedSegmentProd"] = [](TfRuntime &rt, const TapeEntry &e,
                                    const ValueList &g) {
    return prodGrad(rt, e, g[0], false);
  };
  table["SegmentMean"] = meanGrad(true);
  table["UnsortedSegmentMean"] = meanGrad(false);
  for (const char *op : {"SegmentMax", "SegmentMin"})
    table[op] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
      return minOrMaxGrad(rt, e, g[0], true);
    };
  for (const char *op : {"UnsortedSegmentMax", "UnsortedSegmentMin"})
    table[op] = [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
      return minOrMaxGrad(rt, e, g[0], false);
    };
}

} // namespace kiln::tf
