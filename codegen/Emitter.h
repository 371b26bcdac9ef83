// The emitter of GraphToKiln.cpp, shared with the files that emit parts of
// it (EmitChecks.cpp: run-time shape checks). Internal to codegen/.
#pragma once

#include "ConstantFolding.h"
#include "Graph.h"
#include "GraphToKiln.h"
#include "HostCalls.h"

#include "dialects/kiln/KilnDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kiln {

// This header is internal to codegen/, whose files all use MLIR's names.
using namespace mlir;

/// A Const node of the function itself, which grappler may fold; not an
/// eager tensor the function captured (TensorFlow passes those in).
bool isGraphConstant(const graph::Node &n);
/// The value of graph constant `n` (above), or null for any other node.
graph::HostTensorPtr graphConstantValue(const graph::Node &n);
/// A Mul of a tensor by constant ones that do not broadcast it: grappler's
/// constant folding makes it an Identity, which its push-down and its
/// arithmetic optimizer's regrouping see as a leaf in the same pass.
bool isMulByOnes(const graph::Graph &g, const graph::Node &n);

/// The kernel of a variable's scatter, which updates it in place
/// (ResourceScatterAdd, ResourceScatterNdUpdate, ...: its errorName
/// without the scope), or "" for other nodes.
std::string variableScatterKernel(const graph::Node &n);

class Emitter {
public:
  Emitter(ModuleOp module, const graph::Graph &g, const std::string &file,
          std::vector<std::pair<int64_t, hostcalls::Spec>> *hostSpecs,
          bool avx2Orders)
      : ctx(module.getContext()), b(ctx), module(module), g(g), file(file),
        hostSpecs(hostSpecs), avx2Orders(avx2Orders),
        foldable(g.constantFolding ? foldableNodes(g)
                                   : std::vector<bool>(g.nodes.size())) {}

  bool run(std::string &error);
  /// After run() failed on an op: the script line it came from (invalid
  /// when the failure is not an op's, or kiln's own).
  SourceLoc errorLoc() const { return errorLoc_; }

private:
  RankedTensorType tensorType(const graph::TensorType &t) {
    Type et = elementType(ctx, t.dtype);
    if (!et || t.unknownRank)
      return nullptr;
    SmallVector<int64_t> shape;
    for (int64_t d : t.shape)
      shape.push_back(d < 0 ? ShapedType::kDynamic : d);
    return RankedTensorType::get(shape, et);
  }

  Location locOf(const graph::Node &n) {
    Location fileLoc =
        n.loc.valid()
            ? Location(FileLineColLoc::get(ctx, file, n.loc.line, n.loc.col))
            : Location(UnknownLoc::get(ctx));
    return NameLoc::get(b.getStringAttr(n.name), fileLoc);
  }

  Value input(const graph::Node &n, size_t i) {
    if (&n == guarded) {
      auto it = overrides.find(i);
      if (it != overrides.end())
        return it->second;
    }
    return values.at(key(n.inputs[i]));
  }

  static int64_t key(graph::Output o) {
    return (static_cast<int64_t>(o.node) << 16) | o.index;
  }

  template <typename T> const T *attr(const graph::Node &n, const char *name) {
    auto it = n.attrs.find(name);
    return it == n.attrs.end() ? nullptr : std::get_if<T>(&it->second);
  }

