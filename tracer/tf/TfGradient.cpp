// tf.GradientTape (TfGradient.h): recording, the backward pass, and the
// gradient functions of the ops kiln differentiates.
#include "TfGradient.h"
#include "StdlibModules.h"
#include "TfGradientOps.h"
#include "TfIndexedSlices.h"

#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfVariable.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <limits>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

namespace kiln::tf {

using py::Type;

/// A tensor's identity on a tape: the graph output of a symbolic tensor
/// (several Python objects may stand for one), the object of an eager one.
struct TensorKey {
  const void *owner;
  int64_t id;
  bool operator<(const TensorKey &o) const {
    return owner != o.owner ? owner < o.owner : id < o.id;
  }
  bool operator==(const TensorKey &o) const {
    return owner == o.owner && id == o.id;
  }
};

struct GradientTapeObject : py::NativeObject {
  explicit GradientTapeObject(TfRuntime &rt) : rt(rt) {}
  TfRuntime &rt;
  bool persistent = false;
  bool watchAccessedVariables = true;
  bool used = false; // a non-persistent tape computes gradients once
  /// A user's tape (tf.GradientTape()) is false until its `with` block
  /// starts: before, it has nothing to differentiate. kiln's own are true.
  bool entered = true;
  bool recording = false; // inside its `with` block, not stop_recording()
  std::vector<TapeEntry> entries;
  std::set<TensorKey> watched;
  /// Reads of watched variables, in order. The read tensor is kept alive,
  /// so that its key stays unique.
  struct VariableRead {
    TensorKey key;
    Value read;
    std::shared_ptr<VariableState> var;
  };
  std::vector<VariableRead> reads;
  /// The variables the tape watches, in the order it first saw them.
  std::vector<Value> variables;
  std::set<const VariableState *> watchedVariables;

  std::string typeName() const override { return "GradientTape"; }
  std::string typeModule() const override {
    return "tensorflow.python.eager.backprop";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &name,
               Value &out) override;

  void watchVariable(const Value &v) {
    VariableObject *var = asVariable(v);
    if (watchedVariables.insert(var->state.get()).second)
      variables.push_back(v);
  }
  /// Whether a read of `var` is recorded: a float variable the tape
  /// watches, or any trainable one when it watches what it accesses.
  bool watchesReadsOf(const VariableState &var) const {
    return isFloating(var.type.dtype) &&
           (watchedVariables.count(&var) ||
            (watchAccessedVariables && var.trainable));
  }
  /// A variable whose read it records becomes one it watches.
  void watchRead(const std::shared_ptr<VariableState> &var) {
    if (!watchedVariables.count(var.get()))
      watchVariable(variableObject(rt, var));
  }
  Value gradient(const Value &target, const Value &sources,
                 const Value &outputGradients, bool zeroUnconnected);
  /// tape.jacobian, or tape.batch_jacobian when `batch`. `noPfor`:
  /// experimental_use_pfor=False (kiln computes the same values either
  /// way, but TensorFlow's eager loop needs a persistent tape).
  Value jacobian(const Value &target, const Value &sources,
                 bool zeroUnconnected, bool batch, bool noPfor);
  /// The backward pass from `target` seeded with `outputGradients`.
  Value backprop(const Value &target, const Value &sources,
                 const Value &outputGradients, bool zeroUnconnected);

private:
  /// A non-persistent tape computes once: the RuntimeError after that.
  void claim();
  /// Drops what a non-persistent tape recorded, once it has computed.
  void release();
};

const TensorType &typeOf(TfRuntime &rt, const Value &t) {
  return rt.tensor(t).type;
}

void needStaticShapes(TfRuntime &rt, const std::string &op) {
  rt.raise("UnimplementedError",
           "kiln's GradientTape needs the static shapes of " + op +
               "'s inputs to differentiate it");
}

Value reshapeLike(TfRuntime &rt, const Value &t, const Value &like) {
  const TensorType &type = typeOf(rt, like);
  return reshape(rt, t,
                 type.isStatic() ? pyIntList(rt.in, type.shape)
                                 : shapeOf(rt, like));
}

/// The axes of `grad` along which `input` (aligned with its last
/// dimensions: `lead` axes of `grad` come first) has a size known at run
/// time only: each is summed (kept, as size 1) when the input's size there
/// turns out to be 1 and the gradient's is not, which is when it was
/// broadcast; BroadcastGradientArgs decides the same at run time.
static Value sumBroadcastAtRunTime(TfRuntime &rt, Value grad,
                                   const Value &input, size_t lead) {
  Interpreter &in = rt.in;
  if (!rt.tracing)
    return grad;
  const std::vector<int64_t> shape = typeOf(rt, input).shape;
  const std::vector<int64_t> g = typeOf(rt, grad).shape;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t axis = static_cast<int64_t>(d + lead);
    if (shape[d] >= 0 || g[axis] == 1)
      continue;
    Value one = rt.toTensor(Value::integer(1), DType::Int32);
    Value inputSize = in.getItem(shapeOf(rt, input), Value::integer(d));
    Value gradSize = in.getItem(shapeOf(rt, grad), Value::integer(axis));
    Value broadcast =
        binaryOp(rt, "LogicalAnd", binaryOp(rt, "Equal", inputSize, one),
                 binaryOp(rt, "NotEqual", gradSize, one));
    Value current = grad;
    Value sum =
        in.builtin("sum", [&rt, current, axis](Interpreter &in, CallArgs &) {
          return reduce(rt, "Sum", current, pyIntList(in, {axis}), true);
        });
    Value keep = in.builtin(
        "keep", [current](Interpreter &, CallArgs &) { return current; });
    grad = callTf(in, {"cond"}, {broadcast, sum, keep});
  }
  return grad;
}

Value reduceToShape(TfRuntime &rt, const Value &grad, const Value &input,
                    bool broadcastAtRunTime) {
  // Which axes broadcast is unknown when one side's rank is, except for a
  // scalar input, which broadcast along all of them.
  const TensorType &inputType = typeOf(rt, input);
  if (typeOf(rt, grad).unknownRank && !inputType.unknownRank &&
      inputType.shape.empty())
    return reduce(rt, "Sum", grad, Value(), false);
  if (typeOf(rt, grad).unknownRank != inputType.unknownRank)
    needStaticShapes(rt, "a broadcasting op");
  const auto g = typeOf(rt, grad).shape;
  const std::vector<int64_t> shape = typeOf(rt, input).shape;
  bool dynamic = false;
  for (int64_t d : shape)
    dynamic |= d < 0;
  // A size known at run time only is taken to match the gradient's
  // (unless broadcastAtRunTime); the result is reshaped to the input's
  // run-time shape, which fails (rather than giving a wrong gradient) if a
  // run-time 1 was broadcast.
  auto toInputShape = [&](const Value &v) {
    if (!dynamic)
      return reshape(rt, v, pyIntList(rt.in, shape));
    return reshape(rt, v, shapeOf(rt, input));
  };
  if (g == shape)
    return dynamic && rt.tracing
               ? toInputShape(broadcastAtRunTime
                                  ? sumBroadcastAtRunTime(rt, grad, input, 0)
                                  : grad)
               : grad;
  // The axes the input was broadcast along: those it lacks and its static
  // 1s. A size known at run time only (facing a known size too, as a
  // stacked TensorArray's length faces a target's) is taken to match, as
  // above.
  std::vector<int64_t> axes;
  size_t lead = g.size() - shape.size();
  for (size_t i = 0; i < g.size(); ++i) {
    int64_t s = i < lead ? 0 : shape[i - lead];
    if (i < lead || (s == 1 && g[i] != 1))
      axes.push_back(static_cast<int64_t>(i));
  }
  Value summed = reduce(rt, "Sum", grad, pyIntList(rt.in, axes), true);
  if (broadcastAtRunTime)
    summed = sumBroadcastAtRunTime(rt, summed, input, lead);
  return toInputShape(summed);
}

/// One `op` node (SqrtGrad, SigmoidGrad) of y and dy: its kernel's form
/// depends on where an element falls (codegen's emitPacketGrad).
static Value packetGrad(TfRuntime &rt, const char *op, const Value &y,
                        const Value &dy) {
  const TensorType &type = typeOf(rt, y);
  return rt.apply(op, {y, dy}, {{"T", type.dtype}}, type, op);
}

ValueList reduceBoth(TfRuntime &rt, const TapeEntry &e, const Value &gx,
                     const Value &gy) {
  return {gx.isNone() ? gx : reduceToShape(rt, gx, e.inputs[0]),
          gy.isNone() ? gy : reduceToShape(rt, gy, e.inputs[1])};
}

Value zeroWhereNoGradient(TfRuntime &rt, const Value &dy, const Value &grad) {
  Value zero = scalarLike(rt, grad, 0);
  return select(rt, binaryOp(rt, "Equal", dy, scalarLike(rt, dy, 0)), zero,
                grad);
}

Value scalarLike(TfRuntime &rt, const Value &t, double v) {
  return filled(rt, {typeOf(rt, t).dtype, {}}, v);
}

Value mul(TfRuntime &rt, const Value &a, const Value &b) {
  return binaryOp(rt, "Mul", a, b);
}

std::string genOpName(const TapeEntry &e, const std::string &op) {
  return e.nested ? "" : op;
}

