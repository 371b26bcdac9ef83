// Grappler's arithmetic rewrites that change how compiled
// tf.functions round. TensorFlow's graph optimizer regroups trees of float
// additions and multiplications before it runs a function (eager code is
// not optimized), so kiln regroups them the same way:
//
// - AddOpsRewrite: a tree of additions becomes one AddN of its leaves per
//   shape, the partial sums then added from the smallest shape up. AddN
//   adds left to right (graph::addNRuns has its kernel's order),
//   and grappler puts the inputs of AddN, a commutative op, in the order
//   of their names.
// - MinimizeBroadcasts: a chain of multiplications of different shapes is
//   rebuilt smallest operands first, so that `x * y * 1.7` computes
//   `(1.7 * x) * y`.
// - ConvertPow: `x ** 2` is Square(x), `x ** 3` Square(x) * x, and the
//   exponents 1, 0.5, -0.5 and -1 give Identity, Sqrt, Rsqrt and
//   Reciprocal, where TensorFlow's Pow kernel would round differently.
// - SqrtDivToRsqrtMul: `x / tf.sqrt(y)` is Rsqrt(y) * x.
// - Constant folding's `1 / y`: Reciprocal(y).
//
// ConstantPushDown.cpp has run before: its rewrites come first in grappler.
//
// A node joins its consumer's tree when that is its only use and its
// inputs broadcast to its shape, as in grappler; dimensions known at run
// time only compare symbolically, by the dimension they come from.
#include "Emitter.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <set>

namespace kiln {

namespace {

bool isFloat(graph::DType d) {
  return d == graph::DType::Float16 || d == graph::DType::BFloat16 ||
         d == graph::DType::Float32 || d == graph::DType::Float64;
}

/// Grappler's order of symbolic shapes (sizes known now, or -2 - symbol):
/// `a` is smaller when its symbols all pair up with `b`'s and its known
/// size is smaller, or when only `b` has unpaired symbols (each taken to
/// be larger than 1) and `a`'s known size is no larger.
bool symbolicallySmaller(const std::vector<int64_t> &a,
                         const std::vector<int64_t> &b) {
  auto known = [](const std::vector<int64_t> &s) {
    int64_t n = 1;
    for (int64_t d : s)
      if (d >= 0)
        n *= d;
    return n;
  };
  std::multiset<int64_t> left, right;
  for (int64_t d : a)
    if (d < 0)
      left.insert(d);
  for (int64_t d : b) {
    if (d >= 0)
      continue;
    auto it = left.find(d);
    if (it != left.end())
      left.erase(it);
    else
      right.insert(d);
  }
  if (left.empty() && right.empty())
    return known(a) < known(b);
  return left.empty() && known(a) <= known(b);
}

/// Whether symbolic shapes `a` and `b` broadcast together: aligned on the
/// right, each pair equal or one of them 1.
bool symbolicallyBroadcastable(const std::vector<int64_t> &a,
                               const std::vector<int64_t> &b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 1; i <= n; ++i) {
    int64_t x = a[a.size() - i], y = b[b.size() - i];
    if (x != y && x != 1 && y != 1)
      return false;
  }
  return true;
}

/// A tensor type of graph `shape` (-1: known at run time only).
RankedTensorType rankedOf(const std::vector<int64_t> &shape, Type element) {
  SmallVector<int64_t> dims;
  for (int64_t d : shape)
    dims.push_back(d < 0 ? ShapedType::kDynamic : d);
  return RankedTensorType::get(dims, element);
}

} // namespace

std::vector<int64_t> Emitter::symbolicShape(graph::Output o) {
  std::vector<int64_t> shape = g.typeOf(o).shape;
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] < 0)
      shape[d] = -2 - dimSymbol(o, static_cast<int64_t>(d));
  return shape;
}