  Value constant(const graph::Node &n, RankedTensorType type,
                 std::string &error);
  Value emit(const graph::Node &n, std::string &error);
  /// Emits nodes `ids` in order (a region's, or the function body's).
  bool emitNodes(const std::vector<int> &ids, std::string &error);
  /// If, While and For: scf.if, scf.while and scf.for.
  bool emitControlFlow(int id, std::string &error);
  /// The body of a For node, given the loop variable and the state.
  using ForBody =
      std::function<void(Location, Value, ValueRange, SmallVector<Value> &)>;
  /// A For node over a float range (GraphToKiln.cpp).
  /// `writes`: it holds variable writes (holdsWrites).
  bool emitFloatFor(const graph::Node &n, int id, ArrayRef<Type> types,
                    ValueRange inits, const ForBody &body, bool &ok,
                    bool writes);
  // ---- what a failing call keeps (EmitFailedWrites.cpp) ----
  /// Whether control-flow node `id` holds a variable write, at any depth:
  /// its regions then yield each variable's value after the last write
  /// that ran, and a loop stops at the iteration that failed.
  bool holdsWrites(int id);
  /// The checks and assertions (their hostSpec indices) whose failure
  /// keeps node `id` from running: its own, and those of every node whose
  /// outputs it reads, whose control flow it is in or holds, or that a
  /// control input names, directly or not. For control flow with
  /// `start`: only those that keep it from starting (what it reads).
  const std::vector<int64_t> &failuresBefore(int id, bool start = false);
  /// The version of a variable that output `o` holds before the write
  /// that made it: a write's input, a loop's initial state, what an If
  /// had before its branches; nothing for other ops.
  std::optional<graph::Output> priorVersion(graph::Output o);
  /// Whether node `node` is in region `r` (at any depth; -1: the body).
  bool inRegion(int node, int r) const;
  /// Whether one of `specs` (sorted) failed so far in the call, asked of
  /// the host (kiln_host_failed_in): an i1.
  Value failedIn(Location loc, ArrayRef<int64_t> specs);
  /// The value `o` (a variable's version) stands for after the call's
  /// failures: the last version written in region `r` whose write ran,
  /// else the one from before (`fallback` when o's writes have no prior
  /// version there), cast to `type`.
  Value keptValue(Location loc, graph::Output o, int r, Value fallback,
                  Type type);
  /// keptValue of `results` (those region `r` yields, from `first` on).
  void keepWrites(Location loc, int r, SmallVector<Value> &results,
                  size_t first);
  /// Makes `loop` (the scf.while or scf.for of control-flow node `id`)
  /// stop before any iteration once one of its checks, or one it depends
  /// on, failed; returns the loop, or the scf.while that replaced an
  /// scf.for (whose results start with the iteration count).
  Operation *stopOnFailure(Operation *loop, int id);
  std::vector<std::vector<int64_t>> specsOf; // by node: its hostSpecs
  int emitting = -1;             // the node hostSpec files specs under
  std::vector<int> regionOwners; // by region: its control-flow node
  std::vector<signed char> holdsWrites_;
  std::unordered_map<int64_t, std::vector<int64_t>> failures_;
  /// By control input: the nodes it names (graph::controlCovers).
  std::unordered_map<std::string, std::vector<int>> controlled_;