namespace {

/// A variable's key on a tape: its reads' gradients gather there.
TensorKey variableKey(const VariableState &var) {
  return {&var, std::numeric_limits<int64_t>::min()};
}

TensorKey keyOf(TfRuntime &rt, const Value &t) {
  auto &o = rt.tensor(t);
  if (o.symbolic())
    return {o.trace, (static_cast<int64_t>(o.out.node) << 16) | o.out.index};
  return {&o, -1};
}

/// TensorFlow's ValueError for a source or watched value that is neither.
[[noreturn]] void notTensorOrVariable(Interpreter &in, const Value &v) {
  in.valueError("Passed in object " + in.toStr(py::formatValue(in, v, "")) +
                " of type '" + in.typeName(v) +
                "', not tf.Tensor or tf.Variable or ExtensionType.");
}

bool differentiable(TfRuntime &rt, const Value &t) {
  DType d = rt.tensor(t).type.dtype;
  return isFloating(d);
}

/// A reduction's output shape with the reduced dims kept as 1s.
Value keptDims(TfRuntime &rt, const TapeEntry &e) {
  const TensorType &in = typeOf(rt, e.inputs[0]);
  if (!in.isStatic())
    needStaticShapes(rt, e.op);
  std::vector<int64_t> kept = in.shape;
  for (int64_t a : std::get<std::vector<int64_t>>(e.attrs.at("axes")))
    kept[a] = 1;
  return pyIntList(rt.in, kept);
}

/// `v` (a reduction's result, or its gradient) with the reduced dims given
/// back as 1s: reshaped to the kept dims, or, with sizes known at run time
/// only, the reduced axes put back one by one unless it kept them.
Value withKeptDims(TfRuntime &rt, const TapeEntry &e, const Value &v) {
  const TensorType &in = typeOf(rt, e.inputs[0]);
  if (in.isStatic())
    return reshape(rt, v, keptDims(rt, e));
  Value out = v;
  if (typeOf(rt, out).shape.size() != in.shape.size())
    for (int64_t a : std::get<std::vector<int64_t>>(e.attrs.at("axes")))
      out = expandDims(rt, out, a);
  return out;
}

/// The Sum gradient: `grad` reshaped to the kept dims, tiled to the
/// input's shape (TensorFlow's _SumGrad).
Value sumGrad(TfRuntime &rt, const TapeEntry &e, const Value &grad) {
  const TensorType &in = typeOf(rt, e.inputs[0]);
  Value g = withKeptDims(rt, e, grad);
  if (!in.isStatic()) {
    // Sizes known at run time only: a product with ones (exact)
    // broadcasts to the input's shape.
    return mul(rt, g,
               rt.apply("OnesLike", {e.inputs[0]}, {{"T", in.dtype}}, in,
                        "ones_like"));
  }
  // TensorFlow tiles; broadcasting copies the same values and has a
  // gradient of its own.
  Interpreter &in2 = rt.in;
  Value broadcast = in2.getAttr(in2.importModule("tensorflow"), "broadcast_to");
  return in2.call(broadcast, ValueList{g, pyIntList(in2, in.shape)});
}

/// _EuclideanNormGrad: x / (y / dy), with y and dy given back the reduced
/// dims (as 1s) unless the op kept them.
ValueList euclideanNormGrad(TfRuntime &rt, const TapeEntry &e,
                            const ValueList &g) {
  const TensorType &in = typeOf(rt, e.inputs[0]);
  if (in.unknownRank)
    needStaticShapes(rt, e.op);
  Value y = e.outputs[0], dy = g[0];
  if (!std::get<bool>(e.attrs.at("keep_dims"))) {
    y = withKeptDims(rt, e, y);
    dy = withKeptDims(rt, e, dy);
  }
  return {binaryOp(rt, "RealDiv", e.inputs[0], binaryOp(rt, "RealDiv", y, dy))};
}

/// Reshape, ExpandDims and Squeeze: the gradient takes the input's shape.
ValueList reshapeGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const TensorType &in = typeOf(rt, e.inputs[0]);
  if (in.unknownRank)
    needStaticShapes(rt, e.op);
  ValueList out{reshapeLike(rt, g[0], e.inputs[0])};
  out.resize(e.inputs.size());
  return out;
}

/// Maximum and Minimum: the gradient goes to x where `picksX` (x >= y for
/// Maximum), else to y.
GradFn maximumMinimumGrad(const char *picksX) {
  return [picksX](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
    Value zeros = filledLike(rt, g[0], 0);
    Value mask = binaryOp(rt, picksX, e.inputs[0], e.inputs[1]);
    return reduceBoth(rt, e, select(rt, mask, g[0], zeros),
                      select(rt, mask, zeros, g[0]));
  };
}

/// Max and Min (TensorFlow's _MinOrMaxGrad): the gradient is shared
/// equally by the elements equal to the result.
ValueList minOrMaxGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const Value &x = e.inputs[0];
  const TensorType &in = typeOf(rt, x);
  auto axes = std::get<std::vector<int64_t>>(e.attrs.at("axes"));
  Value y = e.outputs[0], grad = g[0], keptShape;
  if (in.isStatic()) {
    keptShape = keptDims(rt, e);
    y = reshape(rt, y, keptShape);
    grad = reshape(rt, grad, keptShape);
  } else {
    // Sizes known at run time only: the reduced axes put back as 1s.
    if (in.unknownRank)
      needStaticShapes(rt, e.op);
    if (typeOf(rt, y).shape.size() != in.shape.size()) {
      std::sort(axes.begin(), axes.end());
      for (int64_t a : axes) {
        y = expandDims(rt, y, a);
        grad = expandDims(rt, grad, a);
      }
    }
    keptShape = shapeOf(rt, y);
  }
  Value indicators = cast(rt, binaryOp(rt, "Equal", y, x), in.dtype);
  Value selected =
      reshape(rt, reduce(rt, "Sum", indicators, pyIntList(rt.in, axes), false),
              keptShape);
  return {mul(rt, binaryOp(rt, "RealDiv", indicators, selected), grad)};
}

/// MatMul's gradients (transposes stand for adjoints: kiln has no
/// complex types).
ValueList matmulGradient(TfRuntime &rt, const TapeEntry &e,
                         const ValueList &g) {
  bool ta = std::get<bool>(e.attrs.at("transpose_a"));
  bool tb = std::get<bool>(e.attrs.at("transpose_b"));
  const Value &a = e.inputs[0], &b = e.inputs[1], &grad = g[0];
  if (!ta && !tb)
    return ValueList{matmul(rt, grad, b, false, true),
                     matmul(rt, a, grad, true, false)};
  if (!ta && tb)
    return ValueList{matmul(rt, grad, b, false, false),
                     matmul(rt, grad, a, true, false)};
  if (ta && !tb)
    return ValueList{matmul(rt, b, grad, false, true),
                     matmul(rt, a, grad, false, false)};
  return ValueList{matmul(rt, b, grad, true, true),
                   matmul(rt, grad, a, true, true)};
}

