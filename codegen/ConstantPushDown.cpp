// Grappler's ConstantPushDown, before kiln emits a tf.function: in a tree
// of two additions or subtractions (or multiplications and divisions by
// constants), a constant operand of the outer op is moved next to the inner
// op's other operand, where constants meet and fold:
//
//   (x + 0.1) + 0.2  ->  x + (0.2 + 0.1)  ->  x + 0.3
//   x / 3.0 / 7.0    ->  x * ((1/7) * (1/3))
//   (x + y) + 0.5    ->  x + (0.5 + y)
//
// The folded constants are computed in the tensors' type, as TensorFlow's
// constant folding runs its kernels, so results round as TensorFlow's do.
// A division by a constant counts as a multiplication by its reciprocal
// (the emitter's RealDiv rewrite, GraphToKiln.cpp).
#include "ConstantPushDown.h"
#include "ConstantFolding.h"
#include "Emitter.h"
#include "ModelPruner.h"

#include <cstring>
#include <optional>

namespace kiln {

namespace {

bool isFloat(graph::DType d) {
  return d == graph::DType::Float32 || d == graph::DType::Float64;
}

/// Strings (whose + concatenates) and bools are left as they are.
bool numeric(graph::DType d) {
  return d != graph::DType::String && d != graph::DType::Bool;
}

/// The broadcast of two shapes, or nothing when it is not certain at
/// trace time (a size known at run time only facing a different one).
std::optional<std::vector<int64_t>> broadcast(std::vector<int64_t> a,
                                              std::vector<int64_t> b) {
  if (a.size() < b.size())
    std::swap(a, b);
  size_t offset = a.size() - b.size();
  for (size_t i = 0; i < b.size(); ++i) {
    int64_t &x = a[offset + i], y = b[i];
    if (x == y || y == 1)
      continue;
    if (x == 1)
      x = y;
    else
      return std::nullopt;
  }
  return a;
}

/// An operand of an op, maybe standing for 1 / (its constant).
struct Operand {
  graph::Output out;
  bool reciprocal = false;
};

/// A node read as one of the four ops ConstantPushDown rewrites.
struct Binary {
  char op; // + - * /
  Operand lhs, rhs;
};

class PushDown {
public:
  // The rewrites move uses between nodes without changing their counts;
  // uses by nodes that never run do not count (TensorFlow prunes them).
  explicit PushDown(graph::Graph &g)
      : g(g), consumers(liveUseCounts(g, liveNodes(g))) {}

  void run() {
    // Grappler first puts the inputs of commutative ops in name order;
    // which operand a rewrite moves depends on it.
    for (auto &n : g.nodes)
      if ((n.op == "AddV2" || n.op == "Add" || n.op == "Mul") &&
          !n.attrs.count(graph::kKernelAttr) && n.inputs.size() == 2 &&
          n.outputs.size() == 1 && numeric(n.outputs[0].dtype) &&
          name(n.inputs[1]) < name(n.inputs[0]))
        std::swap(n.inputs[0], n.inputs[1]);
    // Until nothing changes, as grappler repeats its passes (bounded).
    for (int round = 0; round < 16; ++round) {
      bool changed = false;
      // Constant folding has run first: what it folds is left alone.
      std::vector<bool> folded = foldableNodes(g);
      for (size_t i = 0; i < g.nodes.size(); ++i)
        if (!folded[i])
          changed |= rewrite(static_cast<int>(i));
      if (!changed)
        break;
    }
  }

private:
  graph::Graph &g;
  std::vector<int> consumers;

  std::string name(graph::Output o) const {
    const std::string &base = g.nodes[o.node].name;
    return o.index ? base + ":" + std::to_string(o.index) : base;
  }

  bool isConst(const Operand &o) const {
    return isGraphConstant(g.nodes[o.out.node]);
  }

  std::optional<Binary> view(int id) const {
    const graph::Node &n = g.nodes[id];
    if (n.inputs.size() != 2 || n.outputs.size() != 1 ||
        !numeric(n.outputs[0].dtype) || n.attrs.count(graph::kKernelAttr) ||
        isMulByOnes(g, n))
      return std::nullopt;
    Operand a{n.inputs[0]}, b{n.inputs[1]};
    if (n.op == "AddV2" || n.op == "Add")
      return Binary{'+', a, b};
    if (n.op == "Sub")
      return Binary{'-', a, b};
    if (n.op == "Mul")
      return Binary{'*', a, b};
    // A float division by a constant: a multiplication by the reciprocal.
    if ((n.op == "RealDiv" || n.op == "Div") && isFloat(n.outputs[0].dtype) &&
        isConst(b) && !isConst(a))
      return Binary{'*', a, Operand{b.out, true}};
    return std::nullopt;
  }

