// Run-time shape checks. A dimension known only at run time (a TensorSpec's
// None) can turn out not to fit an op: `a + b` of sizes 3 and 2, a reshape
// of 3 values into [2, 2]. TensorFlow's kernels raise InvalidArgumentError
// then; compiled code must too, and must not read out of bounds first. So
// the op runs under scf.if on its check, zeros stand in for its result
// when the check fails, and a host call reports TensorFlow's message.
//
// Broadcasting has a second run-time case: a dimension known only at run
// time may be 1, and then broadcasts. Such an input is expanded to the
// common size first (a copy, only when the sizes differ).
#include "Emitter.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>

namespace kiln {

namespace {

/// The value of an integer scalar tensor, as an i64.
Value scalarI64(OpBuilder &b, Location loc, Value t) {
  Value v = b.create<tensor::ExtractOp>(loc, t, ValueRange{});
  if (!v.getType().isInteger(64))
    v = b.create<arith::ExtSIOp>(loc, b.getI64Type(), v);
  return v;
}

} // namespace

Value Emitter::dimSize(Location loc, Value t, int64_t d) {
  auto type = cast<RankedTensorType>(t.getType());
  if (!type.isDynamicDim(d))
    return b.create<arith::ConstantIndexOp>(loc, type.getDimSize(d));
  return b.create<tensor::DimOp>(loc, t, d);
}

void Emitter::appendShape(Location loc, Value t, SmallVectorImpl<Value> &ints) {
  auto type = cast<RankedTensorType>(t.getType());
  ints.push_back(b.create<arith::ConstantIndexOp>(loc, type.getRank()));
  for (int64_t d = 0; d < type.getRank(); ++d)
    ints.push_back(dimSize(loc, t, d));
}

std::string Emitter::graphError(const graph::Node &n,
                                const std::string &message) {
  return g.runtimeError(n, message, file);
}

void Emitter::checkShapes(const graph::Node &n, Value ok, Value a, Value b,
                          const std::string &message) {
  SmallVector<Value> shapes;
  appendShape(locOf(n), a, shapes);
  appendShape(locOf(n), b, shapes);
  check(n, ok, message, shapes);
}

void Emitter::check(const graph::Node &n, Value ok, const std::string &message,
                    ArrayRef<Value> ints,
                    const std::function<Value(Location)> &tail,
                    const std::string &errorType) {
  Location loc = locOf(n);
  auto i64 = b.getI64Type();
  hostcalls::Spec spec;
  spec.kind = hostcalls::Spec::Check;
  spec.message = graphError(n, message);
  spec.errorType = errorType;
  Value index = hostSpec(loc, std::move(spec));
  Value failed = b.create<arith::XOrIOp>(
      loc, ok, b.create<arith::ConstantIntOp>(loc, 1, 1));
  // The values are only gathered on the failing path.
  b.create<scf::IfOp>(loc, failed, [&](OpBuilder &nb, Location l) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
    SmallVector<Value> words;
    for (Value v : ints)
      words.push_back(v.getType().isIndex()
                          ? b.create<arith::IndexCastOp>(l, i64, v).getResult()
                          : v);
    auto type =
        RankedTensorType::get({static_cast<int64_t>(words.size())}, i64);
    Value elements = b.create<tensor::FromElementsOp>(l, type, words);
    if (tail) {
      // More values, as many as a tensor known at run time has.
      type = RankedTensorType::get({ShapedType::kDynamic}, i64);
      Value more = b.create<tensor::CastOp>(l, type, tail(l));
      Value count = b.create<tensor::DimOp>(l, more, 0);
      OpFoldResult fixed = b.getIndexAttr(words.size());
      Value total = b.create<arith::AddIOp>(
          l, b.create<arith::ConstantIndexOp>(l, words.size()), count);
      Value all = b.create<tensor::EmptyOp>(l, type, ValueRange{total});
      auto place = [&](Value into, Value part, OpFoldResult at,
                       OpFoldResult size) {
        return b.create<tensor::InsertSliceOp>(
            l, part, into, ArrayRef<OpFoldResult>{at},
            ArrayRef<OpFoldResult>{size},
            ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
      };
      all = place(all, elements, b.getIndexAttr(0), fixed);
      elements = place(all, more, fixed, count);
    }
    // The callee is external, so bufferization assumes it writes its
    // argument: hand it a copy.
    Value copy =
        b.create<bufferization::AllocTensorOp>(l, type, ValueRange{}, elements);
    auto unranked = UnrankedTensorType::get(i64);
    Value u = b.create<tensor::CastOp>(l, unranked, copy);
    b.create<func::CallOp>(l,
                           declare("kiln_host_check_failed",
                                   b.getFunctionType({i64, unranked}, {})),
                           TypeRange{}, ValueRange{index, u});
    b.create<scf::YieldOp>(l);
  });
}

Value Emitter::choose(Location loc, Value cond,
                      const std::function<Value(Location)> &then,
                      const std::function<Value(Location)> &otherwise) {
  auto branch = [&](const std::function<Value(Location)> &build) {
    return [&](OpBuilder &nb, Location l) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
      b.create<scf::YieldOp>(l, build(l));
    };
  };
  return b.create<scf::IfOp>(loc, cond, branch(then), branch(otherwise))
      .getResult(0);
}