bool Emitter::isTreeNode(int id, bool add) const {
  const graph::Node &n = g.nodes[id];
  bool op = add ? n.op == "AddV2" || n.op == "Add"
                : (n.op == "Mul" && !isMulByOnes(g, n)) || isRsqrtDiv(n) ||
                      isConstantDiv(n) || convertedPowExponent(n) == 3.0;
  return op && !n.attrs.count(graph::kKernelAttr) && !foldable[id] &&
         n.outputs.size() == 1 && isFloat(n.outputs[0].dtype) &&
         !n.outputs[0].unknownRank;
}

bool Emitter::absorbedIntoConsumer(int id, bool add) {
  // (Copies grappler's CSE merges are merged before: CommonSubexpressions.h.)
  if (!isTreeNode(id, add) || consumers[id] != 1 || soleConsumer[id] < 0)
    return false;
  int c = soleConsumer[id];
  if (!isTreeNode(c, add) || g.nodes[c].region != g.nodes[id].region)
    return false;
  // log(c) with c = x + 1 becomes log1p(x) first: c is gone, and x is the
  // root of its own tree.
  if (add && consumers[c] == 1 && soleConsumer[c] >= 0) {
    auto fused = fusedUnary(g.nodes[soleConsumer[c]]);
    if (fused && fused->second.node == id)
      return false;
  }
  return true;
}

bool Emitter::treeLeaves(const graph::Node &n, bool add,
                         std::vector<TreeLeaf> &leaves) {
  // An inner node is rebuilt by its tree's root, not on its own.
  if (absorbedIntoConsumer(static_cast<int>(&n - g.nodes.data()), add))
    return false;
  bool absorbed = false;
  // Depth first, left to right (grappler sorts the inputs of commutative
  // ops by name only later, which reorders the AddNs it made but not the
  // binary ops MinimizeBroadcasts rebuilt).
  // Grappler's rewrites have made x / sqrt(y) the Mul(x, Rsqrt(y)) and
  // x ** 3 the Mul(Square(x), x), whose x has two uses.
  // Grappler joins only nodes whose inputs broadcast to their result's
  // shape, as far as its symbolic shapes tell (dimensions known at run
  // time only compare by where they come from): the regrouped tree then
  // needs no run-time broadcasting checks.
  bool broadcastable = true;
  auto check = [&](const graph::Node &m, graph::Output in) {
    graph::Output out{static_cast<int>(&m - g.nodes.data()), 0};
    broadcastable =
        broadcastable && !g.typeOf(in).unknownRank &&
        symbolicallyBroadcastable(symbolicShape(in), symbolicShape(out));
  };
  std::function<void(const graph::Node &)> visit = [&](const graph::Node &m) {
    for (graph::Output in : m.inputs)
      check(m, in);
    if (!add && m.op == "Pow") {
      leaves.push_back({m.inputs[0], "square"});
      leaves.push_back({m.inputs[0]});
      return;
    }
    bool divides = !add && m.op != "Mul";
    bool rsqrt = divides && isRsqrtDiv(m);
    for (size_t i = 0; i < (divides ? 1 : m.inputs.size()); ++i) {
      graph::Output in = m.inputs[i];
      if (in.index == 0 && absorbedIntoConsumer(in.node, add)) {
        absorbed = true;
        visit(g.nodes[in.node]);
      } else {
        leaves.push_back({in});
      }
    }
    if (rsqrt)
      leaves.push_back({g.nodes[m.inputs[1].node].inputs[0], "rsqrt"});
    else if (divides)
      leaves.push_back({m.inputs[1], nullptr, &m});
  };
  visit(n);
  return absorbed && broadcastable;
}