  /// The value of constant operand `o` as doubles (its reciprocals taken
  /// in its type), or nothing for a type kiln does not fold.
  std::optional<std::vector<double>> values(const Operand &o,
                                            graph::DType &dtype,
                                            std::vector<int64_t> &shape) const {
    const graph::Node &n = g.nodes[o.out.node];
    auto it = n.attrs.find("value");
    if (it == n.attrs.end())
      return std::nullopt;
    const graph::HostTensorPtr &t = std::get<graph::HostTensorPtr>(it->second);
    if (!t || !isFloat(t->type.dtype))
      return std::nullopt;
    dtype = t->type.dtype;
    shape = t->type.shape;
    std::vector<double> v(t->type.numElements());
    for (size_t i = 0; i < v.size(); ++i) {
      v[i] = t->elementAsDouble(i);
      if (o.reciprocal)
        v[i] = dtype == graph::DType::Float32
                   ? double(1.0f / static_cast<float>(v[i]))
                   : 1.0 / v[i];
    }
    return v;
  }

  /// Node `id` made a constant: `x op y` of two constant operands, each
  /// element rounded to the type as the kernel's arithmetic does. False
  /// when kiln cannot compute it here.
  bool fold(int id, char op, const Operand &x, const Operand &y) {
    graph::DType dx, dy;
    std::vector<int64_t> sx, sy;
    auto vx = values(x, dx, sx), vy = values(y, dy, sy);
    if (!vx || !vy || dx != dy || (sx != sy && !sx.empty() && !sy.empty()))
      return false;
    std::vector<int64_t> shape = sx.empty() ? sy : sx;
    auto t = graph::HostTensor::zeros({dx, shape});
    size_t n = static_cast<size_t>(t->type.numElements()); // 0 when empty
    for (size_t i = 0; i < n; ++i) {
      double a = (*vx)[vx->size() == 1 ? 0 : i];
      double b = (*vy)[vy->size() == 1 ? 0 : i];
      if (dx == graph::DType::Float32) {
        float fa = float(a), fb = float(b);
        float r = op == '+'   ? fa + fb
                  : op == '-' ? fa - fb
                  : op == '*' ? fa * fb
                              : fa / fb;
        std::memcpy(t->bytes.data() + i * 4, &r, 4);
      } else {
        double r = op == '+'   ? a + b
                   : op == '-' ? a - b
                   : op == '*' ? a * b
                               : a / b;
        std::memcpy(t->bytes.data() + i * 8, &r, 8);
      }
    }
    graph::Node &node = g.nodes[id];
    node.op = "Const";
    node.inputs.clear();
    node.attrs.clear();
    node.attrs["value"] = graph::HostTensorPtr(t);
    node.attrs["dtype"] = dx;
    node.outputs = {t->type};
    return true;
  }

  /// Writes `lhs op rhs` into node `id` (a reciprocal operand back as a
  /// division by its constant); false when it cannot be expressed.
  bool write(int id, char op, Operand lhs, Operand rhs) {
    graph::Node &node = g.nodes[id];
    graph::DType dtype = node.outputs[0].dtype;
    if (lhs.reciprocal && op == '*')
      std::swap(lhs, rhs);
    if (lhs.reciprocal || (rhs.reciprocal && op != '*'))
      return false;
    node.op = op == '+'   ? "AddV2"
              : op == '-' ? "Sub"
              : op == '*' ? (rhs.reciprocal ? "RealDiv" : "Mul")
                          : "RealDiv";
    node.inputs = {lhs.out, rhs.out};
    node.attrs.clear();
    node.attrs["T"] = dtype;
    return true;
  }