Value Emitter::checkedCast(Location loc, Value v, RankedTensorType type) {
  auto from = dyn_cast<RankedTensorType>(v.getType());
  if (!from || from.getRank() != type.getRank())
    return castTo(loc, v, type);
  Value ok;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!from.isDynamicDim(d) || type.isDynamicDim(d))
      continue;
    Value size = b.create<tensor::DimOp>(loc, v, d);
    Value want = b.create<arith::ConstantIndexOp>(loc, type.getDimSize(d));
    Value same =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, size, want);
    ok = ok ? b.create<arith::AndIOp>(loc, ok, same).getResult() : same;
  }
  if (!ok)
    return castTo(loc, v, type);
  return orZeros(loc, ok, type, [&](Location) { return v; });
}

Value Emitter::orZeros(Location loc, Value ok, RankedTensorType type,
                       const std::function<Value(Location)> &build) {
  auto none = [&](Location l) { return zeros(l, type, dynamicZeros(l, type)); };
  return choose(
      loc, ok,
      [&](Location l) {
        Value v = build(l);
        return v ? castTo(l, v, type) : none(l);
      },
      none);
}

Value Emitter::checkedIndex(const graph::Node &n, Value given, Value extent,
                            int64_t dim, Value &inRange) {
  Location loc = locOf(n);
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value negative =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, given, zero);
  Value at = b.create<arith::SelectOp>(
      loc, negative, b.create<arith::AddIOp>(loc, given, extent), given);
  inRange = b.create<arith::AndIOp>(
      loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, at, zero),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, at, extent));
  // TensorFlow names a negative index after adding the extent.
  check(n, inRange, "slice index {int} of dimension {int} out of bounds.",
        {at, b.create<arith::ConstantIndexOp>(loc, dim)});
  return b.create<arith::SelectOp>(loc, inRange, at, zero);
}

int64_t Emitter::reducedFrom(const graph::Node &n, int index, int64_t d) {
  static const char *reductions[] = {"Sum",  "Mean", "Max", "Min",
                                     "Prod", "All",  "Any"};
  const auto *axes = attr<std::vector<int64_t>>(n, "axes");
  if (index != 0 || n.inputs.empty() || !axes ||
      std::find(std::begin(reductions), std::end(reductions), n.op) ==
          std::end(reductions))
    return -1;
  const graph::TensorType &in = g.typeOf(n.inputs[0]);
  if (in.unknownRank)
    return -1;
  // The tracer's axes are normalized (RankSpecialize.cpp resolves those of
  // an input of unknown rank).
  int64_t rank = static_cast<int64_t>(in.shape.size());
  std::vector<bool> reduced(rank, false);
  for (int64_t a : *axes) {
    if (a < 0 || a >= rank)
      return -1;
    reduced[a] = true;
  }
  const bool *keep = attr<bool>(n, "keep_dims");
  if (keep && *keep)
    return d < rank && !reduced[d] ? d : -1;
  for (int64_t j = 0, kept = 0; j < rank; ++j)
    if (!reduced[j] && kept++ == d)
      return j;
  return -1;
}