const std::map<std::string, GradFn> &gradientFunctions() {
  static const std::map<std::string, GradFn>
      table =
          {
              {"Identity", [](TfRuntime &, const TapeEntry &,
                              const ValueList &g) { return ValueList{g[0]}; }},
              {"EnsureShape",
               [](TfRuntime &, const TapeEntry &, const ValueList &g) {
                 return ValueList{g[0]};
               }},
              // _SquaredDifferenceGrad: (2 * dy) * (x - y), and its negation,
              // each reduced to its input's shape.
              {"SquaredDifference",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 Value two = rt.toTensor(Value::floating(2.0),
                                         rt.tensor(g[0]).type.dtype);
                 Value gx =
                     binaryOp(rt, "Mul", binaryOp(rt, "Mul", two, g[0]),
                              binaryOp(rt, "Sub", e.inputs[0], e.inputs[1]));
                 return reduceBoth(rt, e, gx, unaryOp(rt, "Neg", gx));
               }},
              // FloorDiv has no gradient (ops.NotDifferentiable).
              {"FloorDiv",
               [](TfRuntime &, const TapeEntry &, const ValueList &) {
                 return ValueList{Value(), Value()};
               }},
              // Nor has tf.numpy_function's PyFunc.
              {"PyFunc",
               [](TfRuntime &, const TapeEntry &e, const ValueList &) {
                 return ValueList(e.inputs.size(), Value());
               }},
              // _AddNGrad: the gradient as it is, to every input.
              {"AddN",
               [](TfRuntime &, const TapeEntry &e, const ValueList &g) {
                 return ValueList(e.inputs.size(), g[0]);
               }},
              {"AddV2",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return reduceBoth(rt, e, g[0], g[0]);
               }},
              {"Sub",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return reduceBoth(rt, e, g[0], unaryOp(rt, "Neg", g[0]));
               }},
              // _MulGrad calls gen_math_ops.mul: its nodes are "Mul" and
              // "Mul_1", x's first.
              {"Mul",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 const Value &x = e.inputs[0], &y = e.inputs[1];
                 std::string name = genOpName(e, "Mul");
                 Value gx = binaryOp(rt, "Mul", g[0], y, name);
                 // Shapes known and equal: grad * x, else x * grad.
                 const TensorType &tx = typeOf(rt, x), &tg = typeOf(rt, g[0]);
                 bool same =
                     !e.nested && tx.isStatic() && tx == typeOf(rt, y) &&
                     tx == tg &&
                     (tx.dtype == DType::Float32 || tx.dtype == DType::Int32);
                 Value gy = same ? binaryOp(rt, "Mul", g[0], x, name)
                                 : binaryOp(rt, "Mul", x, g[0], name);
                 return reduceBoth(rt, e, gx, gy);
               }},
              // _RealDivGrad calls math_ops.realdiv ("RealDiv" nodes).
              {"RealDiv",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 const Value &x = e.inputs[0], &y = e.inputs[1];
                 std::string name = genOpName(e, "RealDiv");
                 Value gx = binaryOp(rt, "RealDiv", g[0], y, name);
                 Value negX = unaryOp(rt, "Neg", x);
                 Value quotient =
                     binaryOp(rt, "RealDiv",
                              binaryOp(rt, "RealDiv", negX, y, name), y, name);
                 return reduceBoth(rt, e, gx, mul(rt, g[0], quotient));
               }},
              {"Pow",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 const Value &x = e.inputs[0], &y = e.inputs[1];
                 Value gx = mul(
                     rt, mul(rt, g[0], y),
                     binaryOp(rt, "Pow", x,
                              binaryOp(rt, "Sub", y, scalarLike(rt, y, 1))));
                 // log(x) where x > 0, else 0: no false singularity at x = 0.
                 Value mask = binaryOp(rt, "Greater", x, scalarLike(rt, x, 0));
                 Value ones = filledLike(rt, x, 1),
                       zeros = filledLike(rt, x, 0);
                 Value logX = select(
                     rt, mask, unaryOp(rt, "Log", select(rt, mask, x, ones)),
                     zeros);
                 Value gy = mul(rt, mul(rt, g[0], e.outputs[0]), logX);
                 return reduceBoth(rt, e, gx, gy);
               }},
              {"Maximum", maximumMinimumGrad("GreaterEqual")},
              {"Minimum", maximumMinimumGrad("LessEqual")},
              {"Neg",
               [](TfRuntime &rt, const TapeEntry &, const ValueList &g) {
                 return ValueList{unaryOp(rt, "Neg", g[0])};
               }},
              {"Abs",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{
                     mul(rt, g[0], unaryOp(rt, "Sign", e.inputs[0]))};
               }},
              // _SquareGrad: math_ops.multiply, so "Mul" and "Mul_1".
              {"Square",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 const Value &x = e.inputs[0];
                 std::string name = genOpName(e, "Mul");
                 Value twice =
                     binaryOp(rt, "Mul", x, scalarLike(rt, x, 2), name);
                 return ValueList{binaryOp(rt, "Mul", g[0], twice, name)};
               }},
              {"Sqrt",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // SqrtGrad is 0 where dy is 0.
                 return ValueList{
                     packetGrad(rt, "SqrtGrad", e.outputs[0], g[0])};
               }},
              {"SqrtGrad",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // _SqrtGradGrad: with ga = grad / y, -ga * out for y, 0.5 * ga
                 // for dy.
                 const Value &y = e.inputs[0];
                 Value ga = binaryOp(rt, "RealDiv", g[0], y);
                 return ValueList{mul(rt, unaryOp(rt, "Neg", ga), e.outputs[0]),
                                  mul(rt, scalarLike(rt, y, 0.5), ga)};
               }},
              {"StopGradient",
               [](TfRuntime &, const TapeEntry &, const ValueList &) {
                 return ValueList{Value()}; // no gradient flows back
               }},
              {"Reciprocal",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // ReciprocalGrad: -(y * y) * dy, 0 where dy is.
                 const Value &y = e.outputs[0];
                 return ValueList{zeroWhereNoGradient(
                     rt, g[0],
                     unaryOp(rt, "Neg", mul(rt, mul(rt, y, y), g[0])))};
               }},
              {"Exp",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{mul(rt, g[0], e.outputs[0])};
               }},
              {"Log",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{
                     mul(rt, g[0], unaryOp(rt, "Reciprocal", e.inputs[0]))};
               }},
              {"Tanh",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // TanhGrad: dy * (1 - y * y).
                 const Value &y = e.outputs[0];
                 return ValueList{mul(
                     rt, g[0],
                     binaryOp(rt, "Sub", scalarLike(rt, y, 1), mul(rt, y, y)))};
               }},
              {"Sigmoid",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{
                     packetGrad(rt, "SigmoidGrad", e.outputs[0], g[0])};
               }},
              {"SigmoidGrad",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // _SigmoidGradGrad: with gb = grad * dy, gb - 2 * gb * y for
                 // y, SigmoidGrad(y, grad) for dy.
                 const Value &y = e.inputs[0], &dy = e.inputs[1];
                 Value gb = mul(rt, g[0], dy);
                 return ValueList{
                     binaryOp(rt, "Sub", gb,
                              mul(rt, mul(rt, scalarLike(rt, y, 2), gb), y)),
                     packetGrad(rt, "SigmoidGrad", y, g[0])};
               }},
              {"Relu",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{reluGrad(rt, g[0], e.outputs[0])};
               }},
              {"Sum",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 return ValueList{sumGrad(rt, e, g[0])};
               }},
              {"EuclideanNorm", euclideanNormGrad},
              {"Mean",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 Value sum = sumGrad(rt, e, g[0]);
                 const TensorType &inType = typeOf(rt, e.inputs[0]);
                 if (!inType.isStatic()) {
                   // _MeanGrad's factor from the sizes at run time.
                   auto size = [&](const Value &t) {
                     return rt.apply("Size", {t},
                                     {{"T", typeOf(rt, t).dtype},
                                      {"out_type", DType::Int32}},
                                     TensorType{DType::Int32, {}}, "Size");
                   };
                   Value factor =
                       binaryOp(rt, "FloorDiv", size(e.inputs[0]),
                                binaryOp(rt, "Maximum", size(e.outputs[0]),
                                         filled(rt, {DType::Int32, {}}, 1)));
                   return ValueList{binaryOp(rt, "RealDiv", sum,
                                             cast(rt, factor, inType.dtype))};
                 }
                 int64_t in = inType.numElements();
                 int64_t out = typeOf(rt, e.outputs[0]).numElements();
                 int64_t factor = in / std::max<int64_t>(out, 1);
                 return ValueList{binaryOp(
                     rt, "RealDiv", sum,
                     scalarLike(rt, sum, static_cast<double>(factor)))};
               }},
              {"Softmax",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // (dy - sum(dy * y, axis)) * y.
                 const Value &y = e.outputs[0];
                 Value axis =
                     Value::integer(std::get<int64_t>(e.attrs.at("axis")));
                 Value sum = reduce(rt, "Sum", mul(rt, g[0], y), axis, true);
                 return ValueList{mul(rt, binaryOp(rt, "Sub", g[0], sum), y)};
               }},
              {"LogSoftmax",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // _LogSoftmaxGrad: dy - sum(dy, -1) * exp(y).
                 Value softmax = unaryOp(rt, "Exp", e.outputs[0]);
                 Value sum = reduce(rt, "Sum", g[0], Value::integer(-1), true);
                 return ValueList{
                     binaryOp(rt, "Sub", g[0], mul(rt, sum, softmax))};
               }},
              {"Max", minOrMaxGrad},
              {"Min", minOrMaxGrad},
              {"Reshape", reshapeGrad},
              {"ExpandDims", reshapeGrad},
              {"Squeeze", reshapeGrad},
              {"BroadcastTo",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // The target shape is a tensor, so the run-time sizes
                 // decide what was broadcast.
                 return ValueList{reduceToShape(rt, g[0], e.inputs[0],
                                                /*broadcastAtRunTime=*/true)};
               }},
              {"SelectV2",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 Value zeros = filledLike(rt, g[0], 0);
                 const Value &c = e.inputs[0];
                 return ValueList{
                     Value(),
                     reduceToShape(rt, select(rt, c, g[0], zeros), e.inputs[1]),
                     reduceToShape(rt, select(rt, c, zeros, g[0]),
                                   e.inputs[2])};
               }},
              {"Transpose",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 // A full reversal (of a tensor of unknown rank) is its own
                 // inverse.
                 auto all = e.attrs.find("reverse_all");
                 if (all != e.attrs.end() && std::get<bool>(all->second))
                   return ValueList{transpose(rt, g[0], Value())};
                 if (e.attrs.count("swap_last")) // its own inverse too
                   return ValueList{
                       callTf(rt.in, {"linalg", "matrix_transpose"}, {g[0]})};
                 // Otherwise TensorFlow's InvertPermutation of the perm as
                 // given, which refuses negative entries (kiln's node
                 // counts them from the end in "perm"); an unknown-rank
                 // input's perm is checked when the function is
                 // specialized, but must be in range here too.
                 auto given = e.attrs.find("given_perm");
                 auto perm = std::get<std::vector<int64_t>>(
                     given != e.attrs.end() ? given->second
                                            : e.attrs.at("perm"));
                 int64_t n = static_cast<int64_t>(perm.size());
                 std::vector<int64_t> inverse(perm.size());
                 for (int64_t i = 0; i < n; ++i) {
                   if (perm[i] < 0 || perm[i] >= n)
                     knownKernelError(rt, "InvertPermutation",
                                      std::to_string(perm[i]) +
                                          " is not between 0 and " +
                                          std::to_string(n));
                   inverse[perm[i]] = i;
                 }
                 return ValueList{
                     transpose(rt, g[0], pyIntList(rt.in, inverse))};
               }},
              {"Cast",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 DType src = typeOf(rt, e.inputs[0]).dtype;
                 if (!isFloating(src) || !isFloating(typeOf(rt, g[0]).dtype))
                   return ValueList{Value()};
                 return ValueList{cast(rt, g[0], src)};
               }},
              {"MatMul", matmulGradient},
              // The batch dimensions were broadcast before (explicitly, or at
              // run time where one is 1): the gradients are summed back to
              // them.
              {"BatchMatMulV2",
               [](TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
                 ValueList grads = matmulGradient(rt, e, g);
                 for (size_t i = 0; i < 2; ++i)
                   grads[i] = reduceToShape(rt, grads[i], e.inputs[i]);
                 return grads;
               }},
          };
  return table;
}

const std::map<std::string, GradFn> &allGradientFunctions() {
  static const std::map<std::string, GradFn> table = [] {
    std::map<std::string, GradFn> all = gradientFunctions();
    addMathGradients(all);
    addArrayGradients(all);
    addSegmentGradients(all);
    addLinalgGradients(all);
    addEinsumGradient(all);
    addNnGradients(all);
    addPyFunctionGradient(all);
    return all;
  }();
  return table;
}

/// Sums the gradients reaching one tensor, as TensorFlow's AddN does.
Value aggregate(TfRuntime &rt, const ValueList &grads) {
  // IndexedSlices only: their rows concatenated, as TensorFlow aggregates
  // them; next to dense gradients they are added up densely.
  bool allSlices = true;
  for (auto &g : grads)
    allSlices &= asIndexedSlices(g) != nullptr;
  if (allSlices && grads.size() > 1) {
    auto joined = std::make_shared<IndexedSlicesObject>();
    ValueList indices, values;
    for (auto &g : grads) {
      indices.push_back(asIndexedSlices(g)->indices);
      values.push_back(asIndexedSlices(g)->values);
    }
    joined->indices = concat(rt, indices, 0, "ConcatV2");
    joined->values = concat(rt, values, 0, "ConcatV2");
    joined->denseShape = asIndexedSlices(grads[0])->denseShape;
    return Value::object(Type::Native, joined);
  }
  if (grads.size() == 1)
    return grads[0];
  ValueList dense;
  for (auto &g : grads)
    dense.push_back(asIndexedSlices(g) ? densify(rt, *asIndexedSlices(g)) : g);
  // In a function grappler's arithmetic optimizer puts an AddN's inputs
  // in name order (it canonicalizes commutative ops), in each of its two
  // iterations: the sum adds in the order of the names after the first.
  if (rt.tracing)
    std::stable_sort(dense.begin(), dense.end(),
                     [&](const Value &a, const Value &b) {
                       auto name = [&](const Value &v) {
                         if (!rt.isTensor(v) || !rt.tensor(v).symbolic())
                           return std::string();
                         const TensorObject &t = rt.tensor(v);
                         return graph::addNSortName(t.trace->graph, t.out);
                       };
                       return name(a) < name(b);
                     });
  return addN(rt, dense, "");
}

