// Products built from transposes, reshapes and MatMul: tf.linalg.matvec,
// tf.tensordot (as TensorFlow's math_ops.tensordot builds it) and
// tf.einsum (as TensorFlow's Einsum kernel computes it: operands reduced
// over their own labels, transposed to [batch, free, contracted], one
// (batch) matrix product, then the output's order; differentiated as
// TensorFlow's _EinsumGrad does, with more einsums).
#include "TfGradient.h"
#include "TfGradientOps.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace kiln::tf {

namespace {

using py::Type;

/// The shape of `t`, whose rank trace time must know (its sizes may be
/// -1: the products below then read them at run time).
const std::vector<int64_t> &rankedShape(TfRuntime &rt, const Value &t,
                                        const std::string &api) {
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank)
    rt.raise("UnimplementedError", "kiln's " + api +
                                       " needs operands of known rank, not " +
                                       type.shapeString());
  return type.shape;
}

/// `x` transposed by `perm`, skipped when `perm` is the identity.
Value permuted(TfRuntime &rt, const Value &x,
               const std::vector<int64_t> &perm) {
  for (size_t i = 0; i < perm.size(); ++i)
    if (perm[i] != static_cast<int64_t>(i))
      return transpose(rt, x, pyIntList(rt.in, perm));
  return x;
}

/// `x` reshaped to `shape`, skipped when it has that shape already.
Value reshaped(TfRuntime &rt, const Value &x,
               const std::vector<int64_t> &shape) {
  if (rt.tensor(x).type.shape == shape)
    return x;
  return reshape(rt, x, pyIntList(rt.in, shape));
}

/// Size `d` of `x`: a Python int when trace time knows it, else an int32
/// scalar read from its shape at run time.
Value dimension(TfRuntime &rt, const Value &x, int64_t d) {
  int64_t n = rt.tensor(x).type.shape[d];
  if (n >= 0)
    return Value::integer(n);
  return rt.in.getItem(shapeOf(rt, x), Value::integer(d));
}

/// The product of `sizes` (ints and int32 scalars): an int when all are.
Value sizeProduct(TfRuntime &rt, const ValueList &sizes) {
  int64_t known = 1;
  Value runTime;
  for (const Value &s : sizes) {
    if (s.isIntLike())
      known *= s.asInt();
    else
      runTime = runTime.isNone() ? s : binaryOp(rt, "Mul", runTime, s);
  }
  if (runTime.isNone())
    return Value::integer(known);
  return known == 1 ? runTime
                    : binaryOp(rt, "Mul", runTime, Value::integer(known));
}

/// `x` reshaped to `sizes` (ints and int32 scalars), skipped when they are
/// the ints of its shape.
Value reshapedTo(TfRuntime &rt, const Value &x, const ValueList &sizes) {
  std::vector<int64_t> ints;
  for (const Value &s : sizes) {
    if (!s.isIntLike())
      return reshape(rt, x, rt.in.list(sizes));
    ints.push_back(s.asInt());
  }
  return reshaped(rt, x, ints);
}

/// `x` with each group of its dimensions (consecutive, given by their
/// sizes) merged into one; an empty group adds a dimension of 1. Kept as
/// it is when every group is one dimension.
Value mergeDims(TfRuntime &rt, const Value &x,
                const std::vector<ValueList> &groups) {
  ValueList sizes;
  bool merges = false;
  for (const ValueList &group : groups) {
    merges |= group.size() != 1;
    sizes.push_back(sizeProduct(rt, group));
  }
  return merges ? reshapedTo(rt, x, sizes) : x;
}

// ---- tensordot ----

/// math_ops._tensordot_reshape: `a` as a matrix of its free dimensions by
/// its contracted ones (flipped: contracted by free); `freeDims` gets the
/// free sizes (ints, or int32 scalars read at run time).
Value tensordotMatrix(TfRuntime &rt, const Value &a,
                      const std::vector<int64_t> &axesIn, bool flipped,
                      ValueList &freeDims) {
  int64_t rank = rankedShape(rt, a, "tensordot").size();
  std::vector<int64_t> axes, free;
  for (int64_t ax : axesIn)
    axes.push_back(ax < 0 ? ax + rank : ax);
  for (int64_t i = 0; i < rank; ++i)
    if (std::find(axes.begin(), axes.end(), i) == axes.end())
      free.push_back(i);
  ValueList axesDims;
  for (int64_t i : free)
    freeDims.push_back(dimension(rt, a, i));
  for (int64_t i : axes) {
    if (i < 0 || i >= rank)
      rt.in.raise("IndexError", "list index out of range");
    axesDims.push_back(dimension(rt, a, i));
  }
  std::vector<int64_t> perm = flipped ? axes : free;
  for (int64_t i : flipped ? free : axes)
    perm.push_back(i);
  return mergeDims(rt, permuted(rt, a, perm),
                   flipped ? std::vector<ValueList>{axesDims, freeDims}
                           : std::vector<ValueList>{freeDims, axesDims});
}