Value Emitter::emitAddTree(const graph::Node &n, RankedTensorType type) {
  std::vector<TreeLeaf> treeLeafs;
  if (!isTreeNode(&n - g.nodes.data(), true) ||
      !treeLeaves(n, /*add=*/true, treeLeafs))
    return nullptr;
  std::vector<graph::Output> leaves;
  for (const TreeLeaf &leaf : treeLeafs)
    leaves.push_back(leaf.out);
  Location loc = locOf(n);
  Type element = type.getElementType();
  auto add = [&](Value x, Value y, const std::vector<int64_t> &shape) {
    return b.create<AddOp>(loc, rankedOf(shape, element), x, y).getResult();
  };
  // One AddN per symbolic shape, its inputs in name order.
  std::vector<std::vector<int64_t>> shapes;
  std::map<std::vector<int64_t>, std::vector<graph::Output>> byShape;
  for (graph::Output leaf : leaves) {
    std::vector<int64_t> shape = symbolicShape(leaf);
    if (!byShape.count(shape))
      shapes.push_back(shape);
    byShape[shape].push_back(leaf);
  }
  auto addN = [&](std::vector<graph::Output> inputs) {
    const std::vector<int64_t> &shape = g.typeOf(inputs[0]).shape;
    std::stable_sort(
        inputs.begin(), inputs.end(), [&](graph::Output x, graph::Output y) {
          return graph::addNSortName(g, x) < graph::addNSortName(g, y);
        });
    Value sum;
    for (auto [begin, end] : graph::addNRuns(inputs.size())) {
      Value run = values.at(key(inputs[begin]));
      for (size_t i = begin + 1; i < end; ++i)
        run = add(run, values.at(key(inputs[i])), shape);
      sum = sum ? add(sum, run, shape) : run;
    }
    return sum;
  };
  // Smallest shapes first, each partial sum added into the next.
  std::stable_sort(shapes.begin(), shapes.end(), symbolicallySmaller);
  std::deque<std::pair<Value, std::vector<int64_t>>> partial;
  for (auto &shape : shapes)
    partial.push_back(
        {addN(byShape[shape]), g.typeOf(byShape[shape][0]).shape});
  while (partial.size() > 1) {
    auto lhs = partial.front();
    partial.pop_front();
    auto rhs = partial.front();
    partial.pop_front();
    std::vector<int64_t> shape;
    graph::broadcastShapes(lhs.second, rhs.second, shape);
    partial.push_front({add(lhs.first, rhs.first, shape), shape});
  }
  return castTo(loc, partial.front().first, type);
}