/// The ops whose gradient is one TensorFlow kernel (SigmoidGrad, ...)
/// that kiln builds from several nodes: nodes from `first` on are marked
/// as parts of that kernel, so that codegen's emulation of grappler does
/// not regroup their arithmetic (TensorFlow's graph has one node there).
void markKernel(graph::Graph &g, size_t first, const std::string &op) {
  static const std::set<std::string> kernels = {
      "Elu",   "LeakyRelu", "MirrorPad", "Reciprocal", "Relu", "Relu6",
      "Rsqrt", "Selu",      "Softplus",  "Softsign",   "Tanh"};
  if (kernels.count(op))
    graph::markKernelParts(g, first, op + "Grad");
}

/// A tape does not record the gradient ops it makes itself; an outer tape
/// does (that is how second derivatives work).
struct PauseRecording {
  explicit PauseRecording(GradientTapeObject &tape)
      : tape(tape), saved(tape.recording) {
    tape.recording = false;
  }
  ~PauseRecording() { tape.recording = saved; }
  GradientTapeObject &tape;
  bool saved;
};

/// Every tape paused while it lives.
struct PauseAll {
  explicit PauseAll(TfRuntime &rt) {
    for (auto &tape : rt.tapes)
      paused.push_back(std::make_unique<PauseRecording>(*tape));
  }
  std::vector<std::unique_ptr<PauseRecording>> paused;
};

/// The variables `tape` saw read, each once, in the order of first read.
std::vector<std::shared_ptr<VariableState>>
readVariables(const GradientTapeObject &tape) {
  std::vector<std::shared_ptr<VariableState>> variables;
  for (auto &read : tape.reads)
    if (std::find(variables.begin(), variables.end(), read.var) ==
        variables.end())
      variables.push_back(read.var);
  return variables;
}

/// A gradient function for a recorded op, given the indices (into the
/// `variables` of recordOnTapes) of the variables its tape watches.
using BackwardFor = std::function<std::function<ValueList(const ValueList &)>(
    const std::vector<size_t> &watchedVariables)>;

/// Records op `op` (`inputs` to `outputs`, reading `variables`) on every
/// recording tape that watches one of the inputs or would watch one of the
/// variables' reads; such a tape then watches those reads, the entry
/// lists them after the inputs, and the outputs become watched.
void recordOnTapes(TfRuntime &rt, const std::string &op,
                   const ValueList &inputs, const ValueList &outputs,
                   const std::vector<std::shared_ptr<VariableState>> &variables,
                   const BackwardFor &backwardFor) {
  for (auto &tape : rt.tapes) {
    if (!tape->recording)
      continue;
    TapeEntry entry(op, inputs, outputs);
    bool watches = false;
    for (auto &v : inputs)
      watches |= differentiable(rt, v) && tape->watched.count(keyOf(rt, v));
    std::vector<size_t> picked;
    for (size_t k = 0; k < variables.size(); ++k) {
      if (!tape->watchesReadsOf(*variables[k]))
        continue;
      tape->watchRead(variables[k]);
      entry.variables.push_back(variables[k]);
      picked.push_back(k);
      watches = true;
    }
    if (!watches)
      continue;
    entry.backward = backwardFor(picked);
    tape->entries.push_back(std::move(entry));
    for (auto &v : outputs)
      if (differentiable(rt, v))
        tape->watched.insert(keyOf(rt, v));
  }
}

/// Runs `body` with `tape` recording too, on top of the tapes that are.
Value recordAlso(TfRuntime &rt, const std::shared_ptr<GradientTapeObject> &tape,
                 const std::function<Value()> &body) {
  tape->recording = true;
  rt.tapes.push_back(tape);
  struct PopTape {
    TfRuntime &rt;
    GradientTapeObject &tape;
    ~PopTape() {
      rt.tapes.pop_back();
      tape.recording = false;
    }
  } pop{rt, *tape};
  return body();
}

/// Runs `body` with `tape` the only one recording (the others paused).
Value recordAlone(TfRuntime &rt,
                  const std::shared_ptr<GradientTapeObject> &tape,
                  const std::function<Value()> &body) {
  PauseAll paused(rt);
  return recordAlso(rt, tape, body);
}

} // namespace

/// The name scope an op that made `outputs` was made in (TapeEntry::scope).
static std::string forwardScope(TfRuntime &rt, const ValueList &outputs) {
  if (!rt.tracing)
    return "";
  if (rt.inOperator && !outputs.empty() && rt.isTensor(outputs[0]) &&
      rt.tensor(outputs[0]).symbolic())
    return rt.tensor(outputs[0]).nodeName();
  std::string scope = rt.tracing->graph.scope;
  if (!scope.empty() && scope.back() == '/')
    scope.pop_back();
  return scope;
}

void recordOperation(TfRuntime &rt, const std::string &op,
                     const ValueList &inputs, const ValueList &outputs,
                     const std::map<std::string, Attr> &attrs) {
  // TensorFlow's tapes do not record StopGradient (it is not
  // differentiable): its input loses a use, which changes when the ops
  // feeding it become ready and so the order gradients add in.
  if (op == "StopGradient")
    return;
  for (auto &tape : rt.tapes) {
    if (!tape->recording)
      continue;
    bool watched = false;
    for (auto &v : inputs)
      watched |= differentiable(rt, v) && tape->watched.count(keyOf(rt, v));
    if (!watched)
      continue;
    tape->entries.emplace_back(op, inputs, outputs, attrs);
    tape->entries.back().scope = forwardScope(rt, outputs);
    for (auto &v : outputs)
      if (differentiable(rt, v))
        tape->watched.insert(keyOf(rt, v));
  }
}

void recordCustomGradient(
    TfRuntime &rt, const std::string &op, const ValueList &inputs,
    const ValueList &outputs,
    std::function<ValueList(const ValueList &grads)> backward) {
  recordOperation(rt, op, inputs, outputs, {});
  if (outputs.empty())
    return;
  // The tapes that just recorded it (those that watch an input).
  for (auto &tape : rt.tapes)
    if (!tape->entries.empty() && tape->entries.back().op == op &&
        tape->entries.back().outputs.size() == outputs.size() &&
        tape->entries.back().outputs[0].raw() == outputs[0].raw())
      tape->entries.back().backward = backward;
}

void recordFunctionCall(TfRuntime &rt, const ValueList &inputs,
                        const ValueList &outputs, size_t numArgs,
                        std::vector<std::shared_ptr<VariableState>> variables,
                        std::vector<HostTensorPtr> before,
                        std::function<ValueList(const ValueList &)> rerun) {
  TfRuntime *r = &rt;
  ValueList args(inputs.begin(), inputs.begin() + numArgs);
  // After the arguments and the variables' reads: captured eager tensors.
  ValueList captured(inputs.begin() + numArgs + variables.size(), inputs.end());
  auto backward = [r, args, captured, outputs, variables, before,
                   rerun](const ValueList &grads) -> ValueList {
    TfRuntime &rt = *r;
    Interpreter &in = rt.in;
    // The body runs op by op (nested tf.functions too), printing nothing:
    // its prints ran when it was traced.
    struct EagerBodies {
      TfRuntime &rt;
      bool saved;
      explicit EagerBodies(TfRuntime &rt)
          : rt(rt), saved(rt.runFunctionsEagerly) {
        rt.runFunctionsEagerly = true;
      }
      ~EagerBodies() { rt.runFunctionsEagerly = saved; }
    };
    auto tape = std::make_shared<GradientTapeObject>(rt);
    tape->watchAccessedVariables = false;
    // A fresh source per argument, even for a tensor passed twice: an
    // Identity, so that a tape recording now (an outer one, which will
    // differentiate this gradient) connects the rerun body to the call's
    // inputs.
    ValueList fresh, results;
    for (auto &a : args)
      fresh.push_back(identity(rt, a));
    ValueList sources = fresh;
    for (auto &a : fresh)
      tape->watched.insert(keyOf(rt, a));
    for (auto &var : variables) {
      auto object = std::make_shared<VariableObject>();
      object->state = var;
      object->rt = &rt;
      Value v = Value::object(Type::Native, object);
      tape->watchVariable(v);
      sources.push_back(v);
    }
    // The rerun body reads its captured tensors themselves.
    for (auto &t : captured) {
      if (differentiable(rt, t))
        tape->watched.insert(keyOf(rt, t));
      sources.push_back(t);
    }
    {
      // The variables as the call found them, and back as it left them
      // (a body that assigns them assigns them again).
      std::vector<HostTensorPtr> after;
      for (size_t k = 0; k < variables.size(); ++k) {
        after.push_back(variables[k]->value);
        variables[k]->value = before[k];
      }
      auto restore = [&] {
        rt.tapes.pop_back();
        for (size_t k = 0; k < variables.size(); ++k)
          variables[k]->value = after[k];
      };
      EagerBodies eager(rt);
      py::DiscardOutput quietOut(in.out()), quietErr(in.err());
      tape->recording = true;
      rt.tapes.push_back(tape);
      try {
        results = rerun(fresh);
      } catch (...) {
        restore();
        throw;
      }
      restore();
      tape->recording = false;
    }
    ValueList seeds;
    for (size_t i = 0; i < outputs.size(); ++i)
      seeds.push_back(grads[i].isNone() ? filledLike(rt, outputs[i], 0)
                                        : grads[i]);
    Value got = tape->gradient(in.list(results), in.list(sources),
                               in.list(seeds), /*zeroUnconnected=*/false);
    return in.toList(got);
  };
  recordCustomGradient(rt, "StatefulPartitionedCall", inputs, outputs,
                       backward);
}