std::vector<int64_t> axisList(Interpreter &in, const Value &v) {
  if (v.isIntLike())
    return {v.asInt()};
  std::vector<int64_t> out;
  for (auto &item : in.toList(v))
    out.push_back(in.toIndex(item));
  return out;
}

Value tensordot(TfRuntime &rt, const Value &x, const Value &y,
                const Value &axes) {
  Interpreter &in = rt.in;
  Value a = rt.toTensor(x), b = rt.toTensor(y);
  int64_t rankA = rankedShape(rt, a, "tensordot").size();
  rankedShape(rt, b, "tensordot");
  std::vector<int64_t> axesA, axesB;
  if (axes.isIntLike()) {
    int64_t n = axes.asInt();
    if (n < 0)
      in.valueError(
          "`axes` must be at least 0. Received: " + std::to_string(n) + ".");
    if (n > rankA)
      in.valueError("`axes` must not be larger than the number of "
                    "dimensions of tensor " +
                    formatTensor(rt, a) + ".  Received " + std::to_string(n) +
                    ", vs tensor dimensions " + std::to_string(rankA) + ".");
    for (int64_t i = rankA - n; i < rankA; ++i)
      axesA.push_back(i);
    for (int64_t i = 0; i < n; ++i)
      axesB.push_back(i);
  } else if (axes.is(Type::List) || axes.is(Type::Tuple)) {
    ValueList pair = in.toList(axes);
    if (pair.size() != 2)
      in.valueError("`axes` must be an integer or have length 2. Received " +
                    in.repr(axes) + ".");
    axesA = axisList(in, pair[0]);
    axesB = axisList(in, pair[1]);
    if (axesA.size() != axesB.size())
      in.valueError("Different number of contraction axes `a` and `b`, " +
                    std::to_string(axesA.size()) +
                    " != " + std::to_string(axesB.size()) + ".");
  } else {
    rt.raise("UnimplementedError",
             "kiln's tensordot takes `axes` as an int or a pair of lists");
  }
  ValueList freeA, freeB;
  Value ma = tensordotMatrix(rt, a, axesA, false, freeA);
  Value mb = tensordotMatrix(rt, b, axesB, true, freeB);
  Value product = matmul(rt, ma, mb, false, false);
  if (freeA.size() == 1 && freeB.size() == 1)
    return product;
  ValueList shape = freeA;
  shape.insert(shape.end(), freeB.begin(), freeB.end());
  return reshapedTo(rt, product, shape);
}

// ---- einsum ----

/// The labels of subscripts `spec`, one char per dimension, its `...`
/// standing for `ellipsis` labels of their own (chars 1, 2, ... below ' ',
/// aligned across operands by the caller); false for any other character
/// or a second `...`.
bool parseLabels(const std::string &spec, int64_t ellipsis,
                 std::vector<char> &labels) {
  bool dots = false;
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec.compare(i, 3, "...") == 0 && !dots) {
      dots = true;
      for (int64_t k = 0; k < ellipsis; ++k)
        labels.push_back(static_cast<char>(1 + k));
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(spec[i]))) {
      labels.push_back(spec[i]);
    } else {
      return false;
    }
  }
  return true;
}

/// The Einsum kernel's sum over the last axis of `x`: each row's elements
/// added to zero one after another, not in tf.reduce_sum's packet order.
/// Staged as the last running sum of a Cumsum over the row with a zero put
/// first; a row of one element is that element, as the kernel copies it.
Value ascendingSum(TfRuntime &rt, const Value &x) {
  Interpreter &in = rt.in;
  const std::vector<int64_t> &shape = rt.tensor(x).type.shape;
  int64_t rank = shape.size();
  if (shape.back() == 1)
    return squeeze(rt, x, Value::integer(-1));
  if (shape.back() == 0)
    return reduce(rt, "Sum", x, Value::integer(-1), false);
  std::vector<int64_t> pads(2 * rank, 0);
  pads[2 * rank - 2] = 1;
  ValueList rows;
  for (int64_t d = 0; d < rank; ++d)
    rows.push_back(pyIntList(in, {pads[2 * d], pads[2 * d + 1]}));
  Value tf = in.importModule("tensorflow");
  Value padded = in.call(in.getAttr(tf, "pad"), ValueList{x, in.list(rows)});
  Value sums = in.call(in.getAttr(in.getAttr(tf, "math"), "cumsum"),
                       ValueList{padded, Value::integer(-1)});
  return in.getItem(sums, in.tuple({Value::ellipsis(), Value::integer(-1)}));
}