Value Emitter::emitMulChain(const graph::Node &n, RankedTensorType type) {
  std::vector<TreeLeaf> leaves;
  if (!isTreeNode(&n - g.nodes.data(), false) ||
      !treeLeaves(n, /*add=*/false, leaves))
    return nullptr;
  std::set<std::vector<int64_t>> distinct;
  for (const TreeLeaf &leaf : leaves)
    distinct.insert(symbolicShape(leaf.out));
  if (distinct.size() < 2)
    return nullptr; // nothing to gain: grappler keeps the tree
  Location loc = locOf(n);
  Type element = type.getElementType();
  // An operand: its value, shape, and the symbolic shape grappler compares
  // (a product it built counts as a scalar: it records no shape for it).
  struct Operand {
    Value value;
    std::vector<int64_t> shape, symbolic;
    const TreeLeaf *leaf = nullptr; // what the operand is, when a leaf
    // The two leaves it is the product of, when it is one.
    std::shared_ptr<std::pair<Operand, Operand>> factors;
  };
  std::deque<Operand> ops;
  for (const TreeLeaf &leaf : leaves) {
    Value v = values.at(key(leaf.out));
    if (leaf.fn)
      v = b.create<UnaryOp>(loc, v.getType(), v, b.getStringAttr(leaf.fn));
    if (leaf.divisorOf && !(v = reciprocalOfConstant(*leaf.divisorOf, 1)))
      return nullptr;
    ops.push_back(
        {v, g.typeOf(leaf.out).shape, symbolicShape(leaf.out), &leaf});
  }
  std::stable_sort(ops.begin(), ops.end(), [](const auto &x, const auto &y) {
    return symbolicallySmaller(x.symbolic, y.symbolic);
  });
  auto product = [&](const Operand &x, const Operand &y) {
    std::vector<int64_t> shape;
    graph::broadcastShapes(x.shape, y.shape, shape);
    Value v = b.create<MulOp>(loc, rankedOf(shape, element), x.value, y.value);
    Operand out{v, shape, {}};
    if (x.leaf && y.leaf)
      out.factors = std::make_shared<std::pair<Operand, Operand>>(x, y);
    return out;
  };
  auto isConstantLeaf = [&](const Operand &o) {
    return o.leaf && !o.leaf->fn && !o.leaf->divisorOf &&
           isGraphConstant(g.nodes[o.leaf->out.node]);
  };
  auto isStatic = [](const std::vector<int64_t> &shape) {
    return std::all_of(shape.begin(), shape.end(),
                       [](int64_t d) { return d >= 0; });
  };
  auto leafName = [&](const Operand &o) {
    graph::Output out = o.leaf->out;
    return g.nodes[out.node].name + ":" + std::to_string(out.index);
  };
  // Grappler's second round of constant folding pushes a constant that
  // multiplies a product of two leaves, c * (y * x), down next to the
  // operand second in name order, as ConstantPushDown.cpp does in the
  // first: x * (c * y), when c is a scalar or has y's shape and the result
  // keeps its shape (measured on TensorFlow 2.20).
  auto mul = [&](const Operand &lhs, const Operand &rhs) {
    for (auto [c, p] : {std::pair{&lhs, &rhs}, std::pair{&rhs, &lhs}}) {
      if (!g.constantFolding || !isConstantLeaf(*c) || !p->factors ||
          isConstantLeaf(p->factors->first) ||
          isConstantLeaf(p->factors->second))
        continue;
      auto [x, y] = *p->factors;
      if (leafName(y) < leafName(x))
        std::swap(x, y);
      std::vector<int64_t> inner, outer;
      if (isStatic(x.shape) && isStatic(y.shape) &&
          (c->shape.empty() || c->shape == y.shape) &&
          graph::broadcastShapes(c->shape, y.shape, inner) &&
          graph::broadcastShapes(x.shape, inner, outer) && outer == p->shape)
        return product(x, product(*c, y));
    }
    return product(lhs, rhs);
  };
  // An odd operand out (the largest) multiplies the rest last.
  std::optional<Operand> largest;
  if (ops.size() % 2) {
    largest = ops.back();
    ops.pop_back();
  }
  // Pairs from the front; a product goes to the front when the next two
  // operands still grow (a tall tree), else to the back (a wide one).
  while (ops.size() > 1) {
    Operand lhs = ops.front();
    ops.pop_front();
    Operand rhs = ops.front();
    ops.pop_front();
    Operand both = mul(lhs, rhs);
    if (ops.size() >= 2 &&
        symbolicallySmaller(ops[0].symbolic, ops[1].symbolic))
      ops.push_front(both);
    else
      ops.push_back(both);
  }
  Operand result = largest ? mul(ops.front(), *largest) : ops.front();
  return castTo(loc, result.value, type);
}

std::optional<double> Emitter::foldedUniformValue(graph::Output o) const {
  const graph::Node &n = g.nodes[o.node];
  if (isGraphConstant(n)) {
    graph::HostTensorPtr value = graphConstantValue(n);
    if (!value || value->type.numElements() < 1)
      return std::nullopt;
    double v = value->elementAsDouble(0);
    for (int64_t i = 1; i < value->type.numElements(); ++i)
      if (value->elementAsDouble(i) != v)
        return std::nullopt;
    return v;
  }
  // Grappler's constant folding of the arithmetic a gradient makes of
  // constants (_PowGrad's `y - 1`), in the node's float type.
  if (!folds(n) || n.inputs.size() != 2 ||
      (n.op != "Sub" && n.op != "AddV2" && n.op != "Mul"))
    return std::nullopt;
  std::optional<double> a = foldedUniformValue(n.inputs[0]);
  std::optional<double> b = foldedUniformValue(n.inputs[1]);
  if (!a || !b)
    return std::nullopt;
  double v = n.op == "Sub" ? *a - *b : n.op == "AddV2" ? *a + *b : *a * *b;
  switch (n.outputs[0].dtype) {
  case graph::DType::Float32:
    return double(float(v));
  case graph::DType::Float64:
    return v;
  default:    // half types: exact results only (one that rounds to an
    return v; // exponent in half precision is missed)
  }
}