  bool rewrite(int parentId) {
    auto parent = view(parentId);
    if (!parent)
      return false;
    graph::DType dtype = g.nodes[parentId].outputs[0].dtype;
    if (dtype == graph::DType::Float16 || dtype == graph::DType::BFloat16)
      return false;
    bool leftConst = isConst(parent->lhs), rightConst = isConst(parent->rhs);
    if (leftConst == rightConst)
      return false;
    const Operand &c = leftConst ? parent->lhs : parent->rhs;
    const Operand &opOperand = leftConst ? parent->rhs : parent->lhs;
    int childId = opOperand.out.node;
    // Used by the parent only (a function result counts as a use).
    if (opOperand.reciprocal || opOperand.out.index != 0 ||
        consumers[childId] != 1 ||
        g.nodes[childId].region != g.nodes[parentId].region)
      return false;
    auto child = view(childId);
    if (!child)
      return false;
    bool leftLeafConst = isConst(child->lhs),
         rightLeafConst = isConst(child->rhs);
    if (leftLeafConst && rightLeafConst)
      return false;
    bool addSub = (parent->op == '+' || parent->op == '-') &&
                  (child->op == '+' || child->op == '-');
    bool mulDiv = (parent->op == '*' || parent->op == '/') &&
                  (child->op == '*' || child->op == '/');
    if (!addSub && !mulDiv)
      return false;
    bool symmetric = parent->op == '+' || parent->op == '*';
    bool childSymmetric = child->op == '+' || child->op == '*';
    if (!(symmetric && childSymmetric) && !isFloat(dtype))
      return false;
    // A division of a product by a constant, (x * y) / c, becomes
    // (x / c) * y in grappler (measured): the constant goes next to the
    // product's left operand, and the parent keeps the right one.
    bool divOfProduct = parent->rhs.reciprocal && child->op == '*' &&
                        !child->lhs.reciprocal && !child->rhs.reciprocal &&
                        !leftLeafConst && !rightLeafConst;
    const Operand &x =
        divOfProduct ? child->rhs : (leftLeafConst ? child->rhs : child->lhs);
    const Operand &y =
        divOfProduct ? child->lhs : (leftLeafConst ? child->lhs : child->rhs);
    // The constant goes next to y only when it is a scalar or has y's
    // shape (measured on TensorFlow 2.20: (x + y) - c is regrouped for c
    // of shape [] with y [300], and of [256, 1] with y [256, 1]; not for c
    // [256, 1] with y [], nor c [300] with y [3, 300]).
    const graph::TensorType &ct = g.typeOf(c.out), &yt = g.typeOf(y.out);
    bool scalar = !ct.unknownRank && ct.shape.empty();
    bool sameShape = ct.isStatic() && yt.isStatic() && ct.shape == yt.shape;
    if (!scalar && !sameShape)
      return false;
    // The outer op must keep its result's shape; the inner one (used by
    // the outer only) takes that of c and y broadcast.
    auto newInner = broadcast(g.typeOf(c.out).shape, g.typeOf(y.out).shape);
    if (!newInner)
      return false;
    auto newOuter = broadcast(g.typeOf(x.out).shape, *newInner);
    if (!newOuter || *newOuter != g.nodes[parentId].outputs[0].shape)
      return false;
    char sym = addSub ? '+' : '*', nonsym = addSub ? '-' : '/';
    char parentOp, childOp;
    Operand parentLhs, parentRhs, childLhs, childRhs;
    Operand childOut{{childId, 0}};
    if (divOfProduct) {
      // Here y is the product's left operand, x its right: (y / c) * x.
      parentOp = '*';
      parentLhs = childOut;
      parentRhs = x;
      childOp = '*';
      childLhs = y;
      childRhs = c;
    } else if (symmetric && childSymmetric) {
      parentOp = parent->op;
      parentLhs = x;
      parentRhs = childOut;
      childOp = child->op;
      childLhs = c;
      childRhs = y;
    } else {
      auto negated = [&](bool rightLeaf) {
        bool leafNegated = !childSymmetric && rightLeaf;
        bool childNegated = !symmetric && leftConst;
        return leafNegated != childNegated;
      };
      bool negC = !symmetric && !leftConst;
      bool negX = negated(leftLeafConst);
      bool negY = negated(!leftLeafConst);
      parentOp = (negX || (negC && negY)) ? nonsym : sym;
      parentLhs = negX ? childOut : x;
      parentRhs = negX ? x : childOut;
      childOp = negC != negY ? nonsym : sym;
      childLhs = negC ? y : c;
      childRhs = negC ? c : y;
    }
    // The inner op first: folded when both its operands are constants.
    graph::Node savedChild = g.nodes[childId], savedParent = g.nodes[parentId];
    bool childDone = (isConst(childLhs) && isConst(childRhs) &&
                      fold(childId, childOp, childLhs, childRhs)) ||
                     write(childId, childOp, childLhs, childRhs);
    if (childDone && g.nodes[childId].op != "Const")
      g.nodes[childId].outputs[0].shape = *newInner;
    if (!childDone || !write(parentId, parentOp, parentLhs, parentRhs)) {
      g.nodes[childId] = savedChild;
      g.nodes[parentId] = savedParent;
      return false;
    }
    g.nodes[childId].name = savedChild.name;
    g.nodes[childId].loc = savedChild.loc;
    return true;
  }
};

} // namespace

void pushDownConstants(graph::Graph &g) { PushDown(g).run(); }

} // namespace kiln