/// Sums `x` (labels `labels`) over the labels not in `keep`, as the Einsum
/// kernel does: those dimensions moved last and summed as one.
Value sumOut(TfRuntime &rt, Value x, std::vector<char> &labels,
             const std::set<char> &keep) {
  std::vector<int64_t> kept, summed;
  for (size_t i = 0; i < labels.size(); ++i)
    (keep.count(labels[i]) ? kept : summed).push_back(i);
  if (summed.empty())
    return x;
  std::vector<int64_t> perm = kept;
  perm.insert(perm.end(), summed.begin(), summed.end());
  std::vector<char> keptLabels;
  std::vector<ValueList> groups;
  for (int64_t i : kept) {
    groups.push_back({dimension(rt, x, i)});
    keptLabels.push_back(labels[i]);
  }
  groups.emplace_back();
  for (int64_t i : summed)
    groups.back().push_back(dimension(rt, x, i));
  x = mergeDims(rt, permuted(rt, x, perm), groups);
  labels = keptLabels;
  return ascendingSum(rt, x);
}

/// The Einsum kernel's diagonal of a label repeated in one operand
/// (`ii->i`, `bii->b`): the label's axes moved together and merged into
/// one of n^c elements, of which every (n^c - 1) / (n - 1)-th is on the
/// diagonal. `labels` becomes the operand's labels with each label once,
/// in order of first appearance. The sizes were checked equal; they must
/// be known at trace time.
Value diagonals(TfRuntime &rt, const Value &x, std::vector<char> &labels,
                const std::string &equation) {
  std::vector<char> distinct;
  std::vector<int64_t> perm;
  std::vector<ValueList> groups;
  for (char c : labels) {
    if (std::find(distinct.begin(), distinct.end(), c) != distinct.end())
      continue;
    distinct.push_back(c);
    groups.emplace_back();
    for (size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == c) {
        perm.push_back(i);
        groups.back().push_back(dimension(rt, x, i));
      }
  }
  if (distinct.size() == labels.size())
    return x;
  Value merged = mergeDims(rt, permuted(rt, x, perm), groups);
  ValueList key;
  for (const ValueList &group : groups) {
    int64_t n = group[0].isIntLike() ? group[0].asInt() : -1;
    if (group.size() > 1 && n < 0)
      rt.raise("UnimplementedError",
               "kiln's einsum takes the diagonal of a repeated label only "
               "when its size is known at trace time: " +
                   equation);
    // 1 + n + ... + n^(c-1): the step between diagonal elements.
    int64_t step = 0;
    for (size_t k = 0, power = 1; k < group.size(); ++k, power *= n)
      step += power;
    auto every = std::make_shared<py::SliceObject>();
    every->step = Value::integer(std::max<int64_t>(step, 1));
    key.push_back(Value::object(Type::Slice, every));
  }
  labels = distinct;
  return rt.in.getItem(merged, rt.in.tuple(key));
}

/// Where `c` is in `labels`.
int64_t labelAxis(const std::vector<char> &labels, char c) {
  return std::find(labels.begin(), labels.end(), c) - labels.begin();
}

/// The Einsum kernel's check of a label's sizes that trace time does not
/// know, staged as an Assert named as the kernel's node: operand 1's size
/// at `axis` must equal operand 0's at `first` (an ellipsis label's must
/// broadcast: equal, or one of them 1).
void checkLabelAtRunTime(TfRuntime &rt, const ValueList &operands,
                         int64_t first, int64_t axis, bool ellipsis,
                         const std::string &node) {
  Value expected = rt.toTensor(dimension(rt, operands[0], first), DType::Int32);
  Value got = rt.toTensor(dimension(rt, operands[1], axis), DType::Int32);
  Value ok = binaryOp(rt, "Equal", expected, got);
  std::string message;
  ValueList ints;
  if (ellipsis) {
    for (const Value &size : {expected, got})
      ok = binaryOp(rt, "LogicalOr", ok,
                    binaryOp(rt, "Equal", size, Value::integer(1)));
    message = "Invalid broadcasting dimensions: {shape} vs. {shape}";
    ints = {shapeOf(rt, operands[0]), shapeOf(rt, operands[1])};
  } else {
    message = "Expected dimension {int} at axis " + std::to_string(axis) +
              " of the input shaped {shape} but got dimension {int}";
    ints = {expected, shapeOf(rt, operands[1]), got};
  }
  ValueList inputs = {ok};
  inputs.insert(inputs.end(), ints.begin(), ints.end());
  rt.applyEffect("Assert", inputs, {{"message", message}}, node);
}