/// The body entries `inner` recorded, copied onto each tape recording now
/// that watches their inputs (once per tape, in `done`): a tape that
/// differentiates a function call's gradient needs the body's ops, which
/// only `inner` recorded. The entries that made the call's `outputs` are
/// left out: the tape has the call itself for those.
void replayBody(TfRuntime &rt, const GradientTapeObject &inner,
                const ValueList &outputs,
                std::set<const GradientTapeObject *> &done) {
  std::set<TensorKey> results;
  for (auto &o : outputs)
    if (rt.isTensor(o))
      results.insert(keyOf(rt, o));
  for (auto &tape : rt.tapes) {
    if (!tape->recording || tape.get() == &inner ||
        !done.insert(tape.get()).second)
      continue;
    for (const TapeEntry &e : inner.entries) {
      bool makesResult = false;
      for (auto &o : e.outputs)
        makesResult |= rt.isTensor(o) && results.count(keyOf(rt, o));
      bool reads = e.variable && tape->watchesReadsOf(*e.variable);
      for (auto &v : e.inputs)
        reads |= rt.isTensor(v) && tape->watched.count(keyOf(rt, v));
      if (makesResult || !reads)
        continue;
      if (e.variable)
        tape->watchRead(e.variable);
      tape->entries.push_back(e); // nested, as recordCall marked it
      for (auto &o : e.outputs)
        if (rt.isTensor(o))
          tape->watched.insert(keyOf(rt, o));
    }
  }
}

Value recordCall(TfRuntime &rt, const ValueList &inputs,
                 const std::function<Value()> &body,
                 const std::function<ValueList(const Value &)> &tensorsOf) {
  auto inner = std::make_shared<GradientTapeObject>(rt);
  inner->persistent = true;
  for (auto &v : inputs)
    if (differentiable(rt, v))
      inner->watched.insert(keyOf(rt, v));
  Value result = recordAlone(rt, inner, body);
  // The call's gradient is a function of its own in TensorFlow, not named
  // under "gradient_tape/": its ops keep kiln's names.
  for (TapeEntry &e : inner->entries)
    e.nested = true;
  ValueList outputs = tensorsOf(result);
  std::vector<std::shared_ptr<VariableState>> variables = readVariables(*inner);
  TfRuntime *r = &rt;
  // The body's variables the tape watches count as read by the call.
  recordOnTapes(rt, "StatefulPartitionedCall", inputs, outputs, variables,
                [&](const std::vector<size_t> &picked) {
                  std::vector<std::shared_ptr<VariableState>> vars;
                  for (size_t k : picked)
                    vars.push_back(variables[k]);
                  auto replayed =
                      std::make_shared<std::set<const GradientTapeObject *>>();
                  return [r, inner, inputs, outputs, vars,
                          replayed](const ValueList &grads) {
                    replayBody(*r, *inner, outputs, *replayed);
                    ValueList targets, seeds;
                    for (size_t i = 0; i < outputs.size(); ++i)
                      if (!grads[i].isNone()) {
                        targets.push_back(outputs[i]);
                        seeds.push_back(grads[i]);
                      }
                    ValueList got = backpropEntries(*r, inner->entries, targets,
                                                    seeds, inputs, vars);
                    // The gradient function's outputs, as TensorFlow's call
                    // returns them: Identities, which grappler does not regroup
                    // with the caller's arithmetic.
                    for (auto &g : got)
                      if (r->tracing && r->isTensor(g))
                        g = identity(*r, g);
                    return got;
                  };
                });
  return result;
}

void recordStagedOp(TfRuntime &rt, int node, const ValueList &outputs) {
  if (rt.tapes.empty() || !rt.tracing)
    return;
  const graph::Graph &g = rt.tracing->graph;
  const std::set<int> within = nodesWithin(g, node);
  auto inside = [&](const Value &t) {
    if (!rt.isTensor(t))
      return false;
    const TensorObject &o = rt.tensor(t);
    return o.symbolic() && o.trace == rt.tracing && within.count(o.out.node);
  };
  const graph::Node &n = g.nodes[node];
  // The loop state's initial values are inputs too (an If has none),
  // after a For's bounds and the graph tensors a ReduceDataset's datasets
  // were built from.
  size_t bounds = graph::leadingInputCount(n);
  size_t numState = n.op == "StatelessIf" ? 0 : outputs.size();
  for (auto &tape : rt.tapes) {
    if (!tape->recording)
      continue;
    TapeEntry entry(n.op, {}, outputs);
    entry.staged = node;
    std::set<TensorKey> seen;
    auto input = [&](const Value &v) {
      if (differentiable(rt, v) && tape->watched.count(keyOf(rt, v)) &&
          seen.insert(keyOf(rt, v)).second)
        entry.inputs.push_back(v);
    };
    auto variable = [&](const std::shared_ptr<VariableState> &var) {
      if (std::find(entry.variables.begin(), entry.variables.end(), var) ==
          entry.variables.end())
        entry.variables.push_back(var);
    };
    for (size_t k = 0; k < numState; ++k)
      input(rt.symbolic(n.inputs[bounds + k]));
    // What the ops recorded inside the regions read from outside them.
    for (auto &e : tape->entries) {
      if (e.outputs.empty() || !inside(e.outputs[0]))
        continue;
      if (e.variable)
        variable(e.variable);
      for (auto &var : e.variables)
        variable(var);
      for (auto &v : e.inputs)
        if (!inside(v))
          input(v);
    }
    // A region may yield a tensor from outside it as it is (`y = z`): the
    // gradient reaching that result goes to it.
    for (int r : n.regions) {
      if (n.op != "StatelessIf" && r != n.regions.back())
        continue; // a loop's condition yields no state
      const std::vector<graph::Output> &results = g.regions[r].results;
      for (size_t k = 0; k < results.size() && k < outputs.size(); ++k)
        if (!within.count(results[k].node))
          input(rt.symbolic(results[k]));
    }
    if (entry.inputs.empty() && entry.variables.empty())
      continue;
    tape->entries.push_back(std::move(entry));
    for (auto &v : outputs)
      if (differentiable(rt, v))
        tape->watched.insert(keyOf(rt, v));
  }
}

void recordEntries(TfRuntime &rt,
                   const std::function<std::vector<TapeEntry>(
                       const std::vector<TapeEntry> &tape)> &make) {
  for (auto &tape : rt.tapes) {
    if (!tape->recording)
      continue;
    for (TapeEntry &e : make(tape->entries)) {
      for (auto &v : e.outputs)
        if (differentiable(rt, v))
          tape->watched.insert(keyOf(rt, v));
      tape->entries.push_back(std::move(e));
    }
  }
}

bool anyTapeRecording(const TfRuntime &rt) {
  for (auto &tape : rt.tapes)
    if (tape->recording)
      return true;
  return false;
}

bool tapeWatches(TfRuntime &rt, const ValueList &tensors,
                 const std::vector<std::shared_ptr<VariableState>> &variables) {
  for (auto &tape : rt.tapes) {
    if (!tape->recording)
      continue;
    for (auto &t : tensors)
      if (differentiable(rt, t) && tape->watched.count(keyOf(rt, t)))
        return true;
    for (auto &var : variables)
      if (tape->watchesReadsOf(*var))
        return true;
  }
  return false;
}

void watchLoopState(TfRuntime &rt, const ValueList &vars) {
  for (auto &tape : rt.tapes)
    if (tape->recording)
      for (auto &v : vars)
        if (differentiable(rt, v))
          tape->watched.insert(keyOf(rt, v));
}

ValueList
backpropEntries(TfRuntime &rt, std::vector<TapeEntry> entries,
                const ValueList &targets, const ValueList &seeds,
                const ValueList &sources,
                const std::vector<std::shared_ptr<VariableState>> &variables) {
  Interpreter &in = rt.in;
  auto tape = std::make_shared<GradientTapeObject>(rt);
  // Everything the entries touch is watched: they were recorded because
  // gradients flow through them.
  for (auto &e : entries)
    for (const ValueList *list : {&e.inputs, &e.outputs})
      for (auto &v : *list)
        if (rt.isTensor(v))
          tape->watched.insert(keyOf(rt, v));
  ValueList all = sources;
  for (auto &v : sources)
    tape->watched.insert(keyOf(rt, v));
  for (auto &var : variables) {
    Value v = variableObject(rt, var);
    tape->watchVariable(v);
    all.push_back(v);
  }
  tape->entries = std::move(entries);
  Value got = tape->backprop(in.list(targets), in.list(all), in.list(seeds),
                             /*zeroUnconnected=*/false);
  return in.toList(got);
}

Value recordComposite(TfRuntime &rt, const std::string &op,
                      const ValueList &inputs,
                      const std::map<std::string, Attr> &attrs,
                      const std::function<Value()> &body) {
  if (rt.tapes.empty())
    return body();
  std::vector<std::unique_ptr<PauseRecording>> paused;
  for (auto &tape : rt.tapes)
    paused.push_back(std::make_unique<PauseRecording>(*tape));
  Value out = body();
  paused.clear();
  recordOperation(rt, op, inputs, {out}, attrs);
  return out;
}

void recordVariableRead(TfRuntime &rt,
                        const std::shared_ptr<VariableState> &var,
                        const Value &value) {
  for (auto &tape : rt.tapes) {
    // A trainable variable of another dtype is watched all the same (its
    // gradients are None), but its reads are not recorded.
    if (tape->recording && tape->watchAccessedVariables && var->trainable &&
        !isFloating(var->type.dtype))
      tape->watchRead(var);
    if (!tape->recording || !tape->watchesReadsOf(*var))
      continue;
    tape->watchRead(var);
    TensorKey key = keyOf(rt, value);
    tape->watched.insert(key);
    tape->reads.push_back({key, value, var});
    tape->entries.emplace_back("ReadVariableOp", ValueList{}, ValueList{value},
                               std::map<std::string, Attr>{}, var);
  }
}

void GradientTapeObject::claim() {
  // TensorFlow's tape exists from __enter__ until a non-persistent tape's
  // first gradient; either way without it this is the error.
  if ((used && !persistent) || !entered)
    rt.in.raise("RuntimeError",
                "A non-persistent GradientTape can only be used "
                "to compute one set of gradients (or jacobians)");
  used = true;
}

void GradientTapeObject::release() {
  if (!persistent) { // release what the tape holds, as TensorFlow does
    entries.clear();
    reads.clear();
  }
}