  /// Emits region `r` and collects its results, cast to `types` (loop
  /// state may be less specific than one iteration's values).
  bool emitRegion(int r, TypeRange types, SmallVector<Value> &results,
                  std::string &error);
  Value castTo(Location loc, Value v, Type t) {
    return v.getType() == t ? v : b.create<tensor::CastOp>(loc, t, v);
  }
  Value scalarOf(Location loc, Value t) {
    return b.create<tensor::ExtractOp>(loc, t, ValueRange{});
  }
  /// Appends the sizes of `t`'s dimensions after the first (one row's).
  void appendRowSizes(Location loc, Value t, SmallVector<OpFoldResult> &sizes) {
    auto tt = cast<RankedTensorType>(t.getType());
    for (int64_t d = 1; d < tt.getRank(); ++d)
      sizes.push_back(
          tt.isDynamicDim(d)
              ? OpFoldResult(b.create<tensor::DimOp>(loc, t, d).getResult())
              : OpFoldResult(b.getIndexAttr(tt.getDimSize(d))));
  }
  /// The length of range(start, limit, delta) (integer scalars of one
  /// type): max(0, ceil((limit - start) / delta)), and 0 for a zero delta.
  Value tripCount(Location loc, Value start, Value limit, Value delta) {
    Type t = start.getType();
    Value zero = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, 0));
    Value one = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, 1));
    Value deltaIsZero =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, delta, zero);
    Value safeDelta = b.create<arith::SelectOp>(loc, deltaIsZero, one, delta);
    Value n = b.create<arith::CeilDivSIOp>(
        loc, b.create<arith::SubIOp>(loc, limit, start), safeDelta);
    n = b.create<arith::MaxSIOp>(loc, n, zero);
    return b.create<arith::SelectOp>(loc, deltaIsZero, zero, n);
  }
  Value zeroExtend(Location loc, Value u8);
  /// `v` with dimensions `dims` (static ones) read backwards.
  Value reverseDims(Location loc, Value v, const std::vector<int64_t> &dims);
  /// `v` reshaped to `type`: kiln.reshape, or when only unit dimensions
  /// are added or dropped around several dynamic ones, a collapse and an
  /// expand.
  Value reshapeTo(Location loc, Value v, RankedTensorType type);
  /// 1 / input i of `n` when it is a float constant, or constant folding
  /// makes it one (see RealDiv), or null.
  Value reciprocalOfConstant(const graph::Node &n, size_t i);
  /// The node producing `o`, looking through Casts (grappler folds casts
  /// of constants first: tf.cast(tf.size(x), ...)).
  const graph::Node &throughCasts(graph::Output o) const;
  /// A run-time check that every element of integer tensor `values`
  /// compares `predicate` ("ne", "ge") to 0, failing with `message`.
  void checkAllElements(const graph::Node &n, Value values,
                        const char *predicate, const std::string &message);
  /// The sparse cross-entropy kernels' check of their labels (an
  /// Identity of the labels carrying `label_classes`).
  void checkLabels(const graph::Node &n, int64_t classes);
  /// Log of x + 1 or Exp(x) - 1, which grappler fuses into log1p(x) or
  /// expm1(x): the kiln function and x, or nothing.
  std::optional<std::pair<const char *, graph::Output>>
  fusedUnary(const graph::Node &n);
  Value emitWidenedUnsigned(const graph::Node &n, std::string &error);

  // ---- grappler's arithmetic rewrites (EmitGrappler.cpp) ----
  /// How many inputs and results use each node's outputs, and the last
  /// node that does (-1 for a result).
  std::vector<int> consumers, soleConsumer; // graph::Graph::useCounts
  /// A float addition (`add`) or multiplication of a static shape: part
  /// of a tree grappler regroups. A division by a sqrt and a cube are
  /// multiplications by then (SqrtDivToRsqrtMul, ConvertPow).
  bool isTreeNode(int id, bool add) const;
  /// Whether node `id` joins the tree of its one consumer.
  bool absorbedIntoConsumer(int id, bool add);
  /// A leaf of a tree: a tensor of the graph, or kiln function `fn` of one
  /// (the Rsqrt and Square that grappler's rewrites make), or the
  /// reciprocal of the divisor of `divisorOf` (a division by a constant,
  /// which constant folding made a Mul before MinimizeBroadcasts runs).
  struct TreeLeaf {
    graph::Output out;
    const char *fn = nullptr;
    const graph::Node *divisorOf = nullptr;
  };
  /// The leaves of the tree rooted at `n`; false when it absorbs nothing.
  bool treeLeaves(const graph::Node &n, bool add,
                  std::vector<TreeLeaf> &leaves);
  /// SqrtDivToRsqrtMul applies to `n`: a float x / sqrt(y) whose sqrt has
  /// no other use.
  bool isRsqrtDiv(const graph::Node &n) const;
  /// ReduceDivToReciprocalMul applies to `n`: a float division of what
  /// does not fold by what does (a constant, or tf.sqrt(3.0)).
  bool isConstantDiv(const graph::Node &n) const;
  /// ConvertPow's exponent for `n`: a float Pow by a constant of one
  /// value (or arithmetic of constants grappler folds first) that does not
  /// broadcast its base; or nothing.
  std::optional<double> convertedPowExponent(const graph::Node &n) const;
  /// The one value of every element of `o`, a constant or Sub, AddV2 or
  /// Mul of such that constant folding replaces; or nothing.
  std::optional<double> foldedUniformValue(graph::Output o) const;
  /// The root of a tree of additions as grappler's AddNs of its leaves,
  /// or null when `n` absorbs no other addition.
  Value emitAddTree(const graph::Node &n, RankedTensorType type);
  /// The root of a chain of multiplications of several shapes, regrouped
  /// smallest first as grappler's MinimizeBroadcasts does, or null.
  Value emitMulChain(const graph::Node &n, RankedTensorType type);
  /// ConvertPow: a float Pow whose exponent is a constant of one value
  /// (2, 3, 1, 0.5, -0.5 or -1) that does not broadcast its base, as the
  /// cheaper op grappler puts in its place; or null.
  Value emitConvertedPow(const graph::Node &n, RankedTensorType type);
  /// SqrtDivToRsqrtMul: x / sqrt(y), the sqrt used there only, as
  /// rsqrt(y) * x; or null.
  Value emitRsqrtMul(const graph::Node &n, RankedTensorType type);
  /// Grappler's constant folding of `1 / y` (ones of y's shape or
  /// broadcast to it) into Reciprocal(y); null where it does not apply.
  Value emitReciprocalOfOnes(const graph::Node &n, RankedTensorType type);

  MLIRContext *ctx;
  OpBuilder b;
  ModuleOp module;
  const graph::Graph &g;
  std::string file;
  std::unordered_map<int64_t, Value> values;
  /// The nodes a call runs: those the results and the effects (PrintV2,
  /// Assert) need, as TensorFlow prunes a function's graph (ModelPruner.h's
  /// liveNodes). An unused op must not raise its run-time errors.
  std::vector<bool> live;
  bool widening = false;
  std::vector<std::pair<int64_t, hostcalls::Spec>> *hostSpecs;
  /// Whether float32 sums follow TensorFlow's kernels for processors
  /// without AVX-512 (usesAvx2Orders).
  bool avx2Orders;
  SourceLoc errorLoc_;
  /// The nodes grappler folds into constants before its rewrites
  /// (ConstantFolding.h): the rewrites kiln emulates leave them alone.
  std::vector<bool> foldable;
  bool folds(const graph::Node &n) const {
    return foldable[static_cast<size_t>(&n - g.nodes.data())];
  }
  /// Registers `spec` (HostCalls.h) and reports it to hostSpecs; returns
  /// its index as an i64 constant.
  Value hostSpec(Location loc, hostcalls::Spec spec);

  /// TensorArray buffers (TensorArray.h in the tracer).
  Value emitTensorList(const graph::Node &n, RankedTensorType type);
  /// A tensor of `type`, its dynamic dimensions `dynamic`, holding the
  /// scalar `value` everywhere.
  Value splat(Location loc, RankedTensorType type, ValueRange dynamic,
              Value value);
  /// A zero tensor of `type` whose dynamic dimensions are `dynamic`.
  Value zeros(Location loc, RankedTensorType type, ValueRange dynamic);

  /// PrintV2 and Assert: calls into kiln's host callbacks (HostCalls.h).
  bool emitHostCall(const graph::Node &n, std::string &error);
  /// The print-item calls for inputs `first`... of `n`, then the end call.
  void emitHostItems(Location loc, const graph::Node &n, size_t first,
                     Value spec64);
  /// A private declaration of external function `name`, made once.
  FlatSymbolRefAttr declare(const std::string &name, FunctionType type);

  /// Softplus, Elu, Selu, Softsign, Relu6 and LeakyRelu as kiln's
  /// elementwise ops (EmitActivations.cpp).
  static bool isActivation(const std::string &op);
  Value emitActivation(const graph::Node &n, RankedTensorType type);
  /// The gradient kernels whose Eigen functor associates differently in
  /// packets and in the scalar tail: SigmoidGrad(y, dy), dy * (y * (1 - y))
  /// and (dy * y) * (1 - y); SqrtGrad(y, dy), 0 where dy is, else
  /// dy * (0.5 / y) and (0.5 * dy) / y.
  Value emitPacketGrad(const graph::Node &n, RankedTensorType type);
  /// Whether each element of `like` is in the packets of `packet`
  /// elements a vectorized Eigen kernel computes (row-major, up to the
  /// last whole packet) rather than its scalar tail: an i1 tensor.
  Value inPackets(Location loc, Value like, int64_t packet);
  /// A float Range: the kernel's checks and accumulated values
  /// (EmitArrayOps.cpp).
  Value emitFloatRange(const graph::Node &n, RankedTensorType type);
  /// tf.gather's GatherV2 (EmitGather.cpp).
  Value emitGather(const graph::Node &n, RankedTensorType type);
  /// tf.gather_nd's GatherNd (EmitGather.cpp).
  Value emitGatherNd(const graph::Node &n, RankedTensorType type);
  /// ReverseSequence: each row's prefix of seq_lengths[row] elements
  /// reversed along the sequence axis, with the kernel's checks.
  Value emitReverseSequence(const graph::Node &n, RankedTensorType type);
  /// The first of `indices`' index vectors (its last dimension) with an
  /// element outside [0, extents[j]), found by one pass: its flat position
  /// among the vectors (-1 when all are inside) and its elements, as i64s.
  SmallVector<Value> firstBadIndexVector(Location loc, Value indices,
                                         ArrayRef<Value> extents);
  /// The index vector of `indices` at `at` (its leading coordinates), its
  /// elements appended to `vector` as i64s; returns whether each is in
  /// [0, extents[j]).
  static Value readIndexVector(OpBuilder &nb, Location l, Value indices,
                               SmallVector<Value> at, ArrayRef<Value> extents,
                               SmallVector<Value> &vector);
  /// ScatterNd and TensorScatterUpdate/Add/Sub/Max/Min on indices known at
  /// run time, update by update as the CPU kernels apply them
  /// (EmitScatter.cpp).
  Value emitScatterNd(const graph::Node &n, RankedTensorType type);
  /// UnsortedSegmentSum/Max/Min/Prod: each row of data combined into its
  /// segment in order, as the CPU kernel does; negative ids drop their row
  /// (EmitScatter.cpp).
  Value emitUnsortedSegment(const graph::Node &n, RankedTensorType type);
  /// HistogramFixedWidth: its kernel's checks, then each value counted into
  /// its bin (EmitScatter.cpp).
  Value emitHistogramFixedWidth(const graph::Node &n, RankedTensorType type);
  /// SegmentSum/Mean/Max/Min/Prod on ids known at run time: the sorted
  /// kernels' checks, then each segment reduced in row order.
  Value emitSortedSegment(const graph::Node &n, RankedTensorType type);
  /// tf.where(condition)'s Where node (EmitGather.cpp).
  Value emitWhere(const graph::Node &n, RankedTensorType type);
  /// A StridedSlice whose bounds in some dimension depend on its size
  /// known only at run time (EmitGather.cpp).
  Value emitDynamicSlice(const graph::Node &n, RankedTensorType type);

  // ---- image and padding ops (EmitNn.cpp) ----
  /// Conv2D (NHWC input, HWIO filter) with its strides, dilations and
  /// padding.
  Value emitConv2D(const graph::Node &n, RankedTensorType type);
  /// A float32 Conv2D as TensorFlow computes it on a processor without
  /// AVX-512: its image patches [positions, taps] (from the padded image
  /// `padded`) times the filters [taps, channels], in oneDNN's AVX orders
  /// (passes/Avx2MatMul.h). `dynamic`: the result's sizes known at run
  /// time; `patchCost`: Eigen's cost of computing the patches. Null where
  /// kiln does not model TensorFlow's plan.
  Value avx2Conv2D(const graph::Node &n, RankedTensorType type, Value padded,
                   ArrayRef<Value> dynamic, double patchCost);
  /// Conv2DBackpropInput's columns [images, rows, columns, filter row,
  /// filter column, channel] (out_backprop times the filters, transposed)
  /// as TensorFlow computes them on a processor without AVX-512:
  /// oneDNN's AVX orders, per image (EmitNnGrad.cpp). Null where kiln
  /// does not model them.
  Value avx2Columns(const graph::Node &n, RankedTensorType colType,
                    ArrayRef<Value> dynamic);
  /// Conv2DBackpropFilter likewise: the image patches, transposed, times
  /// out_backprop, by groups of images. Null where not modeled (a batch
  /// known only at run time among them).
  Value avx2FilterGrad(const graph::Node &n, RankedTensorType type);
  /// DepthwiseConv2dNative: each channel with its own filters, summed as
  /// TensorFlow's CPU kernel sums the window (EmitNn.cpp).
  Value emitDepthwiseConv2D(const graph::Node &n, RankedTensorType type);
  /// DepthwiseConv2dNativeBackpropInput and ...BackpropFilter, in the
  /// orders of TensorFlow's CPU kernels (EmitNn.cpp).
  Value emitDepthwiseGrad(const graph::Node &n, RankedTensorType type);
  /// MaxPool and AvgPool over height and width.
  Value emitPool(const graph::Node &n, RankedTensorType type);
  /// Conv2DBackpropInput, Conv2DBackpropFilter, MaxPoolGrad and
  /// AvgPoolGrad, in TensorFlow's kernels' order (EmitNnGrad.cpp).
  Value emitNnGrad(const graph::Node &n, RankedTensorType type);
  Value emitBiasAdd(const graph::Node &n, RankedTensorType type);
  /// Pad, PadV2 and MirrorPad (the node's `amounts`).
  Value emitPad(const graph::Node &n, RankedTensorType type);
  /// `x` with `before[d]` and `after[d]` elements of `fill` around each
  /// dimension d.
  Value padWith(Location loc, Value x, ArrayRef<int64_t> before,
                ArrayRef<int64_t> after, Value fill);
  Value padWith(Location loc, Value x, ArrayRef<OpFoldResult> before,
                ArrayRef<OpFoldResult> after, Value fill);
  /// NHWC image `x` padded with `fill` by `pads` (top, bottom, left,
  /// right: the window ops' "pads", which the tracer computes).
  Value padImage(Location loc, Value x, ArrayRef<int64_t> pads, TypedAttr fill);
  Value padImage(Location loc, Value x, ArrayRef<OpFoldResult> pads,
                 TypedAttr fill);
  /// Window op `n`'s padding of image `x` (top, bottom, left, right): its
  /// "pads", or where the tracer left -1 (SAME padding with a stride above
  /// 1 on a size known at run time), worked out from `x`'s size and the
  /// window's `effective` height and width as TensorFlow does.
  SmallVector<OpFoldResult> imagePads(Location loc, const graph::Node &n,
                                      Value x, ArrayRef<int64_t> effective);
  /// The sizes of `type` (window op `n`'s NHWC result) known at run time,
  /// from `image` padded into `padded`: the batch, and the window
  /// positions, with the kernel's check that they are not negative.
  SmallVector<Value> windowedSizes(const graph::Node &n, RankedTensorType type,
                                   Value image, Value padded,
                                   ArrayRef<int64_t> effective,
                                   ArrayRef<int64_t> strides);

  // ---- array ops (EmitArrayOps.cpp) ----
  /// OneHot(indices, depth, on, off) along its `axis`.
  Value emitOneHot(const graph::Node &n, RankedTensorType type);
  /// ReverseV2 over its (normalized) `axes`.
  Value emitReverse(const graph::Node &n, RankedTensorType type);
  /// Bitcast: each element's bits read as another dtype, split into or
  /// joined from the innermost dimension when the widths differ.
  Value emitBitcast(const graph::Node &n, RankedTensorType type);
  /// RandomUniform, RandomStandardNormal, RandomUniformInt and
  /// TruncatedNormal: Philox as
  /// TensorFlow's CPU kernels (EmitRandom.cpp).
  Value emitRandom(const graph::Node &n, RankedTensorType type);
  /// Multinomial and StatelessMultinomial (tf.random.categorical): the CPU
  /// kernel's samples (EmitRandom.cpp, tracer/tf/Multinomial.h).
  Value emitMultinomial(const graph::Node &n, RankedTensorType type);
  /// A stateless random node's seed tensor, its third input, when its attr
  /// `seed_input` says the run time gives it; null otherwise.
  Value seedInput(const graph::Node &n) {
    const bool *given = attr<bool>(n, "seed_input");
    return given && *given ? input(n, 2) : Value();
  }
  Value emitTile(const graph::Node &n, RankedTensorType type);
  /// MatrixDeterminant, LogMatrixDeterminant (its log |det| as output 1),
  /// MatrixInverse and MatrixSolve: Eigen's PartialPivLU as TensorFlow's
  /// kernels run it (EmitLinalg.cpp).
  Value emitLinalgLu(const graph::Node &n, RankedTensorType type);
  /// Cumsum/Cumprod along `axis`, `exclusive` and `reverse` as TensorFlow's.
  Value emitScan(const graph::Node &n, RankedTensorType type);
  /// Split, SplitV and Unpack: slices of the input along `axis`; returns
  /// the first and records the others as outputs 1, 2, ...
  Value emitSplit(const graph::Node &n, RankedTensorType type);
  /// SplitV with its sizes (input 1) known at run time only.
  Value emitSplitAtRunTime(const graph::Node &n, RankedTensorType type);
  /// Roll by shifts known at run time (`axes`: the axis of each shift).
  Value emitRoll(const graph::Node &n, RankedTensorType type);
  /// SpaceToDepth and DepthToSpace (NHWC), with the kernels' checks on
  /// dimensions known only at run time.
  Value emitSpaceToDepth(const graph::Node &n, RankedTensorType type);
  /// Cross: the cross products of the last (size 3) dimension, with the
  /// kernel's check that the inputs' shapes agree.
  Value emitCross(const graph::Node &n, RankedTensorType type);
  /// RGBToHSV, HSVToRGB, AdjustSaturation and AdjustHue, pixel by pixel
  /// (EmitImageColor.cpp).
  Value emitColour(const graph::Node &n, RankedTensorType type);
  /// AdjustContrastv2: the kernel's per-channel means, then the scaling.
  Value emitAdjustContrast(const graph::Node &n, RankedTensorType type);
  /// UnravelIndex, with its kernel's checks on the indices and dims.
  Value emitUnravelIndex(const graph::Node &n, RankedTensorType type);
  /// ResizeBilinear and ResizeNearestNeighbor with half-pixel centers
  /// (EmitImage.cpp).
  Value emitResize(const graph::Node &n, RankedTensorType type);
  /// ResizeBilinearGrad and ResizeNearestNeighborGrad (EmitImage.cpp).
  Value emitResizeGrad(const graph::Node &n, RankedTensorType type);
  /// TopKV2: returns its values and records its indices as output 1.
  Value emitTopK(const graph::Node &n, RankedTensorType type);
  /// TopK's positions of a row when it does not sort them (EmitArrayOps).
  Value topKHeapOrder(Location loc, Value k, Value columns,
                      const std::function<Value(Value)> &keyAt,
                      bool unsignedKeys);
  /// Unique and UniqueWithCounts on run-time values (EmitUnique.cpp).
  Value emitUnique(const graph::Node &n, RankedTensorType type);

  /// ReadVariableOp and the Assign*VariableOp ops (EmitVariables.cpp).
  Value emitVariableOp(const graph::Node &n, RankedTensorType type);

  // ---- shapes known at run time only (EmitShapes.cpp) ----
  /// Element `d` of the 1-D integer tensor `shape`, as an i64.
  Value shapeElement(Location loc, Value shape, int64_t d);
  /// Fill(dims, value) on a shape computed at run time.
  Value emitFill(const graph::Node &n, RankedTensorType type);
  /// Reshape(x, shape) to a shape computed at run time, with TensorFlow's
  /// checks on it.
  Value emitReshapeTo(const graph::Node &n, RankedTensorType type);
  /// Squeeze; dimensions known only at run time that it drops
  /// ("checked_dims") are checked to be 1 as the kernel checks them.
  Value emitSqueeze(const graph::Node &n, RankedTensorType type);
  /// BroadcastTo; with a second input, to a shape known at run time
  /// (checked as the kernel checks it).
  Value emitBroadcastTo(const graph::Node &n, RankedTensorType type);

  // ---- run-time shape checks (EmitChecks.cpp) ----
  /// `n` guarded by the checks TensorFlow's kernels make on dimensions
  /// known only at run time (broadcasting, MatMul, Reshape, ConcatV2,
  /// Pack, ArgMax/ArgMin): when they fail, the call reports TensorFlow's error
  /// and `n` yields zeros instead of reading out of bounds. Null when `n` needs
  /// no check; `handled` tells whether it did.
  Value emitChecked(const graph::Node &n, bool &handled, std::string &error);
  /// Reports TensorFlow's run-time error for `n` when `ok` (i1) is false:
  /// `message` is a kiln/check_message.h template filled from `ints`.
  /// `tail`, when given, builds (on the failing path only) a 1-D i64
  /// tensor whose values follow `ints`. `errorType` is the exception.
  void check(const graph::Node &n, Value ok, const std::string &message,
             ArrayRef<Value> ints,
             const std::function<Value(Location)> &tail = nullptr,
             const std::string &errorType = "InvalidArgumentError");
  /// check() with the shapes of `a` and `b` for the message's two
  /// {shape}s.
  void checkShapes(const graph::Node &n, Value ok, Value a, Value b,
                   const std::string &message);
  /// "Graph execution error: ... Detected at node ..." around `message`.
  std::string graphError(const graph::Node &n, const std::string &message);
  /// The size of dimension `d` of `t` as an index (a constant when static).
  Value dimSize(Location loc, Value t, int64_t d);
  /// A shape for a message template's "{shape}": its rank, then its sizes.
  void appendShape(Location loc, Value t, SmallVectorImpl<Value> &ints);
  /// `v` with each listed dimension (known at run time only) expanded to
  /// its common size when it is 1: broadcasting decided at run time.
  Value expandTo(Location loc, Value v,
                 ArrayRef<std::pair<int64_t, Value>> dims);
  /// `build(loc)` of `type` when `ok` (i1) holds, else zeros: an op that
  /// must not read out of bounds after a failed check. `build` may return
  /// null (an emission error); zeros are yielded then.
  /// `v` cast to `type` where the cast makes dynamic dimensions static:
  /// the cast when the sizes agree, zeros of `type` when they do not (a
  /// run-time check failed before, and the call goes on to return its
  /// error: a shape the trace knew, an EnsureShape's).
  Value checkedCast(Location loc, Value v, RankedTensorType type);
  Value orZeros(Location loc, Value ok, RankedTensorType type,
                const std::function<Value(Location)> &build);
  /// An scf.if on `cond` yielding what `then` or `otherwise` builds at the
  /// branch's insertion point (both of one type).
  Value choose(Location loc, Value cond,
               const std::function<Value(Location)> &then,
               const std::function<Value(Location)> &otherwise);
  /// Index `given` (an index, negative from the end) into a dimension of
  /// size `extent`: TensorFlow's "slice index ... out of bounds" error for
  /// dimension `dim` when outside, and the index (0 then) with `inRange`.
  Value checkedIndex(const graph::Node &n, Value given, Value extent,
                     int64_t dim, Value &inRange);
  /// A symbol for dimension `d` (known at run time only) of `o`: outputs
  /// whose dimensions have the same symbol have the same size, as they come
  /// from one dimension through shape-preserving ops and broadcasts of
  /// equal symbols. Run-time broadcasting of equal symbols needs no check.
  int64_t dimSymbol(graph::Output o, int64_t d);
  /// For output dimension `d` of reduction node `n` (axes a constant): the
  /// input dimension it keeps, or -1.
  int64_t reducedFrom(const graph::Node &n, int index, int64_t d);
  /// Output `o`'s shape as grappler's symbolic shapes: static sizes, and
  /// -2 - dimSymbol for each dimension known at run time only.
  std::vector<int64_t> symbolicShape(graph::Output o);
  std::map<std::tuple<int, int, int64_t>, int64_t> dimSymbols;
  int64_t nextDimSymbol = 0;
  /// Zero sizes for the dynamic dimensions of `type`.
  SmallVector<Value> dynamicZeros(Location loc, RankedTensorType type);
  /// Inputs replaced while a guarded node is emitted (by input index).
  std::unordered_map<size_t, Value> overrides;
  /// The node `overrides` apply to (emitting it may read other nodes'
  /// inputs, as a fused pattern does), and how each input was expanded.
  const graph::Node *guarded = nullptr;
  const std::vector<std::vector<std::pair<int64_t, Value>>> *expansions =
      nullptr;
  bool guarding = false;
};

} // namespace kiln