Value einsumParts(TfRuntime &rt, const std::string &equationIn,
                  const ValueList &operandsIn) {
  Interpreter &in = rt.in;
  std::string equation;
  for (char c : equationIn)
    if (c != ' ')
      equation += c;
  size_t arrow = equation.find("->");
  std::string lhs = equation.substr(0, arrow);
  std::vector<std::string> specs;
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    specs.push_back(lhs.substr(start, comma - start));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (specs.size() != operandsIn.size())
    in.valueError("Got " + std::to_string(operandsIn.size()) +
                  " inputs for equation \"" + equationIn + "\", expecting " +
                  std::to_string(specs.size()));
  if (specs.size() > 2)
    rt.raise("UnimplementedError",
             "kiln's einsum takes one or two operands, not " +
                 std::to_string(specs.size()));
  ValueList operands;
  for (auto &o : operandsIn)
    operands.push_back(rt.toTensor(o));
  // The Einsum kernel's shape errors: a ValueError from shape inference
  // while tracing, else the kernel's InvalidArgumentError.
  auto shapeError = [&](const std::string &traced, const std::string &eager) {
    if (!rt.tracing)
      kernelError(rt, "Einsum", eager,
                  "Einsum_N_" + std::to_string(operands.size()));
    std::string names, shapes;
    for (size_t k = 0; k < operands.size(); ++k) {
      names += (k ? ", " : "") + inputName(rt, operands[k]);
      shapes += (k ? ", " : "") + shapeList(rt.tensor(operands[k]).type.shape);
    }
    in.valueError(traced + " for '{{node einsum/Einsum}} = Einsum[N=" +
                  std::to_string(operands.size()) +
                  ", T=" + tfTypeName(rt.tensor(operands[0]).type.dtype) +
                  ", equation=\"" + equationIn + "\"](" + names +
                  ")' with input shapes: " + shapes + ".");
  };
  std::vector<std::vector<char>> labels;
  int64_t ellipsis = 0;
  std::vector<int64_t> ellipsisRanks;
  for (size_t k = 0; k < specs.size(); ++k) {
    const std::vector<int64_t> &shape = rankedShape(rt, operands[k], "einsum");
    int64_t rank = shape.size(), eRank = 0;
    if (specs[k].find("...") != std::string::npos)
      eRank = rank - static_cast<int64_t>(specs[k].size() - 3);
    labels.emplace_back();
    if (!parseLabels(specs[k], eRank, labels[k]))
      in.valueError("Subscripts have incorrect format: " + equationIn);
    if (eRank < 0 || static_cast<int64_t>(labels[k].size()) != rank) {
      std::string want = std::to_string(labels[k].size() - eRank);
      shapeError("Shape must be rank " + want + " but is rank " +
                     std::to_string(rank) + "\n\t for " + std::to_string(k) +
                     "th input and equation: " + equationIn,
                 "Expected input " + std::to_string(k) + " to have rank " +
                     want + " but got: " + std::to_string(rank));
    }
    ellipsisRanks.push_back(eRank);
    ellipsis = std::max(ellipsis, eRank);
  }
  // Ellipsis dimensions align from the right, as broadcasting does.
  for (size_t k = 0; k < labels.size(); ++k)
    for (char &c : labels[k])
      if (c >= 1 && c < ' ')
        c = static_cast<char>(c + (ellipsis - ellipsisRanks[k]));
  std::vector<char> output;
  if (arrow != std::string::npos) {
    if (!parseLabels(equation.substr(arrow + 2), ellipsis, output))
      in.valueError("Subscripts have incorrect format: " + equationIn);
  } else {
    // NumPy's implicit output: the ellipsis, then the labels used once, in
    // alphabetical order.
    std::map<char, int> counts;
    for (auto &ls : labels)
      for (char c : ls)
        ++counts[c];
    for (int64_t k = 0; k < ellipsis; ++k)
      output.push_back(static_cast<char>(1 + k));
    for (auto &[c, n] : counts)
      if (n == 1 && c >= ' ')
        output.push_back(c);
  }
  std::set<char> outSet(output.begin(), output.end());
  // Sizes per label: operand 0's (or the only) axis of each, mismatches
  // with operand 1 raised now when trace time knows both sizes, else
  // checked at run time. Ellipsis labels broadcast, as batch dimensions of
  // the matrix product.
  std::map<char, int64_t> firstAxis;
  std::string node;
  for (size_t k = 0; k < labels.size(); ++k) {
    const std::vector<int64_t> &shape = rt.tensor(operands[k]).type.shape;
    std::map<char, int64_t> own; // the label's first axis in operand k
    for (size_t i = 0; i < labels[k].size(); ++i) {
      char c = labels[k][i];
      auto [mine, first] = own.emplace(c, i);
      if (!first) {
        // A repeated label: its sizes in this operand must agree.
        int64_t was = shape[mine->second], now = shape[i];
        if (was >= 0 && now >= 0 && was != now)
          shapeError("Dimensions must be equal, but are " +
                         std::to_string(was) + " and " + std::to_string(now),
                     "Expected dimension " + std::to_string(was) + " at axis " +
                         std::to_string(i) + " of the input shaped " +
                         shapeList(shape) + " but got dimension " +
                         std::to_string(now));
        continue;
      }
      auto [it, fresh] = firstAxis.emplace(c, i);
      if (fresh)
        continue;
      int64_t was = rt.tensor(operands[0]).type.shape[it->second],
              now = shape[i];
      bool isEllipsis = c < ' ';
      if (isEllipsis && !outSet.count(c) && (was != now || was < 0))
        rt.raise("UnimplementedError",
                 "kiln's einsum sums ellipsis dimensions only of one size "
                 "known at trace time: " +
                     equationIn);
      if (was >= 0 && now >= 0) {
        if (was == now || (isEllipsis && (was == 1 || now == 1)))
          continue;
        if (isEllipsis)
          shapeError("Dimensions must be equal, but are " +
                         std::to_string(was) + " and " + std::to_string(now),
                     "Invalid broadcasting dimensions: " +
                         shapeList(rt.tensor(operands[0]).type.shape) +
                         " vs. " + shapeList(shape));
        shapeError("Dimensions must be equal, but are " + std::to_string(was) +
                       " and " + std::to_string(now),
                   "Expected dimension " + std::to_string(was) + " at axis " +
                       std::to_string(i) + " of the input shaped " +
                       shapeList(shape) + " but got dimension " +
                       std::to_string(now));
      }
      if (node.empty())
        node = rt.tracing->graph.uniqueName("einsum/Einsum");
      checkLabelAtRunTime(rt, operands, it->second, i, isEllipsis, node);
    }
  }
  for (char c : output)
    if (!firstAxis.count(c))
      in.valueError("Output subscripts contain the label " + std::string(1, c) +
                    " not present in the input subscripts.");
  for (size_t k = 0; k < labels.size(); ++k)
    operands[k] = diagonals(rt, operands[k], labels[k], equationIn);
  if (labels.size() == 1) {
    // Sums the labels the output does not have, then orders the rest.
    std::vector<char> kept = labels[0];
    Value result = sumOut(rt, operands[0], kept, outSet);
    std::vector<int64_t> perm;
    for (char c : output)
      perm.push_back(labelAxis(kept, c));
    return permuted(rt, result, perm);
  }
  // Two operands, as the Einsum kernel contracts them: each label has a
  // kind and an id (the order of first appearance); each operand is
  // transposed to [broadcast, batch, free, contract, reduce] order (by
  // kind, then id), its reduce labels summed, its free and contract labels
  // merged into one dimension each; one batch matrix product. An operand
  // already in [.., contract, free] order is not transposed: the product
  // transposes it instead, which changes TensorFlow's summation order.
  enum Kind { Broadcast, Batch, Free, Contract, Reduce };
  const std::vector<char> &la = labels[0], &lb = labels[1];
  auto has = [](const std::vector<char> &ls, char c) {
    return std::find(ls.begin(), ls.end(), c) != ls.end();
  };
  auto kind = [&](char c) {
    bool both = has(la, c) && has(lb, c), removed = !outSet.count(c);
    if (c < ' ' && !removed)
      return Broadcast;
    if (!removed)
      return both ? Batch : Free;
    return both ? Contract : Reduce;
  };
  std::map<char, int> id;
  for (const std::vector<char> &ls : labels)
    for (char c : ls)
      id.emplace(c, static_cast<int>(id.size()));
  ValueList matrices;
  std::vector<bool> swapped;
  std::vector<std::vector<char>> batchLabels(2), freeLabels(2);
  for (size_t k = 0; k < 2; ++k) {
    const std::vector<char> &ls = labels[k];
    auto order = [&](char x, char y, bool swap) {
      auto rank = [&](char c) {
        int r = kind(c);
        return swap && (r == Free || r == Contract) ? Free + Contract - r : r;
      };
      return std::pair(rank(x), id[x]) < std::pair(rank(y), id[y]);
    };
    bool swap = true;
    for (size_t i = 0; i + 1 < ls.size(); ++i)
      swap &= order(ls[i], ls[i + 1], true);
    std::vector<char> sorted = ls;
    if (!swap)
      std::stable_sort(sorted.begin(), sorted.end(),
                       [&](char x, char y) { return order(x, y, false); });
    std::vector<int64_t> perm;
    std::vector<ValueList> groups;
    ValueList free, contract, reduced;
    for (char c : sorted) {
      perm.push_back(labelAxis(ls, c));
      Value size = dimension(rt, operands[k], perm.back());
      switch (kind(c)) {
      case Broadcast:
      case Batch:
        groups.push_back({size});
        batchLabels[k].push_back(c);
        break;
      case Free:
        free.push_back(size);
        freeLabels[k].push_back(c);
        break;
      case Contract:
        contract.push_back(size);
        break;
      case Reduce:
        reduced.push_back(size);
        break;
      }
    }
    groups.push_back(swap ? contract : free);
    groups.push_back(swap ? free : contract);
    if (!reduced.empty())
      groups.push_back(reduced);
    Value x = mergeDims(rt, permuted(rt, operands[k], perm), groups);
    if (!reduced.empty())
      x = ascendingSum(rt, x);
    matrices.push_back(x);
    swapped.push_back(swap);
  }
  Value result = matmul(rt, matrices[0], matrices[1], swapped[0], !swapped[1]);
  // The batch dimensions (broadcast, as the product aligns them), then
  // each operand's free labels.
  std::vector<char> resultLabels =
      batchLabels[batchLabels[0].size() >= batchLabels[1].size() ? 0 : 1];
  size_t batchRank = resultLabels.size();
  for (size_t k = 0; k < 2; ++k)
    resultLabels.insert(resultLabels.end(), freeLabels[k].begin(),
                        freeLabels[k].end());
  // The free labels merged into one dimension per operand (or none) split
  // back out.
  if (freeLabels[0].size() != 1 || freeLabels[1].size() != 1) {
    ValueList sizes;
    for (size_t j = 0; j < batchRank; ++j)
      sizes.push_back(dimension(rt, result, j));
    for (size_t k = 0; k < 2; ++k)
      for (char c : freeLabels[k])
        sizes.push_back(dimension(rt, operands[k], labelAxis(labels[k], c)));
    result = reshapedTo(rt, result, sizes);
  }
  std::vector<int64_t> perm;
  for (char c : output)
    perm.push_back(labelAxis(resultLabels, c));
  return permuted(rt, result, perm);
}