Value GradientTapeObject::gradient(const Value &target, const Value &sources,
                                   const Value &outputGradients,
                                   bool zeroUnconnected) {
  claim();
  Value result = backprop(target, sources, outputGradients, zeroUnconnected);
  release();
  return result;
}

Value GradientTapeObject::jacobian(const Value &target, const Value &sources,
                                   bool zeroUnconnected, bool batch,
                                   bool noPfor) {
  Interpreter &in = rt.in;
  claim();
  if (noPfor && !persistent && !rt.tracing)
    in.raise("RuntimeError",
             std::string("GradientTape must be created with persistent=True "
                         "to compute the ") +
                 (batch ? "batch_jacobian" : "jacobian") +
                 " with eager execution enabled and with  "
                 "experimental_use_pfor set to False.");
  // jacobian reads the target's shape first (a list has none).
  if (!rt.isTensor(target) && !asVariable(target))
    in.raise("AttributeError",
             "'" + in.typeName(target) + "' object has no attribute 'shape'");
  Value t = rt.toTensor(target);
  const TensorType type = typeOf(rt, t);
  if (batch && !type.unknownRank && type.shape.empty())
    in.raise("IndexError", "list index out of range");
  if (batch && !type.unknownRank && type.shape.size() < 2)
    in.valueError("Shape " + type.shapeString() + " must have rank at least 2");
  // Targets that are not floats have no gradients.
  if (!isFloating(type.dtype))
    return Value();
  if (!type.isStatic())
    needStaticShapes(rt,
                     batch ? "batch_jacobian's target" : "jacobian's target");
  // One gradient per element of the target (per element of a row for
  // batch_jacobian, every row at once), seeded with a one-hot tensor, as
  // TensorFlow's jacobian computes each row of the result.
  int64_t rows = batch ? type.shape[0] : 1;
  int64_t n = type.numElements() / std::max<int64_t>(rows, 1);
  // The sources' leaves, in order; each gradient comes back as a list.
  ValueList leaves;
  mapLeaves(in, sources, "", [&](const Value &v, const std::string &) {
    leaves.push_back(v);
    return v;
  });
  Value leafList = in.list(leaves);
  std::vector<ValueList> perElement;
  for (int64_t i = 0; i < n; ++i) {
    auto seed = graph::HostTensor::zeros(type);
    for (int64_t b = 0; b < rows; ++b) {
      size_t at = static_cast<size_t>(b * n + i) * py::dtypeSize(type.dtype);
      if (type.dtype == DType::Float64) {
        double one = 1;
        std::memcpy(seed->bytes.data() + at, &one, 8);
      } else if (type.dtype == DType::Float32) {
        float one = 1;
        std::memcpy(seed->bytes.data() + at, &one, 4);
      } else {
        rt.raise("UnimplementedError",
                 "kiln's jacobian takes float32 and float64 targets only");
      }
    }
    perElement.push_back(
        in.toList(backprop(t, leafList, rt.constant(seed), zeroUnconnected)));
  }
  size_t k = 0;
  Value result =
      mapLeaves(in, sources, "", [&](const Value &source, const std::string &) {
        size_t leaf = k++;
        ValueList grads;
        bool any = false;
        for (auto &g : perElement) {
          any |= !g[leaf].isNone();
          grads.push_back(g[leaf]);
        }
        const TensorType &st = asVariable(source)
                                   ? asVariable(source)->state->type
                                   : typeOf(rt, source);
        if (!any && !batch)
          return Value();
        if (!any) {
          // batch_jacobian returns zeros for an unconnected source, as
          // TensorFlow keeps its older behavior there.
          TensorType zeros{type.dtype, type.shape};
          if (!st.shape.empty())
            zeros.shape.insert(zeros.shape.end(), st.shape.begin() + 1,
                               st.shape.end());
          return filled(rt, zeros, 0);
        }
        for (auto &g : grads)
          if (g.isNone())
            g = filled(rt, st, 0);
        // [n] + source shape, the target's shape in front (for
        // batch_jacobian: rows, then the row's elements, then the
        // source's shape past its rows).
        Value stacked = concat(rt, grads, batch ? 1 : 0, "Pack");
        std::vector<int64_t> shape = type.shape;
        shape.insert(shape.end(), st.shape.begin() + (batch ? 1 : 0),
                     st.shape.end());
        return reshape(rt, stacked, pyIntList(in, shape));
      });
  release();
  return result;
}

Value GradientTapeObject::backprop(const Value &target, const Value &sources,
                                   const Value &outputGradients,
                                   bool zeroUnconnected) {
  Interpreter &in = rt.in;
  // A persistent tape asked inside its `with` block records the gradient
  // ops too (that is how it differentiates a gradient), with TensorFlow's
  // warning; any other tape does not record them.
  std::optional<PauseRecording> pause;
  if (persistent && recording) {
    if (!rt.warnedPersistentGradient) {
      rt.warnedPersistentGradient = true;
      py::tensorflowLog(
          in, 30,
          "Calling GradientTape.gradient on a "
          "persistent tape inside its context is significantly less "
          "efficient than calling it outside the context (it causes "
          "the gradient ops to be recorded on the tape, leading to "
          "increased CPU and memory usage). Only call "
          "GradientTape.gradient inside the context if you actually "
          "want to trace the gradient in order to compute higher "
          "order derivatives.");
    }
  } else {
    pause.emplace(*this);
  }
  // What the tape recorded so far. A tape that keeps recording appends the
  // gradient ops to its entries while this pass reads them: it reads a
  // copy (those ops are not differentiated by this pass).
  std::vector<TapeEntry> snapshot;
  if (!pause)
    snapshot = this->entries;
  const std::vector<TapeEntry> &entries = pause ? this->entries : snapshot;
  // Targets and their seeds are nested structures (lists, tuples, dicts),
  // flattened as tf.nest does.
  auto flatten = [&](const Value &v) {
    ValueList leaves;
    mapLeaves(in, v, "", [&](const Value &leaf, const std::string &) {
      leaves.push_back(leaf);
      return leaf;
    });
    return leaves;
  };
  if (target.isNone())
    in.typeError("Argument `target` should be a list or nested structure of "
                 "Tensors, Variables or CompositeTensors to be "
                 "differentiated, but received None.");
  // GradientTape.gradient asks whether each source is trainable (its dtype:
  // None has none), then reads each target's dtype.
  for (const Value &s : flatten(sources))
    if (s.isNone())
      in.typeError("Cannot convert the argument `type_value`: None to a "
                   "TensorFlow DType.");
  ValueList targets = flatten(target);
  for (const Value &t : targets)
    if (!rt.isTensor(t) && !asVariable(t) && !asIndexedSlices(t))
      in.raise("AttributeError",
               "'" + in.typeName(t) + "' object has no attribute 'dtype'");
  ValueList seeds;
  if (!outputGradients.isNone())
    seeds = flatten(outputGradients);
  // The gradients reaching each tensor (and each variable), in the order
  // they arrive: TensorFlow adds them up with AddN in that order, so the
  // order decides how the sum rounds.
  std::map<TensorKey, ValueList> pending;
  for (size_t i = 0; i < targets.size(); ++i) {
    // A variable target is its handle, as in TensorFlow: the gradient of a
    // variable with respect to itself is ones.
    if (VariableObject *var = asVariable(targets[i])) {
      pending[variableKey(*var->state)].push_back(
          i < seeds.size() && !seeds[i].isNone()
              ? rt.toTensor(seeds[i])
              : filled(rt, var->state->type, 1));
      continue;
    }
    Value t = rt.toTensor(targets[i]);
    Value seed;
    if (i < seeds.size() && !seeds[i].isNone()) {
      seed = rt.toTensor(seeds[i]);
    } else {
      // The tape's seed: ones of the target's shape, named "ones" as
      // TensorFlow's tape makes them.
      size_t before = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
      seed = filledLike(rt, t, 1);
      nameLastNode(rt, seed, before, "ones");
    }
    pending[keyOf(rt, t)].push_back(seed);
  }
  // The ops run in TensorFlow's order (its eager tape's ComputeGradient
  // and the symbolic gradients' _GradientsHelper agree): breadth first
  // from the targets, an op once every op that used its outputs has run.
  // An op's inputs that gradients flow to, as keys, each with the index
  // of its gradient among the op's (a variable read's is the variable).
  auto inputKeys = [&](const TapeEntry &e) {
    std::vector<std::pair<TensorKey, size_t>> keys;
    if (e.variable)
      keys.push_back({variableKey(*e.variable), 0});
    for (size_t i = 0; i < e.inputs.size(); ++i)
      if (differentiable(rt, e.inputs[i]) &&
          watched.count(keyOf(rt, e.inputs[i])))
        keys.push_back({keyOf(rt, e.inputs[i]), i});
    for (size_t k = 0; k < e.variables.size(); ++k)
      keys.push_back({variableKey(*e.variables[k]), e.inputs.size() + k});
    return keys;
  };
  std::map<TensorKey, size_t> producer;
  for (size_t i = 0; i < entries.size(); ++i)
    for (auto &o : entries[i].outputs)
      if (differentiable(rt, o))
        producer[keyOf(rt, o)] = i;
  // The ops the targets depend on, and how many of those use each tensor.
  std::map<TensorKey, int> uses;
  std::vector<size_t> reached; // in the order found
  std::set<size_t> reachedSet;
  std::vector<TensorKey> stack;
  for (auto &t : targets)
    if (!asVariable(t))
      stack.push_back(keyOf(rt, rt.toTensor(t)));
  while (!stack.empty()) {
    auto p = producer.find(stack.back());
    stack.pop_back();
    if (p == producer.end() || !reachedSet.insert(p->second).second)
      continue;
    reached.push_back(p->second);
    for (auto &[k, index] : inputKeys(entries[p->second]))
      if (uses[k]++ == 0 && producer.count(k))
        stack.push_back(k);
  }
  // An op is ready once none of its outputs awaits a use.
  std::map<size_t, int> awaited;
  for (auto &[key, n] : uses)
    if (auto p = producer.find(key); p != producer.end())
      ++awaited[p->second];
  std::deque<size_t> ready;
  for (size_t i : reached)
    if (!awaited.count(i))
      ready.push_back(i);
  const auto &table = allGradientFunctions();
  std::set<size_t> ran;
  auto runEntry = [&](size_t index) {
    ran.insert(index);
    const TapeEntry &e = entries[index];
    ValueList grads;
    bool any = false;
    for (auto &o : e.outputs) {
      auto found = pending.find(keyOf(rt, o));
      Value g;
      if (found != pending.end() && !found->second.empty()) {
        g = aggregate(rt, found->second);
        found->second = {g};
        any = true;
      }
      grads.push_back(g);
    }
    ValueList inputGrads;
    if (e.variable && any) {
      inputGrads = {grads[0]}; // _ReadGrad: the gradient as it is
    } else if (any && e.staged >= 0) {
      inputGrads = stagedGradient(rt, entries, e, grads);
    } else if (any && e.backward) {
      for (auto &g : grads)
        if (IndexedSlicesObject *s = asIndexedSlices(g))
          g = densify(rt, *s);
      inputGrads = e.backward(grads);
    } else if (any) {
      auto fn = table.find(e.op);
      // Ops TensorFlow registers no gradient for at all (not even
      // NotDifferentiable): its registry lookup fails. These are the ones
      // kiln stages, as ops._gradient_registry answered in TensorFlow 2.20.
      static const std::set<std::string> unregistered = {
          "AdjustContrastv2", "AdjustHue",        "AdjustSaturation",
          "Bitcast",          "DenseBincount",    "HistogramFixedWidth",
          "LowerBound",       "RandomUniformInt", "ResizeNearestNeighborGrad",
          "StringLength",     "TruncateMod",      "Unique",
          "UniqueWithCounts", "UnravelIndex",     "UpperBound"};
      if (fn == table.end() && unregistered.count(e.op))
        rt.raise("LookupError", "gradient registry has no entry for: " + e.op);
      if (fn == table.end())
        rt.raise("UnimplementedError",
                 "kiln's GradientTape has no gradient for op '" + e.op +
                     "' yet");
      // Outputs with no gradient get zeros, as TensorFlow does; the ops'
      // gradient functions take IndexedSlices as dense tensors.
      for (size_t i = 0; i < grads.size(); ++i)
        if (grads[i].isNone())
          grads[i] = filledLike(rt, e.outputs[i], 0);
        else if (IndexedSlicesObject *s = asIndexedSlices(grads[i]))
          grads[i] = densify(rt, *s);
      size_t first = rt.tracing ? rt.tracing->graph.nodes.size() : 0;
      {
        // TensorFlow names the gradient ops "gradient_tape/<the forward
        // op's scope>/...", which sets the order grappler sorts a sum of
        // gradients in.
        std::optional<graph::ExactScope> scope;
        if (rt.tracing && !e.nested)
          scope.emplace(rt.tracing->graph,
                        "gradient_tape/" +
                            (e.scope.empty() ? "" : e.scope + "/"));
        inputGrads = fn->second(rt, e, grads);
      }
      if (rt.tracing)
        markKernel(rt.tracing->graph, first, e.op);
    }
    // Even an op that got no gradient counts as having used its inputs.
    for (auto &[key, index] : inputKeys(e)) {
      if (index < inputGrads.size() && !inputGrads[index].isNone())
        pending[key].push_back(inputGrads[index]);
      if (--uses[key] != 0)
        continue;
      auto p = producer.find(key);
      if (p != producer.end() && --awaited[p->second] == 0)
        ready.push_back(p->second);
    }
  };
  while (!ready.empty()) {
    size_t next = ready.front();
    ready.pop_front();
    runEntry(next);
  }
  // A tape whose ops do not form a simple graph (a tensor recorded as the
  // output of two ops) leaves some never ready: they run last, newest
  // first, so that no gradient is lost.
  std::vector<size_t> left;
  for (size_t i : reached)
    if (!ran.count(i))
      left.push_back(i);
  std::sort(left.rbegin(), left.rend());
  for (size_t i : left)
    if (!ran.count(i))
      runEntry(i);
  auto resultFor = [&](const Value &source) -> Value {
    ValueList grads;
    if (VariableObject *var = asVariable(source)) {
      auto found = pending.find(variableKey(*var->state));
      if (found != pending.end())
        grads = found->second;
    } else if (rt.isTensor(source)) {
      auto found = pending.find(keyOf(rt, source));
      if (found != pending.end())
        grads = found->second;
    } else {
      // GradientTape.gradient reads each source's dtype first.
      in.raise("AttributeError",
               "'" + in.typeName(source) + "' object has no attribute 'dtype'");
    }
    if (grads.empty()) {
      if (!zeroUnconnected)
        return Value();
      const TensorType &t = asVariable(source) ? asVariable(source)->state->type
                                               : typeOf(rt, source);
      return filled(rt, t, 0);
    }
    return aggregate(rt, grads);
  };
  // The result has the sources' structure.
  return mapLeaves(in, sources, "",
                   [&](const Value &source, const std::string &) {
                     return resultFor(source);
                   });
}