int64_t Emitter::dimSymbol(graph::Output o, int64_t d) {
  auto key = std::make_tuple(o.node, o.index, d);
  auto found = dimSymbols.find(key);
  if (found != dimSymbols.end())
    return found->second;
  const graph::Node &n = g.nodes[o.node];
  const graph::TensorType &t = n.outputs[o.index];
  int64_t symbol = -1;
  // A reduction passes its input's kept dimensions through.
  if (int64_t from = reducedFrom(n, o.index, d); from >= 0) {
    symbol = g.typeOf(n.inputs[0]).shape[from] < 0
                 ? dimSymbol(n.inputs[0], from)
                 : nextDimSymbol++;
    dimSymbols[key] = symbol;
    return symbol;
  }
  // BiasAdd's result has its value's shape.
  bool preserving = graph::isShapePreserving(n.op) || n.op == "BiasAdd";
  bool same = o.index == 0 && !n.inputs.empty() && !t.unknownRank &&
              (graph::isBroadcastingOp(n.op) || preserving);
  // Shape-preserving ops read their first input only.
  size_t count = preserving ? 1 : n.inputs.size();
  int64_t rank = static_cast<int64_t>(t.shape.size());
  for (size_t i = 0; same && i < count; ++i) {
    const graph::TensorType &in = g.typeOf(n.inputs[i]);
    int64_t j = d - (rank - static_cast<int64_t>(in.shape.size()));
    if (in.unknownRank) {
      same = false;
    } else if (j >= 0 && in.shape[j] != 1) {
      int64_t s = in.shape[j] < 0 ? dimSymbol(n.inputs[i], j) : -1;
      same = s >= 0 && (symbol < 0 || s == symbol);
      symbol = s;
    }
  }
  if (!same || symbol < 0)
    symbol = nextDimSymbol++;
  dimSymbols[key] = symbol;
  return symbol;
}

SmallVector<Value> Emitter::dynamicZeros(Location loc, RankedTensorType type) {
  return SmallVector<Value>(type.getNumDynamicDims(),
                            b.create<arith::ConstantIndexOp>(loc, 0));
}

Value Emitter::expandTo(Location loc, Value v,
                        ArrayRef<std::pair<int64_t, Value>> dims) {
  auto type = cast<RankedTensorType>(v.getType());
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value same;
  SmallVector<Value> isOne;
  for (auto &[d, size] : dims) {
    Value dv = b.create<tensor::DimOp>(loc, v, d);
    Value e = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, dv, size);
    same = same ? b.create<arith::AndIOp>(loc, same, e).getResult() : e;
    isOne.push_back(
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, dv, one));
  }
  // Sizes that already agree need no copy.
  auto ifOp = b.create<scf::IfOp>(
      loc, same,
      [&](OpBuilder &nb, Location l) { nb.create<scf::YieldOp>(l, v); },
      [&](OpBuilder &nb, Location l) {
        SmallVector<Value> dynamic;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          if (!type.isDynamicDim(d))
            continue;
          Value size = nb.create<tensor::DimOp>(l, v, d);
          for (auto &[e, common] : dims)
            if (e == d)
              size = common;
          dynamic.push_back(size);
        }
        Value expanded = nb.create<tensor::GenerateOp>(
            l, type, dynamic, [&](OpBuilder &gb, Location gl, ValueRange idx) {
              SmallVector<Value> at(idx.begin(), idx.end());
              for (size_t k = 0; k < dims.size(); ++k)
                at[dims[k].first] = gb.create<arith::SelectOp>(
                    gl, isOne[k], zero, idx[dims[k].first]);
              gb.create<tensor::YieldOp>(
                  gl, gb.create<tensor::ExtractOp>(gl, v, at));
            });
        nb.create<scf::YieldOp>(l, expanded);
      });
  return ifOp.getResult(0);
}