/// The equation TensorFlow's Einsum op gets: spaces removed and an
/// implicit output written out (the ellipsis if an operand has one, then
/// the labels used once, in alphabetical order), as tf.einsum resolves it.
std::string resolvedEquation(const std::string &equationIn) {
  std::string equation;
  for (char c : equationIn)
    if (c != ' ')
      equation += c;
  if (equation.find("->") != std::string::npos)
    return equation;
  std::map<char, int> counts;
  for (char c : equation)
    if (std::isalpha(static_cast<unsigned char>(c)))
      ++counts[c];
  std::string output = equation.find("...") != std::string::npos ? "..." : "";
  for (auto &[c, n] : counts)
    if (n == 1)
      output += c;
  return equation + "->" + output;
}

/// Whether an operand's or the output's subscripts in `equation` name a
/// letter twice (a diagonal).
bool repeatsLabel(const std::string &equation) {
  std::set<char> seen;
  for (char c : equation) {
    if (c == ',' || c == '>')
      seen.clear();
    else if (std::isalpha(static_cast<unsigned char>(c)) &&
             !seen.insert(c).second)
      return true;
  }
  return false;
}

/// tf.einsum. One or two operands whose subscripts repeat no label are
/// recorded on the tapes as one Einsum op, whose gradient is
/// _EinsumGrad's: more einsums, whose products have other orientations
/// (and so other summation orders) than the gradients of the MatMul and
/// Transpose ops that compute the einsum. A diagonal stays a strided
/// slice, whose gradient puts the values where _EinsumGrad's einsum does.
Value einsum(TfRuntime &rt, const std::string &equationIn,
             const ValueList &operandsIn) {
  if (rt.tapes.empty()) // nothing records it
    return einsumParts(rt, equationIn, operandsIn);
  std::string equation = resolvedEquation(equationIn);
  if (repeatsLabel(equation))
    return einsumParts(rt, equationIn, operandsIn);
  ValueList operands;
  for (const Value &o : operandsIn)
    operands.push_back(rt.toTensor(o));
  return recordComposite(rt, "Einsum", operands, {{"equation", equation}},
                         [&] { return einsumParts(rt, equationIn, operands); });
}