bool GradientTapeObject::getAttr(Interpreter &in, const Value &self,
                                 const std::string &name, Value &out) {
  GradientTapeObject *tape = this;
  if (name == "__enter__") {
    out = in.builtin(name, [tape, self](Interpreter &in, CallArgs &) {
      // An active tape stays as it is (its block goes on recording).
      if (tape->recording)
        in.valueError("Tape is still recording, This can happen if you try "
                      "to re-enter an already-active tape.");
      tape->recording = true;
      tape->entered = true;
      tape->rt.tapes.push_back(
          std::static_pointer_cast<GradientTapeObject>(self.ptr()));
      return self;
    });
  } else if (name == "__exit__") {
    out = in.builtin(name, [tape](Interpreter &, CallArgs &) {
      tape->recording = false;
      auto &tapes = tape->rt.tapes;
      tapes.erase(std::remove_if(tapes.begin(), tapes.end(),
                                 [tape](auto &t) { return t.get() == tape; }),
                  tapes.end());
      return Value::boolean(false);
    });
  } else if (name == "watch") {
    out = in.builtin(name, [tape](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "watch").expect(1, 1);
      mapLeaves(in, args.positional[0], "",
                [&](const Value &v, const std::string &) {
                  DType dtype;
                  if (VariableObject *var = asVariable(v)) {
                    tape->watchVariable(v);
                    dtype = var->state->type.dtype;
                  } else if (tape->rt.isTensor(v)) {
                    tape->watched.insert(keyOf(tape->rt, v));
                    dtype = tape->rt.tensor(v).type.dtype;
                  } else {
                    notTensorOrVariable(in, v);
                  }
                  // Watched all the same; its gradients are None. TensorFlow
                  // logs the first five (logging.log_first_n).
                  static int warnings = 0;
                  if (!isFloating(dtype) && warnings++ < 5)
                    py::tensorflowLog(in, 30,
                                      "The dtype of the watched tensor must be "
                                      "floating (e.g. tf.float32), got tf." +
                                          std::string(py::dtypeName(dtype)));
                  return v;
                });
      return Value();
    });
  } else if (name == "gradient") {
    out = in.builtin(name, [tape](Interpreter &in, CallArgs &args) {
      Params p(
          in, args, "gradient",
          {"target", "sources", "output_gradients", "unconnected_gradients"});
      bool zero = false;
      if (p.has("unconnected_gradients")) {
        std::string mode = in.toStr(p.get("unconnected_gradients"));
        zero = mode == "zero" || mode == "UnconnectedGradients.ZERO";
        if (!zero && mode != "none" && mode != "UnconnectedGradients.NONE")
          in.valueError("Unknown value for unconnected_gradients: '" + mode +
                        "'");
      }
      // An explicit None target is the tape's TypeError (backprop).
      return tape->gradient(
          p.values.count("target") ? p.get("target")
                                   : p.require("target", "gradient"),
          // A None source is the trainability check's TypeError (backprop).
          p.values.count("sources") ? p.get("sources")
                                    : p.require("sources", "gradient"),
          p.get("output_gradients"), zero);
    });
  } else if (name == "jacobian" || name == "batch_jacobian") {
    bool batch = name == "batch_jacobian";
    std::string fname = name;
    out = in.builtin(name, [tape, batch, fname](Interpreter &in,
                                                CallArgs &args) {
      Params p(in, args, fname,
               {"target", batch ? "source" : "sources", "unconnected_gradients",
                "parallel_iterations", "experimental_use_pfor"});
      bool zero = false;
      if (p.has("unconnected_gradients")) {
        std::string mode = in.toStr(p.get("unconnected_gradients"));
        zero = mode == "zero" || mode == "UnconnectedGradients.ZERO";
      }
      bool noPfor = p.has("experimental_use_pfor") &&
                    !in.truthy(p.get("experimental_use_pfor"));
      return tape->jacobian(p.require("target", fname),
                            p.require(batch ? "source" : "sources", fname),
                            zero, batch, noPfor);
    });
  } else if (name == "watched_variables") {
    out = in.builtin(name, [tape](Interpreter &in, CallArgs &) {
      // In the order the variables were made, as TensorFlow's tape keeps
      // them.
      ValueList sorted = tape->variables;
      std::stable_sort(
          sorted.begin(), sorted.end(), [](const Value &a, const Value &b) {
            return asVariable(a)->state->id < asVariable(b)->state->id;
          });
      return in.tuple(sorted);
    });
  } else if (name == "reset") {
    // As exiting the tape's block and entering it again with a new tape.
    out = in.builtin(name, [tape](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "reset").expect(0, 0);
      if (!tape->recording)
        in.valueError("Tape is not recording.");
      tape->entries.clear();
      tape->watched.clear();
      tape->reads.clear();
      tape->variables.clear();
      tape->watchedVariables.clear();
      tape->used = false;
      return Value();
    });
  } else if (name == "stop_recording") {
    out = in.builtin(name, [tape](Interpreter &in, CallArgs &) {
      auto scope = std::make_shared<py::ModuleObject>(); // a plain namespace
      scope->name = "stop_recording";
      scope->dict["__enter__"] =
          in.builtin("__enter__", [tape](Interpreter &in, CallArgs &) {
            if (!tape->entered)
              in.raise("RuntimeError", "Trying to stop recording a tape "
                                       "which is not recording.");
            if (!tape->recording)
              in.valueError("Tape is not recording.");
            tape->recording = false;
            return Value();
          });
      scope->dict["__exit__"] =
          in.builtin("__exit__", [tape](Interpreter &, CallArgs &) {
            tape->recording = true;
            return Value::boolean(false);
          });
      return Value::object(Type::Module, scope);
    });
  } else {
    return false;
  }
  return true;
}