Value Emitter::emitChecked(const graph::Node &n, bool &handled,
                           std::string &error) {
  handled = false;
  if (guarding || n.outputs.empty())
    return nullptr;
  RankedTensorType type = tensorType(n.outputs[0]);
  if (!type)
    return nullptr;
  Location loc = locOf(n);
  Value ok;
  auto both = [&](Value c) {
    ok = ok ? b.create<arith::AndIOp>(loc, ok, c).getResult() : c;
  };
  auto eq = [&](Value x, Value y) -> Value {
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, y);
  };
  auto isDyn = [](Value v, int64_t d) {
    return cast<RankedTensorType>(v.getType()).isDynamicDim(d);
  };
  auto rankOf = [](Value v) {
    return cast<RankedTensorType>(v.getType()).getRank();
  };
  std::string message;
  SmallVector<Value> ints;
  // Broadcast inputs: input index -> (dimension, common size) pairs.
  std::vector<std::vector<std::pair<int64_t, Value>>> expand(n.inputs.size());

  // NumPy broadcasting of the inputs' leading dimensions (all but their
  // last `matrix`) at run time: each dimension that is not a static 1 must
  // be 1 or the common size, and those that are 1 at run time are
  // expanded.
  auto broadcastAtRunTime = [&](int64_t matrix) {
    int64_t rank = type.getRank() - matrix;
    for (int64_t i = 0; i < rank; ++i) {
      // The inputs that take part in dimension i (right-aligned, not a
      // static 1), and whether any is known at run time only.
      std::vector<std::pair<size_t, int64_t>> parts;
      bool dynamic = false;
      for (size_t k = 0; k < n.inputs.size(); ++k) {
        Value v = input(n, k);
        int64_t j = i - (rank - (rankOf(v) - matrix));
        auto t = cast<RankedTensorType>(v.getType());
        if (j < 0 || t.getDimSize(j) == 1)
          continue;
        parts.emplace_back(k, j);
        dynamic |= t.isDynamicDim(j);
      }
      if (parts.size() < 2 || !dynamic)
        continue;
      // Sizes known to be equal (one source dimension) need no check.
      bool equal = true;
      for (auto [k, j] : parts)
        equal = equal && isDyn(input(n, k), j) &&
                dimSymbol(n.inputs[k], j) ==
                    dimSymbol(n.inputs[parts[0].first], parts[0].second);
      if (equal)
        continue;
      Value one = b.create<arith::ConstantIndexOp>(loc, 1);
      Value size = one;
      for (auto [k, j] : parts) {
        Value d = dimSize(loc, input(n, k), j);
        size = b.create<arith::SelectOp>(loc, eq(size, one), d, size);
      }
      for (auto [k, j] : parts) {
        Value d = dimSize(loc, input(n, k), j);
        both(b.create<arith::OrIOp>(loc, eq(d, one), eq(d, size)));
        if (isDyn(input(n, k), j))
          expand[k].emplace_back(j, size);
      }
    }
  };

  if (graph::isBroadcastingOp(n.op)) {
    broadcastAtRunTime(0);
    if (!ok)
      return nullptr;
    if (n.op == "SelectV2")
      message = "condition {shape}, then {shape}, and else {shape} must be "
                "broadcastable";
    else
      message = "Incompatible shapes: {shape} vs. {shape}";
    for (size_t k = 0; k < n.inputs.size(); ++k)
      appendShape(loc, input(n, k), ints);
  } else if (n.op == "BroadcastTo" && n.inputs.size() == 1) {
    // Each input dimension known at run time only must be 1 (expanded) or
    // the target's size; BroadcastTo would otherwise read past the input
    // or drop elements.
    Value in = input(n, 0);
    int64_t lead = type.getRank() - rankOf(in);
    Value one = b.create<arith::ConstantIndexOp>(loc, 1);
    // (A target dimension known at run time only takes the input's size.)
    for (int64_t j = 0; j < rankOf(in); ++j) {
      if (!isDyn(in, j) || type.isDynamicDim(j + lead))
        continue;
      Value d = dimSize(loc, in, j);
      Value size =
          b.create<arith::ConstantIndexOp>(loc, type.getDimSize(j + lead));
      both(b.create<arith::OrIOp>(loc, eq(d, one), eq(d, size)));
      expand[0].emplace_back(j, size);
    }
    if (!ok)
      return nullptr;
    message = "Incompatible shapes: {shape} vs. {shape}";
    appendShape(loc, in, ints);
    ints.push_back(b.create<arith::ConstantIndexOp>(loc, type.getRank()));
    for (int64_t d = 0; d < type.getRank(); ++d)
      ints.push_back(type.isDynamicDim(d) ? dimSize(loc, in, d - lead)
                                          : b.create<arith::ConstantIndexOp>(
                                                 loc, type.getDimSize(d))
                                                .getResult());
  } else if (n.op == "BatchMatMulV2") {
    Value lhs = input(n, 0), rhs = input(n, 1);
    const bool *ta = attr<bool>(n, "transpose_a");
    const bool *tb = attr<bool>(n, "transpose_b");
    int64_t dl = rankOf(lhs) - (ta && *ta ? 2 : 1);
    int64_t dr = rankOf(rhs) - (tb && *tb ? 1 : 2);
    broadcastAtRunTime(2);
    if (ok) // the batch dimensions first, as TensorFlow checks them
      checkShapes(n, ok, lhs, rhs,
                  "In[0] and In[1] must have compatible batch dimensions: "
                  "{shape} vs. {shape}");
    if (!isDyn(lhs, dl) && !isDyn(rhs, dr)) {
      if (!ok)
        return nullptr;
      message.clear();
    } else {
      both(eq(dimSize(loc, lhs, dl), dimSize(loc, rhs, dr)));
      message = "Matrix size-incompatible: In[0]: {shape}, In[1]: {shape}";
      appendShape(loc, lhs, ints);
      appendShape(loc, rhs, ints);
    }
  } else if (n.op == "MatMul") {
    Value lhs = input(n, 0), rhs = input(n, 1);
    const bool *ta = attr<bool>(n, "transpose_a");
    const bool *tb = attr<bool>(n, "transpose_b");
    int64_t dl = ta && *ta ? 0 : 1, dr = tb && *tb ? 1 : 0;
    if (!isDyn(lhs, dl) && !isDyn(rhs, dr))
      return nullptr;
    both(eq(dimSize(loc, lhs, dl), dimSize(loc, rhs, dr)));
    message = "Matrix size-incompatible: In[0]: {shape}, In[1]: {shape}";
    appendShape(loc, lhs, ints);
    appendShape(loc, rhs, ints);
  } else if (n.op == "ArgMax" || n.op == "ArgMin") {
    // An empty axis has no position to name.
    Value in = input(n, 0);
    const int64_t *axisAttr = attr<int64_t>(n, "axis");
    int64_t axis = axisAttr ? *axisAttr : 0;
    if (!isDyn(in, axis) &&
        cast<RankedTensorType>(in.getType()).getDimSize(axis) != 0)
      return nullptr;
    Value extent = dimSize(loc, in, axis);
    both(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, extent,
                                 b.create<arith::ConstantIndexOp>(loc, 0)));
    message = "Reduction axis {int} is empty in shape {shape}";
    ints.push_back(b.create<arith::ConstantIndexOp>(loc, axis));
    appendShape(loc, in, ints);
  } else if (const std::string *shapeMessage =
                 n.op == "Identity" && n.inputs.size() == 2
                     ? attr<std::string>(n, "same_shape_as")
                     : nullptr) {
    // A kernel's check that its input has the shape of another (softmax
    // cross-entropy's labels and logits): the message takes the other's
    // shape, then the input's.
    Value in = input(n, 0), other = input(n, 1);
    if (rankOf(in) != rankOf(other))
      return nullptr; // the tracer rejected it
    for (int64_t d = 0; d < rankOf(in); ++d)
      if (isDyn(in, d) || isDyn(other, d))
        both(eq(dimSize(loc, in, d), dimSize(loc, other, d)));
    if (!ok)
      return nullptr;
    message = *shapeMessage;
    appendShape(loc, other, ints);
    appendShape(loc, in, ints);
  } else if (const std::string *rangeMessage =
                 n.op == "Identity" && n.inputs.size() == 2
                     ? attr<std::string>(n, "in_range")
                     : nullptr) {
    // A kernel's bound known at run time only (tf.slice's begin and size):
    // the scalar input must lie in [0, upper]; the message takes the upper
    // bound, then the value.
    auto scalar = [&](Value t) { return scalarI64(b, loc, t); };
    Value v = scalar(input(n, 0)), upper = scalar(input(n, 1));
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
    both(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, v, zero));
    both(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, v, upper));
    message = *rangeMessage;
    ints.push_back(upper);
    ints.push_back(v);
  } else if (const std::string *emptyMessage =
                 n.op == "Identity" && n.inputs.size() == 3
                     ? attr<std::string>(n, "if_empty")
                     : nullptr) {
    // tf.slice's bounds in a dimension that may be empty (its size known
    // at run time only): begin and size must both be 0 when it is; the
    // message takes begin, then the size.
    auto scalar = [&](Value t) { return scalarI64(b, loc, t); };
    Value v = scalar(input(n, 0)), dim = scalar(input(n, 1)),
          size = scalar(input(n, 2));
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
    auto isZero = [&](Value x) {
      return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, zero);
    };
    both(b.create<arith::OrIOp>(
        loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, dim, zero),
        b.create<arith::AndIOp>(loc, isZero(v), isZero(size))));
    message = *emptyMessage;
    ints.push_back(v);
    ints.push_back(size);
  } else if (n.op == "EnsureShape") {
    // The dimensions the shape names that the input knows at run time only.
    Value in = input(n, 0);
    const auto *expected = attr<std::vector<int64_t>>(n, "shape");
    if (!expected || rankOf(in) != static_cast<int64_t>(expected->size()))
      return nullptr;
    std::string text = "[";
    for (size_t d = 0; d < expected->size(); ++d) {
      int64_t e = (*expected)[d];
      text += (d ? "," : "") + (e < 0 ? std::string("?") : std::to_string(e));
      if (e >= 0 && isDyn(in, d))
        both(eq(dimSize(loc, in, d), b.create<arith::ConstantIndexOp>(loc, e)));
    }
    if (!ok)
      return nullptr;
    message = "Shape of tensor " + g.nodes[n.inputs[0].node].name +
              " {shape} is not compatible with expected shape " + text + "]" +
              ".";
    appendShape(loc, in, ints);
  } else if (n.op == "Reshape" && n.inputs.size() == 1) {
    Value in = input(n, 0);
    auto inType = cast<RankedTensorType>(in.getType());
    if (inType.hasStaticShape())
      return nullptr;
    int64_t known = 1;
    for (int64_t s : type.getShape())
      if (!ShapedType::isDynamic(s))
        known *= s;
    Value count = b.create<arith::ConstantIndexOp>(loc, 1);
    for (int64_t d = 0; d < inType.getRank(); ++d)
      count = b.create<arith::MulIOp>(loc, count, dimSize(loc, in, d));
    Value k = b.create<arith::ConstantIndexOp>(loc, known);
    // (With a zero size the -1 does not matter: the input must be empty.)
    if (type.hasStaticShape() || known == 0) {
      both(eq(count, k));
      message = "Input to reshape is a tensor with {int} values, but the "
                "requested shape has {int}";
    } else {
      if (known <= 1)
        return nullptr; // any count fits
      Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
      both(eq(b.create<arith::RemUIOp>(loc, count, k), zero));
      message = "Input to reshape is a tensor with {int} values, but the "
                "requested shape requires a multiple of {int}";
    }
    ints = {count, k};
  } else if (n.op == "ConcatV2" || n.op == "Pack") {
    const int64_t *axisAttr = attr<int64_t>(n, "axis");
    int64_t axis = n.op == "Pack" || !axisAttr ? -1 : *axisAttr;
    Value first = input(n, 0);
    int64_t rank = rankOf(first);
    // The first input and dimension that differ (TensorFlow names the
    // first failure), chosen at run time.
    Value failInput = b.create<arith::ConstantIndexOp>(loc, 0);
    Value failDim = failInput;
    SmallVector<Value> failShape;
    for (int64_t d = 0; d < rank; ++d)
      failShape.push_back(dimSize(loc, first, d));
    for (size_t k = n.inputs.size(); k-- > 1;) {
      Value v = input(n, k);
      if (rankOf(v) != rank)
        return nullptr; // the tracer rejected it
      Value same;
      for (int64_t d = rank; d-- > 0;) {
        if (d == axis || (!isDyn(first, d) && !isDyn(v, d)))
          continue;
        Value e = eq(dimSize(loc, first, d), dimSize(loc, v, d));
        same = same ? b.create<arith::AndIOp>(loc, same, e).getResult() : e;
        Value bad = b.create<arith::XOrIOp>(
            loc, e, b.create<arith::ConstantIntOp>(loc, 1, 1));
        failDim = b.create<arith::SelectOp>(
            loc, bad, b.create<arith::ConstantIndexOp>(loc, d), failDim);
      }
      if (!same)
        continue;
      Value bad = b.create<arith::XOrIOp>(
          loc, same, b.create<arith::ConstantIntOp>(loc, 1, 1));
      failInput = b.create<arith::SelectOp>(
          loc, bad, b.create<arith::ConstantIndexOp>(loc, k), failInput);
      for (int64_t d = 0; d < rank; ++d)
        failShape[d] = b.create<arith::SelectOp>(loc, bad, dimSize(loc, v, d),
                                                 failShape[d]);
      both(same);
    }
    if (!ok)
      return nullptr;
    Value rankValue = b.create<arith::ConstantIndexOp>(loc, rank);
    if (n.op == "Pack") {
      message = "Shapes of all inputs must match: values[0].shape = {shape} "
                "!= values[{int}].shape = {shape}";
      appendShape(loc, first, ints);
      ints.push_back(failInput);
    } else {
      message = "ConcatOp : Dimension {int} in both shapes must be equal: "
                "shape[0] = {shape} vs. shape[{int}] = {shape}";
      ints.push_back(failDim);
      appendShape(loc, first, ints);
      ints.push_back(failInput);
    }
    ints.push_back(rankValue);
    ints.append(failShape.begin(), failShape.end());
  } else {
    return nullptr;
  }
  handled = true;
  if (!message.empty())
    check(n, ok, message, ints);

  // The op itself, on inputs whose run-time size-1 dimensions are expanded.
  bool emitted = false;
  Value result = orZeros(loc, ok, type, [&](Location l) {
    for (size_t k = 0; k < expand.size(); ++k)
      if (!expand[k].empty())
        overrides[k] = expandTo(l, input(n, k), expand[k]);
    guarding = true;
    guarded = &n;
    expansions = &expand;
    Value v = emit(n, error);
    guarding = false;
    guarded = nullptr;
    expansions = nullptr;
    overrides.clear();
    emitted = static_cast<bool>(v);
    return v;
  });
  return emitted ? result : nullptr;
}

} // namespace kiln