// ---- _EinsumGrad ----

/// The labels of `subs` that `others` lacks, in `subs`' order: the set
/// difference _EinsumGrad takes (its order, a Python set's, only moves
/// elements around in a transpose, never changes a sum).
std::string labelsNotIn(const std::string &subs, const std::string &others) {
  std::string out;
  for (char c : subs)
    if (std::isalpha(static_cast<unsigned char>(c)) &&
        others.find(c) == std::string::npos && out.find(c) == std::string::npos)
      out += c;
  return out;
}

/// `subs` without the labels `labels`.
std::string withoutLabels(const std::string &subs, const std::string &labels) {
  std::string out;
  for (char c : subs)
    if (labels.find(c) == std::string::npos)
      out += c;
  return out;
}

/// `t` broadcast to `like`'s shape (its static sizes, or its Shape).
Value broadcastLike(TfRuntime &rt, const Value &t, const Value &like) {
  const TensorType &type = rt.tensor(like).type;
  Value shape =
      type.isStatic() ? pyIntList(rt.in, type.shape) : shapeOf(rt, like);
  Value tf = rt.in.importModule("tensorflow");
  return rt.in.call(rt.in.getAttr(tf, "broadcast_to"), ValueList{t, shape});
}

/// _GetGradReduced: the gradient of `input` (subscripts `inputSubs`) of an
/// einsum that summed its labels `reduced` away, from `grad`, that of the
/// sum (subscripts `outputSubs`, the rest of the input's labels). Each
/// element of `grad` is spread along the summed axes: TensorFlow reshapes
/// and broadcasts, or broadcasts and transposes by an einsum; here the
/// transpose comes first. Either way elements only move.
Value gradReduced(TfRuntime &rt, const Value &grad,
                  const std::string &outputSubs, const std::string &inputSubs,
                  const Value &input, const std::string &reduced) {
  std::string kept = withoutLabels(inputSubs, reduced);
  Value g =
      kept == outputSubs ? grad : einsum(rt, outputSubs + "->" + kept, {grad});
  // The summed axes, as _GetAxisFromLabel counts them: from the front
  // before an ellipsis, from the back after it. Inserted front ones left
  // to right, back ones right to left, each lands where it belongs.
  size_t dots = inputSubs.find("...");
  std::vector<int64_t> front, back;
  for (char c : reduced) {
    int64_t i = static_cast<int64_t>(inputSubs.find(c));
    if (dots == std::string::npos || i < static_cast<int64_t>(dots))
      front.push_back(i);
    else
      back.push_back(i - static_cast<int64_t>(inputSubs.size()));
  }
  std::sort(front.begin(), front.end());
  std::sort(back.rbegin(), back.rend());
  for (int64_t axis : front)
    g = expandDims(rt, g, axis);
  for (int64_t axis : back)
    g = expandDims(rt, g, axis);
  return broadcastLike(rt, g, input);
}

