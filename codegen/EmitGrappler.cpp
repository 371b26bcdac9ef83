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
// A node joins its consumer's tree when that is its only use, as in
// grappler; trees need static shapes here.
#include "Emitter.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>

namespace kiln {

namespace {

bool isFloat(graph::DType d) {
  return d == graph::DType::Float16 || d == graph::DType::BFloat16 ||
         d == graph::DType::Float32 || d == graph::DType::Float64;
}

int64_t numElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

} // namespace

std::string Emitter::tensorName(graph::Output o) const {
  const std::string &name = g.nodes[o.node].name;
  return o.index ? name + ":" + std::to_string(o.index) : name;
}

bool Emitter::isTreeNode(int id, bool add) const {
  const graph::Node &n = g.nodes[id];
  bool op = add ? n.op == "AddV2" || n.op == "Add"
                : (n.op == "Mul" && !isMulByOnes(g, n)) || isRsqrtDiv(n) ||
                      convertedPowExponent(n) == 3.0;
  return op && !n.attrs.count(graph::kKernelAttr) && !foldable[id] &&
         n.outputs.size() == 1 && isFloat(n.outputs[0].dtype) &&
         n.outputs[0].isStatic();
}

bool Emitter::absorbedIntoConsumer(int id, bool add) {
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
  std::function<void(const graph::Node &)> visit = [&](const graph::Node &m) {
    if (!add && m.op == "Pow") {
      leaves.push_back({m.inputs[0], "square"});
      leaves.push_back({m.inputs[0]});
      return;
    }
    bool rsqrt = !add && m.op != "Mul";
    for (size_t i = 0; i < (rsqrt ? 1 : m.inputs.size()); ++i) {
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
  };
  visit(n);
  // Leaves of static shapes only: a size known at run time would need the
  // run-time broadcasting checks (EmitChecks.cpp) of a single op.
  for (const TreeLeaf &leaf : leaves)
    if (!g.typeOf(leaf.out).isStatic())
      return false;
  return absorbed;
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
    return b.create<AddOp>(loc, RankedTensorType::get(shape, element), x, y)
        .getResult();
  };
  // One AddN per shape, its inputs in name order.
  std::vector<std::vector<int64_t>> shapes;
  std::map<std::vector<int64_t>, std::vector<graph::Output>> byShape;
  for (graph::Output leaf : leaves) {
    const std::vector<int64_t> &shape = g.typeOf(leaf).shape;
    if (!byShape.count(shape))
      shapes.push_back(shape);
    byShape[shape].push_back(leaf);
  }
  auto addN = [&](std::vector<graph::Output> inputs,
                  const std::vector<int64_t> &shape) {
    std::stable_sort(inputs.begin(), inputs.end(),
                     [&](graph::Output x, graph::Output y) {
                       return tensorName(x) < tensorName(y);
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
  std::stable_sort(shapes.begin(), shapes.end(),
                   [](const auto &x, const auto &y) {
                     return numElements(x) < numElements(y);
                   });
  std::deque<std::pair<Value, std::vector<int64_t>>> partial;
  for (auto &shape : shapes)
    partial.push_back({addN(byShape[shape], shape), shape});
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
  std::map<std::vector<int64_t>, int> distinct;
  for (const TreeLeaf &leaf : leaves)
    distinct[g.typeOf(leaf.out).shape]++;
  if (distinct.size() < 2)
    return nullptr; // nothing to gain: grappler keeps the tree
  Location loc = locOf(n);
  Type element = type.getElementType();
  // An operand: its value, shape, and the size grappler compares (a
  // product it built counts as a scalar: it records no shape for it).
  struct Operand {
    Value value;
    std::vector<int64_t> shape;
    int64_t size;
  };
  std::deque<Operand> ops;
  for (const TreeLeaf &leaf : leaves) {
    const std::vector<int64_t> &shape = g.typeOf(leaf.out).shape;
    Value v = values.at(key(leaf.out));
    if (leaf.fn)
      v = b.create<UnaryOp>(loc, v.getType(), v, b.getStringAttr(leaf.fn));
    ops.push_back({v, shape, numElements(shape)});
  }
  std::stable_sort(ops.begin(), ops.end(), [](const auto &x, const auto &y) {
    return x.size < y.size;
  });
  auto mul = [&](const Operand &x, const Operand &y) {
    std::vector<int64_t> shape;
    graph::broadcastShapes(x.shape, y.shape, shape);
    Value v = b.create<MulOp>(loc, RankedTensorType::get(shape, element),
                              x.value, y.value);
    return Operand{v, shape, 1};
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
    Operand product = mul(lhs, rhs);
    if (ops.size() >= 2 && ops[0].size < ops[1].size)
      ops.push_front(product);
    else
      ops.push_back(product);
  }
  Operand result = largest ? mul(ops.front(), *largest) : ops.front();
  return castTo(loc, result.value, type);
}

std::optional<double>
Emitter::convertedPowExponent(const graph::Node &n) const {
  if (n.op != "Pow")
    return std::nullopt;
  const graph::Node &exponent = g.nodes[n.inputs[1].node];
  const graph::TensorType &base = g.typeOf(n.inputs[0]);
  if (!isFloat(n.outputs[0].dtype) || !isGraphConstant(exponent) || folds(n) ||
      base.unknownRank || base.shape != n.outputs[0].shape)
    return std::nullopt;
  auto it = exponent.attrs.find("value");
  auto *value = it == exponent.attrs.end()
                    ? nullptr
                    : std::get_if<graph::HostTensorPtr>(&it->second);
  if (!value || !*value || (*value)->type.numElements() < 1)
    return std::nullopt;
  double y = (*value)->elementAsDouble(0);
  for (int64_t i = 1; i < (*value)->type.numElements(); ++i)
    if ((*value)->elementAsDouble(i) != y)
      return std::nullopt;
  return y;
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
  if (!isFloat(n.outputs[0].dtype) || n.attrs.count(graph::kKernelAttr) ||
      !isConstantOnes(g.nodes[n.inputs[0].node]) || y.unknownRank ||
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
  // Grappler has merged equal nodes before (common subexpression
  // elimination): every use of a sqrt of the same tensor counts.
  int uses = 0;
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const graph::Node &other = g.nodes[k];
    if (other.op == "Sqrt" && other.region == sqrt.region &&
        other.inputs[0].node == sqrt.inputs[0].node &&
        other.inputs[0].index == sqrt.inputs[0].index)
      uses += consumers[k];
  }
  return uses == 1;
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