namespace {

/// Calls tf.nest.NAME(args...).
Value callNest(Interpreter &in, const char *name, ValueList args) {
  CallArgs call;
  call.positional = std::move(args);
  return in.call(
      in.getAttr(in.getAttr(in.importModule("tensorflow"), "nest"), name),
      call);
}

/// Whether `fn` (a Python function) takes keyword argument `name`, or
/// **kwargs.
bool takesKeyword(const Value &fn, const std::string &name) {
  auto *f = fn.is(Type::Function) ? &fn.as<py::FunctionObject>() : nullptr;
  if (!f || !f->args)
    return false;
  if (f->args->kwarg)
    return true;
  for (const auto *list : {&f->args->args, &f->args->kwonly})
    for (const auto &arg : *list)
      if (arg.name == name)
        return true;
  return false;
}

/// A call of a function decorated with tf.custom_gradient, as
/// custom_gradient.py's eager and graph decorators make it: the function
/// runs (tapes paused; inside a trace on its arguments converted to
/// tensors) and returns (result, grad_fn); the result's tensors come back
/// through Identity ops (one IdentityN node, with the arguments, inside a
/// trace), which the tapes record as one op whose gradient calls grad_fn
/// with the results' gradients (zeros for those that got none). Variables
/// the function read are passed to grad_fn as `variables=`, and their
/// gradients follow the arguments'.
Value callCustomGradient(TfRuntime &rt, const Value &f, CallArgs args) {
  Interpreter &in = rt.in;
  if (rt.tracing)
    for (Value &a : args.positional)
      a = callNest(
          in, "map_structure",
          {in.getAttr(in.importModule("tensorflow"), "convert_to_tensor"), a});
  // Eagerly, when no tape watches an argument, the tapes keep recording
  // the function's own ops (custom_gradient's eager decorator pauses
  // nothing), so gradients reach what it captured; the custom gradient
  // then counts only if a tape watches a variable it reads.
  ValueList argTensors;
  bool variableArgument = false; // converting it reads it: watched
  if (!rt.tracing)
    for (const Value &v :
         in.toList(callNest(in, "flatten", {in.list(args.positional)}))) {
      if (rt.isTensor(v))
        argTensors.push_back(v);
      variableArgument |= asVariable(v) != nullptr;
    }
  bool unwatched =
      !rt.tracing && !variableArgument && !tapeWatches(rt, argTensors, {});
  // The forward pass, noting the variables it reads.
  auto watcher = std::make_shared<GradientTapeObject>(rt);
  watcher->watchAccessedVariables = true;
  auto forward = [&] { return in.call(f, args); };
  Value out = unwatched ? recordAlso(rt, watcher, forward)
                        : recordAlone(rt, watcher, forward);
  // result, grad_fn = f(*args)
  ValueList pair = in.toList(out);
  if (pair.size() != 2)
    in.valueError(pair.size() > 2
                      ? "too many values to unpack (expected 2)"
                      : "not enough values to unpack (expected 2, got " +
                            std::to_string(pair.size()) + ")");
  Value result = pair[0], gradFn = pair[1];
  ValueList flatArgs =
      in.toList(callNest(in, "flatten", {in.list(args.positional)}));
  for (auto &[key, value] : args.keywords)
    for (const Value &v : in.toList(callNest(in, "flatten", {value})))
      flatArgs.push_back(v);
  // The variables grad_fn gets are those read that are not arguments: a
  // variable passed in gets its gradient as an argument.
  std::vector<std::shared_ptr<VariableState>> variables;
  for (auto &var : readVariables(*watcher)) {
    bool argument = false;
    for (const Value &a : flatArgs)
      if (VariableObject *v = asVariable(a))
        argument |= v->state == var;
    if (!argument)
      variables.push_back(var);
  }
  ValueList variableObjects;
  for (auto &var : variables)
    variableObjects.push_back(variableObject(rt, var));
  if (!variables.empty() && !takesKeyword(gradFn, "variables"))
    in.typeError("@tf.custom_gradient grad_fn must accept keyword argument "
                 "'variables', since function uses variables: " +
                 in.repr(in.list(variableObjects)));
  ValueList inputs;
  for (const Value &a : flatArgs)
    inputs.push_back(rt.toTensor(a));
  ValueList flatResult = in.toList(callNest(in, "flatten", {result}));
  ValueList outputs;
  if (rt.tracing) {
    ValueList all = flatResult;
    for (const Value &v : flatResult)
      if (!rt.isTensor(v))
        in.typeError("custom_gradient results must be tensors, not " +
                     in.repr(v));
    all.insert(all.end(), inputs.begin(), inputs.end());
    PauseAll pauseAll(rt);
    ValueList copies = identityN(rt, all);
    outputs.assign(copies.begin(), copies.begin() + flatResult.size());
  } else if (unwatched && !tapeWatches(rt, {}, variables)) {
    // Nothing records the custom op: the results' Identity ops connect
    // the tapes to the function's own ops.
    for (const Value &v : flatResult)
      outputs.push_back(identity(rt, rt.toTensor(v)));
    return callNest(in, "pack_sequence_as", {result, in.list(outputs)});
  } else {
    PauseAll pauseAll(rt);
    for (const Value &v : flatResult)
      outputs.push_back(identity(rt, rt.toTensor(v)));
  }
  TfRuntime *r = &rt;
  size_t argCount = inputs.size();
  recordOnTapes(
      rt, "CustomGradient", inputs, outputs, variables,
      [&](const std::vector<size_t> &picked) {
        return [r, gradFn, outputs, variableObjects, picked,
                argCount](const ValueList &grads) {
          TfRuntime &rt = *r;
          Interpreter &in = rt.in;
          CallArgs call;
          for (size_t i = 0; i < outputs.size(); ++i)
            call.positional.push_back(
                grads[i].isNone() ? filledLike(rt, outputs[i], 0) : grads[i]);
          if (!variableObjects.empty())
            call.keywords.emplace_back("variables", in.list(variableObjects));
          Value got = in.call(gradFn, call);
          ValueList variableGrads;
          if (!variableObjects.empty()) {
            ValueList two = in.toList(got);
            if (two.size() != 2)
              in.valueError("not enough values to unpack (expected 2, got " +
                            std::to_string(two.size()) + ")");
            got = two[0];
            variableGrads = in.toList(two[1]);
            if (variableGrads.size() != variableObjects.size())
              in.valueError("Must return gradient for each variable from "
                            "@custom_gradient grad_fn.");
          }
          ValueList flat = in.toList(callNest(in, "flatten", {got}));
          if (flat.size() != argCount)
            in.valueError("custom_gradient function expected to return " +
                          std::to_string(argCount) +
                          " gradients, but returned " +
                          std::to_string(flat.size()) + " instead.");
          for (size_t k : picked)
            flat.push_back(variableGrads[k]);
          return flat;
        };
      });
  return callNest(in, "pack_sequence_as", {result, in.list(outputs)});
}

} // namespace

void installGradientTape(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  auto cls = std::make_shared<CallableType>(
      "GradientTape", [r](Interpreter &in, CallArgs &args) {
        Params p(in, args, "GradientTape",
                 {"persistent", "watch_accessed_variables"});
        auto tape = std::make_shared<GradientTapeObject>(*r);
        tape->entered = false;
        tape->persistent =
            p.has("persistent") && in.truthy(p.get("persistent"));
        tape->watchAccessedVariables =
            !p.has("watch_accessed_variables") ||
            in.truthy(p.get("watch_accessed_variables"));
        return Value::object(Type::Native, tape);
      });
  tf.set("GradientTape", Value::object(Type::Native, cls));
  // tf.init_scope(): ops run eagerly (as at the top level) and the tapes
  // pause, until the block ends, as TensorFlow lifts them out of the
  // function being traced.
  tf.def("init_scope", [r](Interpreter &in, CallArgs &args) {
    Params(in, args, "init_scope", {});
    struct Saved {
      TraceState *tracing = nullptr;
      std::unique_ptr<PauseAll> paused;
    };
    auto saved = std::make_shared<std::vector<Saved>>();
    auto scope = std::make_shared<py::ModuleObject>(); // a plain namespace
    scope->name = "init_scope";
    scope->dict["__enter__"] =
        in.builtin("__enter__", [r, saved](Interpreter &, CallArgs &) {
          saved->push_back({r->tracing, std::make_unique<PauseAll>(*r)});
          r->tracing = nullptr;
          return Value();
        });
    scope->dict["__exit__"] =
        in.builtin("__exit__", [r, saved](Interpreter &, CallArgs &) {
          if (!saved->empty()) {
            r->tracing = saved->back().tracing;
            saved->pop_back();
          }
          return Value::boolean(false);
        });
    return Value::object(Type::Module, scope);
  });
  tf.def("inside_function", [r](Interpreter &in, CallArgs &args) {
    Params(in, args, "inside_function", {});
    return Value::boolean(r->tracing != nullptr);
  });
  // tf.custom_gradient(f), also as a decorator.
  tf.def("custom_gradient", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "custom_gradient", {"f"});
    Value f = p.get("f");
    auto decorate = [r](Interpreter &in, const Value &f) {
      std::string name = f.is(Type::Function) ? f.as<py::FunctionObject>().name
                                              : "custom_gradient";
      return in.builtin(name, [r, f](Interpreter &, CallArgs &args) {
        return callCustomGradient(*r, f, args);
      });
    };
    if (!f.isNone())
      return decorate(in, f);
    return in.builtin("decorated", [decorate](Interpreter &in, CallArgs &args) {
      Params p(in, args, "decorated", {"f"});
      return decorate(in, p.require("f", "decorated"));
    });
  });
  tf.set("UnconnectedGradients",
         makeEnum(rt.in, "UnconnectedGradients",
                  "tensorflow.python.ops.unconnected_gradients",
                  {{"NONE", rt.in.str("none")}, {"ZERO", rt.in.str("zero")}}));
}

} // namespace kiln::tf