/// _GetGradWrt: the gradient of the operand `input` (subscripts
/// `inputSubs`) of a two-operand einsum, from the output's `grad` and the
/// `other` operand: einsum("{output},{other}->{input}"), then spread
/// along the labels only `input` has, which the einsum summed.
Value gradWrt(TfRuntime &rt, const Value &grad, const Value &other,
              const Value &input, const std::string &inputSubs,
              const std::string &otherSubs, const std::string &outputSubs) {
  std::string reduced = labelsNotIn(inputSubs, outputSubs + otherSubs);
  std::string left = withoutLabels(inputSubs, reduced);
  Value g =
      einsum(rt, outputSubs + "," + otherSubs + "->" + left, {grad, other});
  return reduced.empty() ? g
                         : gradReduced(rt, g, left, inputSubs, input, reduced);
}

/// The gradient `grad` of operand `input` (subscripts `subs`, with an
/// ellipsis) summed over the ellipsis axes along which it was broadcast
/// against the other operand, and reshaped to `input`'s shape, as
/// _EinsumGrad does with BroadcastGradientArgs. A size known only at run
/// time is taken to match, as reduceToShape does.
Value unbroadcast(TfRuntime &rt, const Value &grad, const Value &input,
                  const std::string &subs) {
  const std::vector<int64_t> &g = rt.tensor(grad).type.shape;
  const std::vector<int64_t> &shape = rt.tensor(input).type.shape;
  int64_t start = static_cast<int64_t>(subs.find("..."));
  int64_t after = static_cast<int64_t>(subs.size()) - start - 3;
  int64_t batch = static_cast<int64_t>(shape.size()) - start - after;
  int64_t gradBatch = static_cast<int64_t>(g.size()) - start - after;
  int64_t lead = gradBatch - batch;
  std::vector<int64_t> axes;
  for (int64_t i = 0; i < gradBatch; ++i)
    if (i < lead || (shape[start + i - lead] == 1 && g[start + i] != 1))
      axes.push_back(start + i);
  if (axes.empty())
    return grad;
  Value summed = reduce(rt, "Sum", grad, pyIntList(rt.in, axes), false);
  const TensorType &type = rt.tensor(input).type;
  return reshape(rt, summed,
                 type.isStatic() ? pyIntList(rt.in, shape)
                                 : shapeOf(rt, input));
}

} // namespace

