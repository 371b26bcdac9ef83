// Products built from transposes, reshapes and MatMul: tf.linalg.matvec,
// tf.tensordot (as TensorFlow's math_ops.tensordot builds it) and
// tf.einsum (as TensorFlow's Einsum kernel computes it: operands reduced
// over their own labels, transposed to [batch, free, contracted], one
// (batch) matrix product, then the output's order).
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace kiln::tf {

namespace {

using py::Type;

int64_t product(const std::vector<int64_t> &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

const std::vector<int64_t> &staticShape(TfRuntime &rt, const Value &t,
                                        const std::string &api) {
  const TensorType &type = rt.tensor(t).type;
  if (!type.isStatic())
    rt.raise("UnimplementedError",
             "kiln's " + api +
                 " needs operand shapes known at trace time, "
                 "not " +
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

// ---- tensordot ----

/// math_ops._tensordot_reshape: `a` as a matrix of its free dimensions by
/// its contracted ones (flipped: contracted by free).
Value tensordotMatrix(TfRuntime &rt, const Value &a,
                      const std::vector<int64_t> &axesIn, bool flipped,
                      std::vector<int64_t> &freeDims) {
  const std::vector<int64_t> &shape = staticShape(rt, a, "tensordot");
  int64_t rank = shape.size();
  std::vector<int64_t> axes, free;
  for (int64_t ax : axesIn)
    axes.push_back(ax < 0 ? ax + rank : ax);
  for (int64_t i = 0; i < rank; ++i)
    if (std::find(axes.begin(), axes.end(), i) == axes.end())
      free.push_back(i);
  std::vector<int64_t> axesDims;
  for (int64_t i : free)
    freeDims.push_back(shape[i]);
  for (int64_t i : axes) {
    if (i < 0 || i >= rank)
      rt.in.raise("IndexError", "list index out of range");
    axesDims.push_back(shape[i]);
  }
  int64_t prodFree = product(freeDims), prodAxes = product(axesDims);
  std::vector<int64_t> perm = flipped ? axes : free;
  for (int64_t i : flipped ? free : axes)
    perm.push_back(i);
  std::vector<int64_t> matrix = flipped
                                    ? std::vector<int64_t>{prodAxes, prodFree}
                                    : std::vector<int64_t>{prodFree, prodAxes};
  return reshaped(rt, permuted(rt, a, perm), matrix);
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
  int64_t rankA = staticShape(rt, a, "tensordot").size();
  staticShape(rt, b, "tensordot");
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
  std::vector<int64_t> freeA, freeB;
  Value ma = tensordotMatrix(rt, a, axesA, false, freeA);
  Value mb = tensordotMatrix(rt, b, axesB, true, freeB);
  Value product = matmul(rt, ma, mb, false, false);
  std::vector<int64_t> shape = freeA;
  shape.insert(shape.end(), freeB.begin(), freeB.end());
  return reshaped(rt, product, shape);
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

/// Sums `x` (labels `labels`) over the labels not in `keep`, as the Einsum
/// kernel does: those dimensions moved last and summed as one.
Value sumOut(TfRuntime &rt, Value x, std::vector<char> &labels,
             const std::set<char> &keep) {
  std::vector<int64_t> kept, summed;
  for (size_t i = 0; i < labels.size(); ++i)
    (keep.count(labels[i]) ? kept : summed).push_back(i);
  if (summed.empty())
    return x;
  const std::vector<int64_t> &shape = rt.tensor(x).type.shape;
  std::vector<int64_t> perm = kept, rows;
  perm.insert(perm.end(), summed.begin(), summed.end());
  std::vector<char> keptLabels;
  std::vector<int64_t> summedDims;
  for (int64_t i : kept) {
    rows.push_back(shape[i]);
    keptLabels.push_back(labels[i]);
  }
  for (int64_t i : summed)
    summedDims.push_back(shape[i]);
  rows.push_back(product(summedDims));
  x = reshaped(rt, permuted(rt, x, perm), rows);
  labels = keptLabels;
  return reduce(rt, "Sum", x, Value::integer(-1), false);
}

Value einsum(TfRuntime &rt, const std::string &equationIn,
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
    const std::vector<int64_t> &shape = staticShape(rt, operands[k], "einsum");
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
  // Sizes per label, and the cases kiln leaves out.
  std::map<char, int64_t> size;
  for (size_t k = 0; k < labels.size(); ++k) {
    const std::vector<int64_t> &shape = rt.tensor(operands[k]).type.shape;
    std::set<char> seen;
    for (size_t i = 0; i < labels[k].size(); ++i) {
      char c = labels[k][i];
      if (!seen.insert(c).second)
        rt.raise("UnimplementedError",
                 "kiln's einsum does not take a label twice in one operand "
                 "(diagonals): " +
                     equationIn);
      auto [it, fresh] = size.emplace(c, shape[i]);
      if (!fresh && it->second != shape[i]) {
        if (c < ' ')
          rt.raise("UnimplementedError",
                   "kiln's einsum needs equal ellipsis dimensions, not "
                   "broadcasting ones: " +
                       equationIn);
        shapeError(
            "Dimensions must be equal, but are " + std::to_string(it->second) +
                " and " + std::to_string(shape[i]),
            "Expected dimension " + std::to_string(it->second) + " at axis " +
                std::to_string(i) + " of the input shaped " + shapeList(shape) +
                " but got dimension " + std::to_string(shape[i]));
      }
    }
  }
  std::set<char> outSet(output.begin(), output.end());
  for (char c : output)
    if (!size.count(c))
      in.valueError("Output subscripts contain the label " + std::string(1, c) +
                    " not present in the input subscripts.");
  // Each operand first sums the labels that neither the output nor the
  // other operand has.
  for (size_t k = 0; k < labels.size(); ++k) {
    std::set<char> keep = outSet;
    if (labels.size() == 2)
      keep.insert(labels[1 - k].begin(), labels[1 - k].end());
    operands[k] = sumOut(rt, operands[k], labels[k], keep);
  }
  Value result = operands[0];
  std::vector<char> resultLabels = labels[0];
  if (labels.size() == 2) {
    const std::vector<char> &la = labels[0], &lb = labels[1];
    auto has = [](const std::vector<char> &ls, char c) {
      return std::find(ls.begin(), ls.end(), c) != ls.end();
    };
    std::vector<char> batch, contract, freeA, freeB;
    for (char c : la)
      (has(lb, c) ? (outSet.count(c) ? batch : contract) : freeA).push_back(c);
    for (char c : lb)
      if (!has(la, c))
        freeB.push_back(c);
    auto positions =
        [](const std::vector<char> &ls,
           std::initializer_list<const std::vector<char> *> order) {
          std::vector<int64_t> perm;
          for (auto *group : order)
            for (char c : *group)
              perm.push_back(std::find(ls.begin(), ls.end(), c) - ls.begin());
          return perm;
        };
    auto dims = [&](const std::vector<char> &group) {
      std::vector<int64_t> d;
      for (char c : group)
        d.push_back(size[c]);
      return d;
    };
    int64_t nb = product(dims(batch)), m = product(dims(freeA)),
            kk = product(dims(contract)), n = product(dims(freeB));
    auto matrixShape = [&](int64_t rows, int64_t cols) {
      return batch.empty() ? std::vector<int64_t>{rows, cols}
                           : std::vector<int64_t>{nb, rows, cols};
    };
    Value a = reshaped(
        rt,
        permuted(rt, operands[0], positions(la, {&batch, &freeA, &contract})),
        matrixShape(m, kk));
    Value b = reshaped(
        rt,
        permuted(rt, operands[1], positions(lb, {&batch, &contract, &freeB})),
        matrixShape(kk, n));
    result = matmul(rt, a, b, false, false);
    resultLabels = batch;
    resultLabels.insert(resultLabels.end(), freeA.begin(), freeA.end());
    resultLabels.insert(resultLabels.end(), freeB.begin(), freeB.end());
    result = reshaped(rt, result, dims(resultLabels));
  }
  std::vector<int64_t> perm;
  for (char c : output)
    perm.push_back(std::find(resultLabels.begin(), resultLabels.end(), c) -
                   resultLabels.begin());
  return permuted(rt, result, perm);
}

} // namespace

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