std::optional<double>
Emitter::convertedPowExponent(const graph::Node &n) const {
  if (n.op != "Pow")
    return std::nullopt;
  const graph::TensorType &base = g.typeOf(n.inputs[0]);
  if (!isFloat(n.outputs[0].dtype) || folds(n) || base.unknownRank ||
      base.shape != n.outputs[0].shape)
    return std::nullopt;
  return foldedUniformValue(n.inputs[1]);
}

Value Emitter::emitConvertedPow(const graph::Node &n, RankedTensorType type) {
  std::optional<double> exponent = convertedPowExponent(n);
  if (!exponent)
    return nullptr;
  double y = *exponent;
  Location loc = locOf(n);
  Value x = input(n, 0);
  auto unary = [&](const char *fn) -> Value {
    return b.create<UnaryOp>(loc, type, x, b.getStringAttr(fn));
  };
  if (y == 2)
    return unary("square");
  if (y == 3)
    return b.create<MulOp>(loc, type, unary("square"), x);
  if (y == 1)
    return b.create<IdentityOp>(loc, type, x);
  if (y == 0.5)
    return unary("sqrt");
  if (y == -0.5)
    return unary("rsqrt");
  if (y == -1)
    return unary("reciprocal");
  return nullptr;
}

Value Emitter::emitReciprocalOfOnes(const graph::Node &n,
                                    RankedTensorType type) {
  const graph::TensorType &y = g.typeOf(n.inputs[1]);
  if (!g.constantFolding || !isFloat(n.outputs[0].dtype) ||
      n.attrs.count(graph::kKernelAttr) ||
      !graph::isConstantOnes(g.nodes[n.inputs[0].node]) || y.unknownRank ||
      y.shape != n.outputs[0].shape)
    return nullptr;
  return b.create<UnaryOp>(locOf(n), type, input(n, 1),
                           b.getStringAttr("reciprocal"));
}

bool Emitter::isRsqrtDiv(const graph::Node &n) const {
  if (n.op != "RealDiv" && n.op != "Div")
    return false;
  const graph::Node &sqrt = g.nodes[n.inputs[1].node];
  if (!isFloat(n.outputs[0].dtype) || sqrt.op != "Sqrt" || folds(n) ||
      n.attrs.count(graph::kKernelAttr))
    return false;
  // Equal sqrts are merged before (CommonSubexpressions.h): this one's
  // uses are all of them.
  return consumers[n.inputs[1].node] == 1;
}

bool Emitter::isConstantDiv(const graph::Node &n) const {
  // ReduceDivToReciprocalMul is constant folding's.
  if (!g.constantFolding || (n.op != "RealDiv" && n.op != "Div") ||
      !isFloat(n.outputs[0].dtype) || folds(n) ||
      n.attrs.count(graph::kKernelAttr) || isRsqrtDiv(n))
    return false;
  return isGraphConstant(throughCasts(n.inputs[1])) ||
         folds(g.nodes[n.inputs[1].node]);
}

Value Emitter::emitRsqrtMul(const graph::Node &n, RankedTensorType type) {
  if (!isRsqrtDiv(n))
    return nullptr;
  const graph::Node &sqrt = g.nodes[n.inputs[1].node];
  Location loc = locOf(n);
  Value rsqrt = b.create<UnaryOp>(loc, tensorType(sqrt.outputs[0]),
                                  input(sqrt, 0), b.getStringAttr("rsqrt"));
  // Under a run-time broadcast, the divisor's size-1 dimensions expand as
  // the Sqrt's result would have.
  if (&n == guarded && expansions && expansions->size() > 1 &&
      !(*expansions)[1].empty())
    rsqrt = expandTo(loc, rsqrt, (*expansions)[1]);
  return b.create<MulOp>(loc, type, rsqrt, input(n, 0));
}

} // namespace kiln