void addEinsumGradient(std::map<std::string, GradFn> &table) {
  table["Einsum"] = [](TfRuntime &rt, const TapeEntry &e,
                       const ValueList &g) -> ValueList {
    const std::string &equation = std::get<std::string>(e.attrs.at("equation"));
    size_t arrow = equation.find("->");
    std::string inputSubs = equation.substr(0, arrow);
    std::string outputSubs = equation.substr(arrow + 2);
    if (e.inputs.size() == 1) {
      // The reversed equation, spread along the labels the einsum summed.
      std::string reduced = labelsNotIn(inputSubs, outputSubs);
      if (reduced.empty())
        return {einsum(rt, outputSubs + "->" + inputSubs, {g[0]})};
      return {
          gradReduced(rt, g[0], outputSubs, inputSubs, e.inputs[0], reduced)};
    }
    size_t comma = inputSubs.find(',');
    std::string xSubs = inputSubs.substr(0, comma);
    std::string ySubs = inputSubs.substr(comma + 1);
    // "...ij,jk->...ik": y's gradient einsum needs an ellipsis of its own
    // ("...ik,...ij->jk..."), summed away below.
    bool dots = outputSubs.find("...") != std::string::npos;
    for (std::string *subs : {&xSubs, &ySubs})
      if (dots && subs->find("...") == std::string::npos)
        *subs += "...";
    const Value &x = e.inputs[0], &y = e.inputs[1];
    Value gx = gradWrt(rt, g[0], y, x, xSubs, ySubs, outputSubs);
    Value gy = gradWrt(rt, g[0], x, y, ySubs, xSubs, outputSubs);
    if (!dots)
      return {gx, gy};
    return {unbroadcast(rt, gx, x, xSubs), unbroadcast(rt, gy, y, ySubs)};
  };
}

void installLinalg(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &linalg) {
  TfRuntime *r = &rt;
  linalg.def("matvec", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "matvec",
             {"a", "b", "transpose_a", "adjoint_a", "a_is_sparse",
              "b_is_sparse", "name"});
    Value a = p.require("a", "matvec"),
          b = r->toTensor(p.require("b", "matvec"));
    bool ta = p.has("transpose_a") && in.truthy(p.get("transpose_a"));
    ta |= p.has("adjoint_a") && in.truthy(p.get("adjoint_a")); // real only
    Value product = matmul(*r, a, expandDims(*r, b, -1), ta, false);
    return squeeze(*r, product, Value::integer(-1));
  });
  tf.def("tensordot", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "tensordot", {"a", "b", "axes", "name"});
    return tensordot(*r, p.require("a", "tensordot"),
                     p.require("b", "tensordot"),
                     p.require("axes", "tensordot"));
  });
  linalg.set("tensordot", tf.module->dict["tensordot"]);
  tf.def("einsum", [r](Interpreter &in, CallArgs &args) {
    if (args.positional.empty() || !args.positional[0].is(Type::Str))
      in.typeError("einsum() takes the equation as its first argument");
    for (auto &[k, v] : args.keywords)
      if (k != "name" && k != "optimize")
        in.typeError("Invalid keyword arguments for this function: " + k +
                     ". Valid keyword arguments are: name, optimize.");
    ValueList operands(args.positional.begin() + 1, args.positional.end());
    return einsum(*r, args.positional[0].as<py::StrObject>().s, operands);
  });
  linalg.set("einsum", tf.module->dict["einsum"]);
}

} // namespace kiln::tf
