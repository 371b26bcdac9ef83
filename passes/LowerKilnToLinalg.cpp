// kiln → linalg/tensor/arith/math. Each kiln op is rewritten in place, in
// program order; the ops are independent, so a walk suffices (no pattern
// driver needed).
#include "passes/Passes.h"

#include "passes/Avx2MatMul.h"
#include "passes/EigenContraction.h"
#include "passes/EigenGemm64.h"
#include "passes/EigenMatVec.h"
#include "passes/EigenMath.h"
#include "passes/EigenReduce.h"

#include "dialects/kiln/KilnDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/TypeSwitch.h"
#include <thread>
#include <unistd.h>

namespace kiln {
#define GEN_PASS_DEF_LOWERKILNTOLINALG
#include "passes/Passes.h.inc"
} // namespace kiln

using namespace mlir;

namespace {

using BodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// Eigen's float max and min: NaN propagates (as arith's maximumf and
/// minimumf), and of two equal operands (zeros of either sign) the scalar
/// functor keeps the first, as std::max does, while the 8-wide packets
/// (4 for double) keep the second: relu(-0.0) is -0.0 only in a tensor's
/// last `size % 8` elements.
static Value eigenMaxMin(OpBuilder &nb, Location nl, bool max, Value x, Value y,
                         bool keepFirst) {
  Value r = max ? nb.create<arith::MaximumFOp>(nl, x, y).getResult()
                : nb.create<arith::MinimumFOp>(nl, x, y).getResult();
  Value tie = nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OEQ, x, y);
  return nb.create<arith::SelectOp>(nl, tie, keepFirst ? x : y, r);
}

class Lowering {
public:
  Lowering(OpBuilder &b, Location loc, bool hostOrder = true,
           bool avx512 = true)
      : b(b), loc(loc), hostOrder(hostOrder), avx512(avx512) {}

  Value lower(Operation *op);
  /// Whether lower() reported why it returned null.
  bool reported = false;

private:
  // ---- building blocks ----
  Value index(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }

  Value dim(Value tensor, int64_t d) {
    return b.create<tensor::DimOp>(loc, tensor, d);
  }

  /// Dynamic sizes of `type` for tensor.empty, taken from `inputs`
  /// right-aligned (broadcasting): the first input whose dimension is not 1.
  SmallVector<Value> dynamicSizes(RankedTensorType type, ValueRange inputs) {
    SmallVector<Value> sizes;
    int64_t rank = type.getRank();
    for (int64_t i = 0; i < rank; ++i) {
      if (!type.isDynamicDim(i))
        continue;
      Value size;
      for (Value in : inputs) {
        auto t = cast<RankedTensorType>(in.getType());
        int64_t j = i - (rank - t.getRank());
        if (j < 0 || t.getDimSize(j) == 1)
          continue;
        size = dim(in, j);
        break;
      }
      sizes.push_back(size ? size : index(1));
    }
    return sizes;
  }

  Value empty(RankedTensorType type, ValueRange dynSizes) {
    return b.create<tensor::EmptyOp>(loc, type.getShape(),
                                     type.getElementType(), dynSizes);
  }

  /// An elementwise linalg.generic over `inputs`, broadcasting size-1
  /// dimensions and missing leading dimensions.
  Value elementwise(RankedTensorType type, ValueRange inputs, BodyFn body) {
    int64_t rank = type.getRank();
    MLIRContext *ctx = b.getContext();
    Value init = empty(type, dynamicSizes(type, inputs));
    SmallVector<AffineMap> maps;
    for (Value in : inputs) {
      auto t = cast<RankedTensorType>(in.getType());
      SmallVector<AffineExpr> exprs;
      for (int64_t j = 0; j < t.getRank(); ++j) {
        int64_t i = j + (rank - t.getRank());
        if (t.getDimSize(j) == 1 && type.getDimSize(i) != 1)
          exprs.push_back(getAffineConstantExpr(0, ctx));
        else
          exprs.push_back(getAffineDimExpr(i, ctx));
      }
      maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
    }
    maps.push_back(b.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = b.create<linalg::GenericOp>(
        loc, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          nb.create<linalg::YieldOp>(nl, body(nb, nl, args.drop_back()));
        });
    return generic.getResult(0);
  }

  /// A unary elementwise op on f32 (f64) that TensorFlow evaluates with
  /// Eigen's packet algorithm up to the last `size % 8` (`size % 4`)
  /// elements and with the scalar functor after them (EigenMath.h): the
  /// body sees each element's flat position and picks the matching form.
  Value eigenUnary(RankedTensorType type, Value input, StringRef fn,
                   bool rowPackets = false, int64_t block = 0) {
    bool f64 = type.getElementType().isF64();
    auto packet = [&](OpBuilder &nb, Location nl, ValueRange args) {
      return f64 ? kiln::eigen::packetForm64(nb, nl, fn, args[0])
                 : kiln::eigen::packetForm(nb, nl, fn, args[0]);
    };
    if (!f64 && !kiln::eigen::dependsOnPosition(fn))
      return elementwise(type, ValueRange{input}, packet);
    return byPosition(
        type, ValueRange{input}, packet,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          if (f64)
            return kiln::eigen::scalarForm64(nb, nl, fn, args[0]);
          return fn == "sigmoid" ? kiln::eigen::logisticScalar(nb, nl, args[0])
                                 : unaryScalar(fn, nb, nl, args[0]);
        },
        rowPackets,
        f64 ? kiln::eigen::kDoublePacketSize : kiln::eigen::kFloatPacketSize,
        block);
  }

  /// Float maximum (or minimum) of `inputs` (of its one input and 0:
  /// relu), whose ties keep the second operand in Eigen's packets and the
  /// first after them (eigenMaxMin).
  Value maxMinByPosition(RankedTensorType type, ValueRange inputs, bool max) {
    auto body = [max](bool keepFirst) {
      return [max, keepFirst](OpBuilder &nb, Location nl, ValueRange args) {
        Value y = args.size() > 1
                      ? args[1]
                      : nb.create<arith::ConstantOp>(
                              nl, nb.getFloatAttr(args[0].getType(), 0.0))
                            .getResult();
        return eigenMaxMin(nb, nl, max, args[0], y, keepFirst);
      };
    };
    // Half and bfloat16 keep the first everywhere (measured).
    Type et = type.getElementType();
    if (!et.isF32() && !et.isF64())
      return elementwise(type, inputs, body(true));
    return byPosition(type, inputs, body(false), body(true), false,
                      et.isF64() ? kiln::eigen::kDoublePacketSize
                                 : kiln::eigen::kFloatPacketSize);
  }

  /// Eigen's generic logistic on half (and bfloat16), as TensorFlow's
  /// Sigmoid kernel runs it: e = exp(x), then e / (1 + e) in half
  /// arithmetic (each operation rounded to half), 1 where e overflows. exp
  /// is the float packet form on Packet8h positions (half packets compute
  /// through float packets) and expf after them.
  Value halfSigmoid(RankedTensorType type, Value input) {
    auto body = [&](bool packet) {
      return [packet](OpBuilder &nb, Location nl, ValueRange args) -> Value {
        Type narrowType = args[0].getType(), f32 = nb.getF32Type();
        Value wide = nb.create<arith::ExtFOp>(nl, f32, args[0]);
        Value e32 = packet ? kiln::eigen::packetForm(nb, nl, "exp", wide)
                           : nb.create<math::ExpOp>(nl, wide).getResult();
        // Each operation in float, rounded to the narrow type (exact for
        // + and /: float has more than twice their precision), so that
        // LLVM cannot keep an intermediate in float as it may do for bf16.
        auto rounded = [&](Value v) -> Value {
          Value narrow = nb.create<arith::TruncFOp>(nl, narrowType, v);
          return nb.create<arith::ExtFOp>(nl, f32, narrow);
        };
        Value e = rounded(e32);
        Value one = nb.create<arith::ConstantOp>(nl, nb.getF32FloatAttr(1.0));
        Value inf = nb.create<arith::ConstantOp>(
            nl, nb.getF32FloatAttr(std::numeric_limits<float>::infinity()));
        Value overflow =
            nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OEQ, e, inf);
        Value ratio = nb.create<arith::DivFOp>(
            nl, e, rounded(nb.create<arith::AddFOp>(nl, one, e)));
        return nb.create<arith::TruncFOp>(
            nl, narrowType,
            nb.create<arith::SelectOp>(nl, overflow, one, ratio));
      };
    };
    return byPosition(type, ValueRange{input}, body(true), body(false));
  }

  /// An elementwise op whose elements before `size - size % 8` take the
  /// packet form and the others the scalar form (with `rowPackets`, size
  /// and positions are those within the last dimension). With a `block`
  /// size, the tensor is evaluated in runs as Eigen's thread-pool executor
  /// splits it, each with its own packets and tail: one run when the whole
  /// tensor fits in a block; else pieces of `block` elements of each row
  /// when rows are that long; else runs of ceil(block / row) whole rows.
  Value byPosition(RankedTensorType type, ValueRange inputs, BodyFn packetForm,
                   BodyFn scalarForm, bool rowPackets = false,
                   int64_t packetSize = kiln::eigen::kFloatPacketSize,
                   int64_t block = 0) {
    int64_t rank = type.getRank();
    SmallVector<Value> sizes, dynamic = dynamicSizes(type, inputs);
    Value total = index(1);
    for (int64_t d = 0, k = 0; d < rank; ++d) {
      sizes.push_back(type.isDynamicDim(d) ? dynamic[k++]
                                           : index(type.getDimSize(d)));
      total = b.create<arith::MulIOp>(loc, total, sizes.back());
    }
    // Per row: the position in the last dimension against its length.
    if (rowPackets && rank > 0)
      total = sizes.back();
    Value packet = index(packetSize);
    Value packetEnd = b.create<arith::SubIOp>(
        loc, total, b.create<arith::RemUIOp>(loc, total, packet));
    return elementwise(
        type, inputs, [&](OpBuilder &nb, Location nl, ValueRange args) {
          Value flat = nb.create<arith::ConstantIndexOp>(nl, 0);
          if (rowPackets && rank > 0)
            flat = nb.create<linalg::IndexOp>(nl, rank - 1);
          else
            for (int64_t d = 0; d < rank; ++d)
              flat = nb.create<arith::AddIOp>(
                  nl, nb.create<arith::MulIOp>(nl, flat, sizes[d]),
                  nb.create<linalg::IndexOp>(nl, d));
          Value inPacket = nb.create<arith::CmpIOp>(
              nl, arith::CmpIPredicate::ult, flat, packetEnd);
          if (block > 0 && !rowPackets && rank > 0)
            inPacket = inBlockPackets(nb, nl, flat, total, sizes.back(), block,
                                      packetSize);
          return nb
              .create<arith::SelectOp>(nl, inPacket, packetForm(nb, nl, args),
                                       scalarForm(nb, nl, args))
              .getResult();
        });
  }

  /// Whether flat position `flat` of a tensor of `total` elements in rows
  /// of `row` is before the scalar tail of its run (byPosition's `block`).
  Value inBlockPackets(OpBuilder &nb, Location nl, Value flat, Value total,
                       Value row, int64_t block, int64_t packetSize) {
    auto c = [&](int64_t v) {
      return nb.create<arith::ConstantIndexOp>(nl, v).getResult();
    };
    auto mul = [&](Value x, Value y) {
      return nb.create<arith::MulIOp>(nl, x, y).getResult();
    };
    auto div = [&](Value x, Value y) {
      return nb.create<arith::DivUIOp>(nl, x, y).getResult();
    };
    auto sub = [&](Value x, Value y) {
      return nb.create<arith::SubIOp>(nl, x, y).getResult();
    };
    auto select = [&](Value cond, Value x, Value y) {
      return nb.create<arith::SelectOp>(nl, cond, x, y).getResult();
    };
    auto ule = [&](Value x, Value y) {
      return nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::ule, x, y)
          .getResult();
    };
    Value size = c(block);
    // Long rows: pieces of `block` columns.
    Value col = nb.create<arith::RemUIOp>(nl, flat, row);
    Value pieceStart = mul(div(col, size), size);
    Value pieceLen = nb.create<arith::MinUIOp>(nl, size, sub(row, pieceStart));
    Value pieceOffset = sub(col, pieceStart);
    // Short rows: runs of ceil(block / row) rows.
    Value rowsPer = nb.create<arith::CeilDivUIOp>(nl, size, row);
    Value runSize = mul(rowsPer, row);
    Value runStart = mul(div(flat, runSize), runSize);
    Value runLen = nb.create<arith::MinUIOp>(nl, runSize, sub(total, runStart));
    Value runOffset = sub(flat, runStart);
    Value longRows = ule(size, row);
    Value len = select(longRows, pieceLen, runLen);
    Value offset = select(longRows, pieceOffset, runOffset);
    // The whole tensor in one block: one run.
    Value whole = ule(total, size);
    len = select(whole, total, len);
    offset = select(whole, flat, offset);
    Value end = sub(len, nb.create<arith::RemUIOp>(nl, len, c(packetSize)));
    return nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::ult, offset, end);
  }

  /// A tensor of `type` holding `value` everywhere.
  Value filled(RankedTensorType type, ValueRange dynSizes, Value value) {
    return b.create<linalg::FillOp>(loc, value, empty(type, dynSizes))
        .getResult(0);
  }

  Value scalar(Type type, double value) {
    if (auto f = dyn_cast<FloatType>(type))
      return b.create<arith::ConstantOp>(loc, b.getFloatAttr(f, value));
    return b.create<arith::ConstantOp>(
        loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
  }

  /// Reshapes `value` to `type`; `sizes` gives every result dimension.
  Value reshape(Value value, RankedTensorType type, ArrayRef<Value> sizes) {
    Value shape = b.create<tensor::FromElementsOp>(
        loc,
        RankedTensorType::get({static_cast<int64_t>(sizes.size())},
                              b.getIndexType()),
        sizes);
    return b.create<tensor::ReshapeOp>(loc, type, value, shape);
  }

  SmallVector<Value> dynamicSizesForMatMul(RankedTensorType type, Value lhs,
                                           Value rhs) {
    SmallVector<Value> sizes;
    if (type.isDynamicDim(0))
      sizes.push_back(dim(lhs, 0));
    if (type.isDynamicDim(1))
      sizes.push_back(dim(rhs, 1));
    return sizes;
  }

  // ---- scalar semantics ----
  Value binaryScalar(Operation *op, OpBuilder &nb, Location nl, Value x,
                     Value y);
  Value unaryScalar(StringRef fn, OpBuilder &nb, Location nl, Value x);
  Value castScalar(OpBuilder &nb, Location nl, Value x, Type to);

  // ---- ops ----
  Value lowerReduce(kiln::ReduceOp op);
  /// Lowers a reduction built on the spot (a reduction rewritten as
  /// another), which does not stay in the IR.
  Value lowerReduceOf(RankedTensorType type, Value input, StringAttr kind,
                      ArrayRef<int64_t> axes, bool keepdims);
  /// `sum`, or where the reduction covers one element, a copy of it.
  Value copyOfOne(kiln::ReduceOp op, Value sum, RankedTensorType reducedType);
  /// linalg.reduce over the op's axes, from the reduction's identity.
  Value linalgReduce(kiln::ReduceOp op, RankedTensorType reducedType,
                     ValueRange dynSizes);
  /// A float sum in TensorFlow's order of additions (EigenReduce.h), when
  /// the reduced dimensions are innermost; null otherwise.
  Value reductionIdentity(StringRef kind, Type et);
  Value twoStageReduce(kiln::ReduceOp op, RankedTensorType reducedType);
  Value eigenOrderSum(kiln::ReduceOp op, RankedTensorType reducedType,
                      ValueRange dynSizes);
  /// `flat` (one element per output) reshaped to `reducedType`, whose
  /// dynamic sizes are `dynSizes`.
  Value toReduced(Value flat, RankedTensorType reducedType,
                  ValueRange dynSizes);
  /// A float sum over reduced runs around one kept run ([R1, K, R2]) in
  /// TensorFlow's order (Eigen's generic reducer); null otherwise.
  Value eigenFirstLastSum(kiln::ReduceOp op, RankedTensorType reducedType,
                          ValueRange dynSizes);
  /// A float sum over one run of leading or middle dimensions in
  /// TensorFlow's order (Eigen's InnerMostDimPreserver); null otherwise.
  Value eigenOuterSum(kiln::ReduceOp op, RankedTensorType reducedType,
                      ValueRange dynSizes);
  Value lowerArgReduce(kiln::ArgReduceOp op);
  Value lowerMatMul(kiln::MatMulOp op);
  /// A float64 product ([m, n] or [batch, m, n]) in TensorFlow's order
  /// (EigenGemm64.h); null where kiln does not reproduce it (sizes known at
  /// run time only, outer products, k split in more than two).
  Value float64Product(kiln::MatMulOp op, Value lhs, Value rhs,
                       RankedTensorType outType);
  /// lhs x rhs accumulated into `init` by an fma per k, k ascending.
  Value fmaMatmul(Value lhs, Value rhs, Value init);
  /// lhs x rhs in `pieces` of k (EigenContraction.h): each piece an fma
  /// chain into `init` (zeros), the pieces of a shard added in order, then
  /// the shards.
  Value piecewiseMatmul(Value lhs, Value rhs, Value init,
                        const std::vector<std::vector<int64_t>> &pieces);
  /// A float32 MatMul (or a batch of them, rank 3) with both result sizes
  /// above 1 in TensorFlow's pieces of k, chosen at run time where the rows
  /// are (k and the columns must be static; otherwise one chain, or
  /// without AVX-512 avx2ProductByK).
  Value kPiecesMatmul(Value lhs, Value rhs, Value init);
  /// Without AVX-512, a 2-D product whose k alone is known only at run
  /// time: oneDNN's orders for k up to 256 (one call, one piece; the plan
  /// chosen by k when the function runs), one chain past that. Null when
  /// the plans change too often with k.
  Value avx2ProductByK(Value lhs, Value rhs, Value init, int64_t rows,
                       int64_t cols, int64_t threads,
                       const kiln::eigen::CacheSizes &caches);
  /// An scf.if on `cond` yielding what `then` or `otherwise` builds (at
  /// the branch's insertion point).
  /// The chain of run-time choices by `count` among `firsts` (ascending:
  /// the first count of each entry) from entry `i` on, `build(i)` making
  /// entry i's value.
  Value chooseByCount(Value count, const std::vector<int64_t> &firsts, size_t i,
                      const std::function<Value(size_t)> &build) {
    if (i + 1 == firsts.size())
      return build(i);
    Value below = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, count,
                                          index(firsts[i + 1]));
    return choose(
        below, [&] { return build(i); },
        [&] { return chooseByCount(count, firsts, i + 1, build); });
  }
  Value choose(Value cond, const std::function<Value()> &then,
               const std::function<Value()> &otherwise) {
    auto branch = [&](const std::function<Value()> &build) {
      return [&, build](OpBuilder &nb, Location l) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        b.create<scf::YieldOp>(l, build());
      };
    };
    return b.create<scf::IfOp>(loc, cond, branch(then), branch(otherwise))
        .getResult(0);
  }
  /// A float32 batch of products [b, m, k] x [b, k, n] into `init` in
  /// TensorFlow's order (other types: linalg.batch_matmul).
  Value batchedProduct(kiln::MatMulOp op, Value l3, Value r3, Value init,
                       ValueRange dynamicSizes);
  Value lowerTranspose(kiln::TransposeOp op);
  Value lowerReshape(kiln::ReshapeOp op);
  Value lowerConcat(kiln::ConcatOp op);
  /// `inputs` joined along `axis` into a tensor of `type`.
  Value concatInto(RankedTensorType type, ValueRange inputs, int64_t axis);

  OpBuilder &b;
  Location loc;
  /// Sums and matrix products in the order of TensorFlow's CPU kernels
  /// (Eigen's), as host loops; off for the cuda target, where they are
  /// linalg reductions and contractions that become kernels.
  bool hostOrder;
  /// Whether oneDNN's AVX-512 kernels sum float32 products (else its AVX
  /// kernels, Avx2MatMul.h).
  bool avx512;
};

/// Integer division and remainder must not trap: a zero divisor becomes 1
/// (TensorFlow raises for it; compiled code yields a value instead), and
/// so does -1, whose quotient of the most negative integer overflows (the
/// callers negate instead; the remainder by -1 is 0 either way). Unsigned
/// operands arrive widened, so -1 is a signed divisor here.
static Value safeDivisor(OpBuilder &nb, Location nl, Value y) {
  Type t = y.getType();
  Value zero = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(t, 0));
  Value one = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(t, 1));
  Value minusOne = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(t, -1));
  // (Separate statements: argument evaluation order is unspecified.)
  Value isZero =
      nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::eq, y, zero);
  Value isMinusOne =
      nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::eq, y, minusOne);
  Value trapping = nb.create<arith::OrIOp>(nl, isZero, isMinusOne);
  return nb.create<arith::SelectOp>(nl, trapping, one, y);
}

/// x / y for a divisor of -1: 0 - x, which wraps for the most negative
/// integer as TensorFlow's kernels do; `quotient` otherwise.
static Value negatedForMinusOne(OpBuilder &nb, Location nl, Value x, Value y,
                                Value quotient) {
  Type t = y.getType();
  Value minusOne = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(t, -1));
  Value zero = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(t, 0));
  Value isMinusOne =
      nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::eq, y, minusOne);
  Value negated = nb.create<arith::SubIOp>(nl, zero, x);
  return nb.create<arith::SelectOp>(nl, isMinusOne, negated, quotient);
}

Value Lowering::binaryScalar(Operation *op, OpBuilder &nb, Location nl, Value x,
                             Value y) {
  Type et = x.getType();
  bool isF = isa<FloatType>(et);
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](kiln::AddOp) -> Value {
        return isF ? nb.create<arith::AddFOp>(nl, x, y).getResult()
                   : nb.create<arith::AddIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::SubOp) -> Value {
        return isF ? nb.create<arith::SubFOp>(nl, x, y).getResult()
                   : nb.create<arith::SubIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::MulOp) -> Value {
        return isF ? nb.create<arith::MulFOp>(nl, x, y).getResult()
                   : nb.create<arith::MulIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::DivOp) -> Value {
        if (isF)
          return nb.create<arith::DivFOp>(nl, x, y).getResult();
        return negatedForMinusOne(
            nb, nl, x, y,
            nb.create<arith::DivSIOp>(nl, x, safeDivisor(nb, nl, y)));
      })
      .Case([&](kiln::FloorDivOp) -> Value {
        if (isF)
          return nb.create<math::FloorOp>(nl,
                                          nb.create<arith::DivFOp>(nl, x, y));
        return negatedForMinusOne(
            nb, nl, x, y,
            nb.create<arith::FloorDivSIOp>(nl, x, safeDivisor(nb, nl, y)));
      })
      .Case([&](kiln::FloorModOp) -> Value {
        // Remainder with the divisor's sign, as Python's and TF's `%`.
        Value r, zero = scalar(et, 0);
        Value rNeg, yNeg, rNonZero;
        if (isF) {
          r = nb.create<arith::RemFOp>(nl, x, y);
          rNonZero =
              nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::ONE, r, zero);
          rNeg =
              nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OLT, r, zero);
          yNeg =
              nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OLT, y, zero);
        } else {
          y = safeDivisor(nb, nl, y);
          r = nb.create<arith::RemSIOp>(nl, x, y);
          rNonZero =
              nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::ne, r, zero);
          rNeg =
              nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::slt, r, zero);
          yNeg =
              nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::slt, y, zero);
        }
        Value signsDiffer = nb.create<arith::XOrIOp>(nl, rNeg, yNeg);
        Value adjust = nb.create<arith::AndIOp>(nl, rNonZero, signsDiffer);
        Value adjusted = isF ? nb.create<arith::AddFOp>(nl, r, y).getResult()
                             : nb.create<arith::AddIOp>(nl, r, y).getResult();
        return nb.create<arith::SelectOp>(nl, adjust, adjusted, r);
      })
      .Case([&](kiln::PowOp) -> Value {
        return isF ? nb.create<math::PowFOp>(nl, x, y).getResult()
                   : nb.create<math::IPowIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::MaximumOp) -> Value {
        return isF ? eigenMaxMin(nb, nl, true, x, y, true)
                   : nb.create<arith::MaxSIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::Atan2Op) -> Value {
        return nb.create<math::Atan2Op>(nl, x, y);
      })
      .Case([&](kiln::MinimumOp) -> Value {
        return isF ? eigenMaxMin(nb, nl, false, x, y, true)
                   : nb.create<arith::MinSIOp>(nl, x, y).getResult();
      })
      .Case([&](kiln::LogicalAndOp) -> Value {
        return nb.create<arith::AndIOp>(nl, x, y);
      })
      .Case([&](kiln::LogicalOrOp) -> Value {
        return nb.create<arith::OrIOp>(nl, x, y);
      })
      .Case([&](kiln::ShiftOp shift) -> Value {
        // TensorFlow clamps the amount to [0, width - 1]: no poison.
        Value zero = nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(et, 0));
        Value last = nb.create<arith::ConstantOp>(
            nl, nb.getIntegerAttr(et, et.getIntOrFloatBitWidth() - 1));
        Value amount = nb.create<arith::MinSIOp>(
            nl, nb.create<arith::MaxSIOp>(nl, y, zero), last);
        StringRef kind = shift.getKind();
        if (kind == "left")
          return nb.create<arith::ShLIOp>(nl, x, amount);
        if (kind == "right_logical")
          return nb.create<arith::ShRUIOp>(nl, x, amount);
        return nb.create<arith::ShRSIOp>(nl, x, amount);
      })
      .Case([&](kiln::CompareOp cmp) -> Value {
        StringRef p = cmp.getPredicate();
        if (isF) {
          auto pred = llvm::StringSwitch<arith::CmpFPredicate>(p)
                          .Case("eq", arith::CmpFPredicate::OEQ)
                          .Case("ne", arith::CmpFPredicate::UNE)
                          .Case("lt", arith::CmpFPredicate::OLT)
                          .Case("le", arith::CmpFPredicate::OLE)
                          .Case("gt", arith::CmpFPredicate::OGT)
                          .Default(arith::CmpFPredicate::OGE);
          return nb.create<arith::CmpFOp>(nl, pred, x, y);
        }
        bool isBool = et.isInteger(1);
        auto pred = llvm::StringSwitch<arith::CmpIPredicate>(p)
                        .Case("eq", arith::CmpIPredicate::eq)
                        .Case("ne", arith::CmpIPredicate::ne)
                        .Case("lt", isBool ? arith::CmpIPredicate::ult
                                           : arith::CmpIPredicate::slt)
                        .Case("le", isBool ? arith::CmpIPredicate::ule
                                           : arith::CmpIPredicate::sle)
                        .Case("gt", isBool ? arith::CmpIPredicate::ugt
                                           : arith::CmpIPredicate::sgt)
                        .Default(isBool ? arith::CmpIPredicate::uge
                                        : arith::CmpIPredicate::sge);
        return nb.create<arith::CmpIOp>(nl, pred, x, y);
      })
      .Default([](Operation *) { return Value(); });
}

Value Lowering::unaryScalar(StringRef fn, OpBuilder &nb, Location nl, Value x) {
  Type et = x.getType();
  bool isF = isa<FloatType>(et);
  auto constant = [&](double v) {
    if (isF)
      return nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(et, v))
          .getResult();
    return nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(et, (int64_t)v))
        .getResult();
  };
  if (fn == "neg")
    return isF ? nb.create<arith::NegFOp>(nl, x).getResult()
               : nb.create<arith::SubIOp>(nl, constant(0), x).getResult();
  if (fn == "abs") {
    if (isF)
      return nb.create<math::AbsFOp>(nl, x);
    // Spelled out: math.absi does not survive the math lowerings here.
    Value negative =
        nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::slt, x, constant(0));
    return nb.create<arith::SelectOp>(
        nl, negative, nb.create<arith::SubIOp>(nl, constant(0), x), x);
  }
  if (fn == "square")
    return isF ? nb.create<arith::MulFOp>(nl, x, x).getResult()
               : nb.create<arith::MulIOp>(nl, x, x).getResult();
  if (fn == "relu")
    return isF ? eigenMaxMin(nb, nl, true, x, constant(0), true)
               : nb.create<arith::MaxSIOp>(nl, x, constant(0)).getResult();
  if (fn == "sign") {
    Value zero = constant(0);
    Value pos, neg;
    if (isF) {
      pos = nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OGT, x, zero);
      neg = nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OLT, x, zero);
    } else {
      pos = nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::sgt, x, zero);
      neg = nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::slt, x, zero);
    }
    // Zeros of either sign give 0, NaN stays NaN (Eigen's sign).
    Value rest = x;
    if (isF)
      rest = nb.create<arith::SelectOp>(
          nl, nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::UNO, x, x), x,
          zero);
    Value negOrX = nb.create<arith::SelectOp>(nl, neg, constant(-1), rest);
    return nb.create<arith::SelectOp>(nl, pos, constant(1), negOrX);
  }
  if (fn == "logical_not")
    return nb.create<arith::XOrIOp>(
        nl, x, nb.create<arith::ConstantOp>(nl, nb.getBoolAttr(true)));
  if (fn == "sqrt")
    return nb.create<math::SqrtOp>(nl, x);
  if (fn == "rsqrt") // as 1 / sqrt(x): LLVM has no rsqrt to lower math.rsqrt to
    return nb.create<arith::DivFOp>(nl, constant(1),
                                    nb.create<math::SqrtOp>(nl, x));
  if (fn == "reciprocal")
    return nb.create<arith::DivFOp>(nl, constant(1), x);
  if (fn == "exp")
    return nb.create<math::ExpOp>(nl, x);
  if (fn == "log")
    return nb.create<math::LogOp>(nl, x);
  if (fn == "log1p")
    return nb.create<math::Log1pOp>(nl, x);
  if (fn == "expm1")
    return nb.create<math::ExpM1Op>(nl, x);
  if (fn == "sin")
    return nb.create<math::SinOp>(nl, x);
  if (fn == "cos")
    return nb.create<math::CosOp>(nl, x);
  if (fn == "tanh")
    return nb.create<math::TanhOp>(nl, x);
  if (fn == "erf")
    return nb.create<math::ErfOp>(nl, x);
  if (fn == "lgamma")
    return kiln::eigen::lgammaScalar(nb, nl, x);
  if (fn == "digamma")
    return kiln::eigen::digammaScalar(nb, nl, x);
  if (fn == "erfc") {
    if (isa<Float32Type>(x.getType()))
      return kiln::eigen::erfcScalar(nb, nl, x);
    // MLIR 19 has no math.erfc; the tracer makes erfc of f32 only.
    Value one =
        nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(x.getType(), 1));
    return nb.create<arith::SubFOp>(nl, one, nb.create<math::ErfOp>(nl, x));
  }
  // Eigen evaluates these with the C library's functions (convert-math-to-
  // libm calls them too).
  if (fn == "tan")
    return nb.create<math::TanOp>(nl, x);
  if (fn == "asin")
    return nb.create<math::AsinOp>(nl, x);
  if (fn == "acos")
    return nb.create<math::AcosOp>(nl, x);
  if (fn == "atan")
    return nb.create<math::AtanOp>(nl, x);
  if (fn == "sinh")
    return nb.create<math::SinhOp>(nl, x);
  if (fn == "cosh")
    return nb.create<math::CoshOp>(nl, x);
  if (fn == "asinh")
    return nb.create<math::AsinhOp>(nl, x);
  if (fn == "acosh")
    return nb.create<math::AcoshOp>(nl, x);
  if (fn == "atanh")
    return nb.create<math::AtanhOp>(nl, x);
  if (fn == "floor")
    return nb.create<math::FloorOp>(nl, x);
  if (fn == "ceil")
    return nb.create<math::CeilOp>(nl, x);
  if (fn == "round")
    return nb.create<math::RoundEvenOp>(nl, x);
  // sigmoid: 1 / (1 + exp(-x))
  Value e = nb.create<math::ExpOp>(nl, nb.create<arith::NegFOp>(nl, x));
  Value one = constant(1);
  return nb.create<arith::DivFOp>(nl, one,
                                  nb.create<arith::AddFOp>(nl, one, e));
}

Value Lowering::castScalar(OpBuilder &nb, Location nl, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromF = dyn_cast<FloatType>(from);
  auto toF = dyn_cast<FloatType>(to);
  if (to.isInteger(1)) { // x != 0
    if (fromF)
      return nb.create<arith::CmpFOp>(
          nl, arith::CmpFPredicate::UNE, x,
          nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(from, 0)));
    return nb.create<arith::CmpIOp>(
        nl, arith::CmpIPredicate::ne, x,
        nb.create<arith::ConstantOp>(nl, nb.getIntegerAttr(from, 0)));
  }
  // 16-bit floats convert through f32, as Eigen's half and bfloat16 do
  // (double -> float -> bfloat16 rounds twice), which also keeps LLVM from
  // calling compiler-rt helpers (__truncdfbf2) that a library cannot count on.
  auto f32 = nb.getF32Type();
  if (fromF && fromF.getWidth() == 16 && to != f32) {
    x = nb.create<arith::ExtFOp>(nl, f32, x);
    return castScalar(nb, nl, x, to);
  }
  if (toF && toF.getWidth() == 16 && from != f32) {
    x = castScalar(nb, nl, x, f32);
    return nb.create<arith::TruncFOp>(nl, to, x);
  }
  if (fromF && toF) {
    return fromF.getWidth() < toF.getWidth()
               ? nb.create<arith::ExtFOp>(nl, to, x).getResult()
               : nb.create<arith::TruncFOp>(nl, to, x).getResult();
  }
  if (fromF) {
    // x86's truncating conversion, as TensorFlow's scalar cast kernel runs
    // it: to 32 bits (64 for int64), the value out of range or NaN giving
    // the lowest integer, then the low bits for a narrower type. (LLVM's
    // fptosi leaves those cases undefined, so results would depend on how
    // the loop is vectorized.)
    unsigned tw = to.getIntOrFloatBitWidth();
    Type wide = tw == 64 ? nb.getI64Type() : nb.getI32Type();
    double limit = tw == 64 ? 9223372036854775808.0 : 2147483648.0;
    auto bound = [&](double v) {
      return nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(from, v));
    };
    Value inRange = nb.create<arith::AndIOp>(
        nl,
        nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OGE, x,
                                 bound(-limit)),
        nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OLT, x,
                                 bound(limit)));
    Value lowest = nb.create<arith::ConstantOp>(
        nl, nb.getIntegerAttr(
                wide, APInt::getSignedMinValue(wide.getIntOrFloatBitWidth())));
    Value converted = nb.create<arith::SelectOp>(
        nl, inRange, nb.create<arith::FPToSIOp>(nl, wide, x), lowest);
    return wide == to
               ? converted
               : nb.create<arith::TruncIOp>(nl, to, converted).getResult();
  }
  if (toF)
    return from.isInteger(1)
               ? nb.create<arith::UIToFPOp>(nl, to, x).getResult()
               : nb.create<arith::SIToFPOp>(nl, to, x).getResult();
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw)
    return from.isInteger(1) ? nb.create<arith::ExtUIOp>(nl, to, x).getResult()
                             : nb.create<arith::ExtSIOp>(nl, to, x).getResult();
  return nb.create<arith::TruncIOp>(nl, to, x);
}

/// The identity element of a reduction, or the value it starts from.
static double reductionInit(StringRef kind, bool &isMin) {
  isMin = false;
  if (kind == "sum" || kind == "mean" || kind == "any")
    return 0;
  if (kind == "prod" || kind == "all")
    return 1;
  isMin = kind == "min";
  return 0; // max/min use the type's extreme, built by the caller
}

/// TensorFlow's reduction helper's view of a reduction: runs of adjacent
/// reduced or kept dimensions (a dimension of size 1 joins the run before
/// it, or the first). `run[d]` is dimension d's.
struct ReductionRuns {
  SmallVector<int> run;
  int count = 0;
  bool firstReduced = false;
};

static ReductionRuns reductionRuns(RankedTensorType type,
                                   ArrayRef<int64_t> axes) {
  ReductionRuns r;
  r.run.assign(type.getRank(), -1);
  bool wasReduced = false;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (type.getDimSize(d) == 1)
      continue;
    bool reduced = llvm::is_contained(axes, d);
    if (r.count == 0)
      r.firstReduced = reduced;
    if (r.count == 0 || reduced != wasReduced)
      ++r.count;
    r.run[d] = r.count - 1;
    wasReduced = reduced;
  }
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (r.run[d] < 0)
      r.run[d] = d == 0 ? 0 : r.run[d - 1];
  return r;
}

/// One step of a sum, or of a product (Eigen's ProdReducer takes the sum's
/// paths, multiplying from ones).
static Value reducerStep(OpBuilder &b, Location loc, bool product, Value acc,
                         Value x) {
  if (product)
    return b.create<arith::MulFOp>(loc, acc, x);
  return b.create<arith::AddFOp>(loc, acc, x);
}

/// Whether every dimension kept by a reduction comes before every reduced
/// one, ignoring dimensions of size 1: TensorFlow then sums each output's
/// elements as one contiguous run (an innermost-dimension reduction).
static bool reducesInnermost(RankedTensorType type, ArrayRef<int64_t> axes) {
  bool reducing = false;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (type.getDimSize(d) == 1)
      continue;
    bool reduced = llvm::is_contained(axes, d);
    if (!reduced && reducing)
      return false;
    reducing |= reduced;
  }
  return true;
}

Value Lowering::lowerReduceOf(RankedTensorType type, Value input,
                              StringAttr kind, ArrayRef<int64_t> axes,
                              bool keepdims) {
  auto op = b.create<kiln::ReduceOp>(loc, type, input, kind,
                                     b.getDenseI64ArrayAttr(axes),
                                     b.getBoolAttr(keepdims));
  Value lowered = lowerReduce(op);
  op.erase();
  return lowered;
}

Value Lowering::lowerReduce(kiln::ReduceOp op) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  Type et = inType.getElementType();
  StringRef kind = op.getKind();
  // TensorFlow's reducer specializations that compute in a wider type and
  // cast the result back: bfloat16 sums and means as float, integer means
  // (int8 to int32) as int64, so that the sum does not wrap. Its GPU
  // kernels add float16 in float too (the cuda target's order).
  bool narrowIntMean =
      kind == "mean" && isa<IntegerType>(et) && et.getIntOrFloatBitWidth() < 64;
  bool narrowFloatSum = (et.isBF16() || (!hostOrder && et.isF16())) &&
                        (kind == "sum" || kind == "mean");
  if (narrowFloatSum || narrowIntMean) {
    bool isFloat = narrowFloatSum;
    Type wideType = isFloat ? Type(b.getF32Type()) : b.getI64Type();
    auto wideIn = RankedTensorType::get(inType.getShape(), wideType);
    Value wide = elementwise(
        wideIn, ValueRange{input},
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          return isFloat ? nb.create<arith::ExtFOp>(nl, wideType, args[0])
                               .getResult()
                         : nb.create<arith::ExtSIOp>(nl, wideType, args[0])
                               .getResult();
        });
    auto outType = cast<RankedTensorType>(op.getType());
    Value reduced =
        lowerReduceOf(RankedTensorType::get(outType.getShape(), wideType), wide,
                      op.getKindAttr(), op.getAxes(), op.getKeepdims());
    return elementwise(
        outType, ValueRange{reduced},
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          return isFloat
                     ? nb.create<arith::TruncFOp>(nl, et, args[0]).getResult()
                     : nb.create<arith::TruncIOp>(nl, et, args[0]).getResult();
        });
  }
  ArrayRef<int64_t> axes = op.getAxes();
  // With keepdims, the reduced axes come back as size-1 dimensions.
  auto keepDims = [&](Value reduced) {
    if (!op.getKeepdims())
      return reduced;
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < inType.getRank(); ++d)
      sizes.push_back(llvm::is_contained(axes, d) ? index(1) : dim(input, d));
    return reshape(reduced, op.getType(), sizes);
  };
  // The reduced tensor without the axes.
  SmallVector<int64_t> shape;
  SmallVector<Value> dynSizes;
  for (int64_t d = 0; d < inType.getRank(); ++d) {
    if (llvm::is_contained(axes, d))
      continue;
    shape.push_back(inType.getDimSize(d));
    if (inType.isDynamicDim(d))
      dynSizes.push_back(dim(input, d));
  }
  auto reducedType = RankedTensorType::get(shape, et);
  bool isF = isa<FloatType>(et);
  Value result;
  // Sums, means and products take TensorFlow's order where kiln knows it.
  bool ordered =
      hostOrder && (kind == "sum" || kind == "mean" || kind == "prod");
  // Four or more alternating runs of kept and reduced dimensions: TensorFlow
  // transposes the reduced ones last, then reduces those innermost.
  // The cuda target: the same, for every reduction whose reduced
  // dimensions are not innermost, so that the kept ones become the
  // parallel loops of a kernel.
  if ((ordered && (et.isF32() || et.isF64()) &&
       reductionRuns(inType, axes).count >= 4) ||
      (!hostOrder && !reducesInnermost(inType, axes))) {
    SmallVector<int64_t> perm, permShape, innerAxes;
    SmallVector<Value> dyn;
    for (bool reducedPart : {false, true})
      for (int64_t d = 0; d < inType.getRank(); ++d)
        if (llvm::is_contained(axes, d) == reducedPart) {
          if (reducedPart)
            innerAxes.push_back(perm.size());
          perm.push_back(d);
          permShape.push_back(inType.getDimSize(d));
          if (inType.isDynamicDim(d))
            dyn.push_back(dim(input, d));
        }
    auto permType = RankedTensorType::get(permShape, et);
    Value permuted =
        b.create<linalg::TransposeOp>(loc, input, empty(permType, dyn), perm)
            .getResult()[0];
    return keepDims(lowerReduceOf(reducedType, permuted, op.getKindAttr(),
                                  innerAxes, false));
  }
  if (ordered)
    result = eigenOrderSum(op, reducedType, dynSizes);
  if (ordered && !result)
    result = eigenOuterSum(op, reducedType, dynSizes);
  if (ordered && !result)
    result = eigenFirstLastSum(op, reducedType, dynSizes);
  if (!result && !hostOrder)
    result = twoStageReduce(op, reducedType);
  if (!result)
    result = linalgReduce(op, reducedType, dynSizes);
  if (isF && (kind == "sum" || kind == "mean"))
    result = copyOfOne(op, result, reducedType);
  if (kind == "mean") {
    Value count = index(1);
    for (int64_t axis : axes)
      count = b.create<arith::MulIOp>(loc, count, dim(input, axis));
    Value countI64 = b.create<arith::IndexCastOp>(loc, b.getI64Type(), count);
    Value divisor =
        isF ? b.create<arith::SIToFPOp>(loc, et, countI64).getResult()
            : castScalar(b, loc, countI64, et);
    result = elementwise(
        reducedType, ValueRange{result},
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          return isF ? nb.create<arith::DivFOp>(nl, args[0], divisor)
                           .getResult()
                     : nb.create<arith::DivSIOp>(nl, args[0],
                                                 safeDivisor(nb, nl, divisor))
                           .getResult();
        });
  }
  return keepDims(result);
}

Value Lowering::copyOfOne(kiln::ReduceOp op, Value sum,
                          RankedTensorType reducedType) {
  // TensorFlow's reduction drops dimensions of size 1: a sum over one
  // element copies it, keeping a -0.0 that adding it to zero would turn
  // into +0.0.
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  bool dynamic = false;
  for (int64_t axis : op.getAxes()) {
    if (inType.isDynamicDim(axis))
      dynamic = true;
    else if (inType.getDimSize(axis) != 1)
      return sum;
  }
  auto copy = [&]() {
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < inType.getRank(); ++d)
      if (!llvm::is_contained(op.getAxes(), d))
        sizes.push_back(dim(input, d));
    return reshape(input, reducedType, sizes);
  };
  if (!dynamic)
    return copy();
  Value count = index(1);
  for (int64_t axis : op.getAxes())
    count = b.create<arith::MulIOp>(loc, count, dim(input, axis));
  Value one =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, count, index(1));
  return choose(one, copy, [&] { return sum; });
}

/// The value a reduction of `kind` starts from: 0, 1, or the extreme of
/// `et` that min and max never keep.
Value Lowering::reductionIdentity(StringRef kind, Type et) {
  bool isMin;
  double initValue = reductionInit(kind, isMin);
  if (kind != "max" && kind != "min")
    return scalar(et, initValue);
  if (auto f = dyn_cast<FloatType>(et)) {
    APFloat inf = APFloat::getInf(f.getFloatSemantics(), /*Negative=*/!isMin);
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(f, inf));
  }
  unsigned w = et.getIntOrFloatBitWidth();
  APInt v = et.isInteger(1) ? APInt(1, isMin ? 1 : 0)
                            : (isMin ? APInt::getSignedMaxValue(w)
                                     : APInt::getSignedMinValue(w));
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(et, v));
}

/// For the cuda target: a reduction of every element of a large input as
/// two, so that a kernel does the work. The input, padded with the
/// identity, is cut into 1024 runs that 1024 threads reduce, then the 1024
/// results are reduced. Null for an input known to be small.
Value Lowering::twoStageReduce(kiln::ReduceOp op,
                               RankedTensorType reducedType) {
  constexpr int64_t parts = 1024;
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  if (reducedType.getRank() != 0 || inType.getRank() == 0 ||
      (inType.hasStaticShape() && inType.getNumElements() <= 4 * parts))
    return nullptr;
  Type et = inType.getElementType();
  StringRef kind = op.getKind() == "mean" ? "sum" : op.getKind();
  Value total = index(1);
  for (int64_t d = 0; d < inType.getRank(); ++d)
    total = b.create<arith::MulIOp>(loc, total, dim(input, d));
  auto vector = RankedTensorType::get({ShapedType::kDynamic}, et);
  Value flat = reshape(input, vector, {total});
  Value run = b.create<arith::DivUIOp>(
      loc, b.create<arith::AddIOp>(loc, total, index(parts - 1)), index(parts));
  // The identity, with the input written over its start (tensor.pad would
  // do the same; its bufferization fails on a size known statically).
  Value padded = filled(
      vector, {b.create<arith::MulIOp>(loc, run, index(parts)).getResult()},
      reductionIdentity(kind, et));
  padded = b.create<tensor::InsertSliceOp>(
      loc, flat, padded, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{total}, ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  Value runs =
      reshape(padded, RankedTensorType::get({parts, ShapedType::kDynamic}, et),
              {index(parts), run});
  StringAttr stageKind = b.getStringAttr(kind);
  Value partial = lowerReduceOf(RankedTensorType::get({parts}, et), runs,
                                stageKind, {1}, false);
  return lowerReduceOf(reducedType, partial, stageKind, {0}, false);
}

Value Lowering::linalgReduce(kiln::ReduceOp op, RankedTensorType reducedType,
                             ValueRange dynSizes) {
  Value input = op.getInput();
  Type et = reducedType.getElementType();
  StringRef kind = op.getKind();
  Value init = reductionIdentity(kind, et);
  bool isF = isa<FloatType>(et);
  bool isBool = et.isInteger(1); // false < true: compare unsigned
  Value acc = filled(reducedType, dynSizes, init);
  auto reduce = b.create<linalg::ReduceOp>(
      loc, ValueRange{input}, ValueRange{acc}, op.getAxes(),
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value x = args[0], a = args[1], r;
        if (kind == "sum" || kind == "mean")
          r = isF ? nb.create<arith::AddFOp>(nl, x, a).getResult()
                  : nb.create<arith::AddIOp>(nl, x, a).getResult();
        else if (kind == "prod")
          r = isF ? nb.create<arith::MulFOp>(nl, x, a).getResult()
                  : nb.create<arith::MulIOp>(nl, x, a).getResult();
        else if (kind == "max")
          r = isF      ? nb.create<arith::MaximumFOp>(nl, x, a).getResult()
              : isBool ? nb.create<arith::MaxUIOp>(nl, x, a).getResult()
                       : nb.create<arith::MaxSIOp>(nl, x, a).getResult();
        else if (kind == "min")
          r = isF      ? nb.create<arith::MinimumFOp>(nl, x, a).getResult()
              : isBool ? nb.create<arith::MinUIOp>(nl, x, a).getResult()
                       : nb.create<arith::MinSIOp>(nl, x, a).getResult();
        else if (kind == "any")
          r = nb.create<arith::OrIOp>(nl, x, a);
        else
          r = nb.create<arith::AndIOp>(nl, x, a);
        nb.create<linalg::YieldOp>(nl, r);
      });
  return reduce.getResult(0);
}

Value Lowering::eigenOrderSum(kiln::ReduceOp op, RankedTensorType reducedType,
                              ValueRange dynSizes) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  Type et = inType.getElementType();
  bool product = op.getKind() == "prod";
  // (bfloat16 sums take TensorFlow's casting specialization instead.)
  if (!(et.isF32() || et.isF64() || et.isF16() || (product && et.isBF16())) ||
      !reducesInnermost(inType, op.getAxes()))
    return nullptr;
  // Each output sums a run of n consecutive elements of the flat input.
  Value total = index(1), n = index(1), outputs = index(1);
  std::optional<int64_t> staticN = 1;
  for (int64_t d = 0; d < inType.getRank(); ++d) {
    if (llvm::is_contained(op.getAxes(), d) && staticN)
      staticN = inType.isDynamicDim(d)
                    ? std::nullopt
                    : std::optional<int64_t>(*staticN * inType.getDimSize(d));
    Value size = dim(input, d);
    total = b.create<arith::MulIOp>(loc, total, size);
    Value &product = llvm::is_contained(op.getAxes(), d) ? n : outputs;
    product = b.create<arith::MulIOp>(loc, product, size);
  }
  Value flat = reshape(input, RankedTensorType::get({ShapedType::kDynamic}, et),
                       {total});
  auto flatOut = RankedTensorType::get({ShapedType::kDynamic}, et);
  // A sum or product of everything is Eigen's full reducer, which splits
  // large ones among the intra-op threads.
  if (reducedType.hasStaticShape() && reducedType.getNumElements() == 1 &&
      llvm::all_of(llvm::seq<int64_t>(0, inType.getRank()), [&](int64_t d) {
        return llvm::is_contained(op.getAxes(), d) || inType.getDimSize(d) == 1;
      })) {
    Value sum = kiln::eigen::fullSum(
        b, loc, flat, n, std::max(1u, std::thread::hardware_concurrency()),
        product);
    Value one = b.create<tensor::FromElementsOp>(
        loc, RankedTensorType::get({1}, et), ValueRange{sum});
    return toReduced(one, reducedType, dynSizes);
  }
  Value init = b.create<tensor::EmptyOp>(loc, flatOut.getShape(), et,
                                         ValueRange{outputs});
  auto rows = b.create<scf::ForOp>(
      loc, index(0), outputs, index(1), ValueRange{init},
      [&](OpBuilder &nb, Location nl, Value row, ValueRange acc) {
        Value first = nb.create<arith::MulIOp>(nl, row, n);
        Value sum =
            kiln::eigen::innerSum(nb, nl, flat, first, n, staticN, product);
        nb.create<scf::YieldOp>(
            nl, nb.create<tensor::InsertOp>(nl, sum, acc[0], ValueRange{row})
                    .getResult());
      });
  return toReduced(rows.getResult(0), reducedType, dynSizes);
}

Value Lowering::toReduced(Value flat, RankedTensorType reducedType,
                          ValueRange dynSizes) {
  SmallVector<Value> sizes;
  for (int64_t d = 0, k = 0; d < reducedType.getRank(); ++d)
    sizes.push_back(reducedType.isDynamicDim(d)
                        ? dynSizes[k++]
                        : index(reducedType.getDimSize(d)));
  return reshape(flat, reducedType, sizes);
}

Value Lowering::eigenFirstLastSum(kiln::ReduceOp op,
                                  RankedTensorType reducedType,
                                  ValueRange dynSizes) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  Type et = inType.getElementType();
  if (!(et.isF32() || et.isF64()))
    return nullptr;
  // TensorFlow's reduction helper sees [R1, K, R2] (runs of reduced, kept
  // and reduced dimensions; size-1 dimensions go with either). Eigen's
  // generic reducer then sums each output one element at a time, looping
  // over R2 outside and R1 inside.
  ReductionRuns runs = reductionRuns(inType, op.getAxes());
  if (runs.count != 3 || !runs.firstReduced)
    return nullptr;
  int64_t rank = inType.getRank();
  Value sizes[3] = {index(1), index(1), index(1)};
  for (int64_t d = 0; d < rank; ++d)
    sizes[runs.run[d]] =
        b.create<arith::MulIOp>(loc, sizes[runs.run[d]], dim(input, d));
  int64_t kDyn = ShapedType::kDynamic;
  Value total = b.create<arith::MulIOp>(
      loc, b.create<arith::MulIOp>(loc, sizes[0], sizes[1]), sizes[2]);
  Value flat = reshape(input, RankedTensorType::get({kDyn}, et), {total});
  bool product = op.getKind() == "prod";
  Value init = scalar(et, product ? 1 : 0);
  auto sums = b.create<tensor::GenerateOp>(
      loc, RankedTensorType::get({kDyn}, et), ValueRange{sizes[1]},
      [&](OpBuilder &nb, Location nl, ValueRange idx) {
        Value zero = nb.create<arith::ConstantIndexOp>(nl, 0);
        Value one = nb.create<arith::ConstantIndexOp>(nl, 1);
        auto outerLoop = nb.create<scf::ForOp>(
            nl, zero, sizes[2], one, ValueRange{init},
            [&](OpBuilder &ob, Location ol, Value j2, ValueRange outerAcc) {
              auto innerLoop = ob.create<scf::ForOp>(
                  ol, zero, sizes[0], one, outerAcc,
                  [&](OpBuilder &ib, Location il, Value j1, ValueRange acc) {
                    // Element (j1, k, j2) of the flat [R1, K, R2] input.
                    Value row = ib.create<arith::AddIOp>(
                        il, ib.create<arith::MulIOp>(il, j1, sizes[1]), idx[0]);
                    Value at = ib.create<arith::AddIOp>(
                        il, ib.create<arith::MulIOp>(il, row, sizes[2]), j2);
                    Value x =
                        ib.create<tensor::ExtractOp>(il, flat, ValueRange{at});
                    ib.create<scf::YieldOp>(
                        il, reducerStep(ib, il, product, acc[0], x));
                  });
              ob.create<scf::YieldOp>(ol, innerLoop.getResults());
            });
        nb.create<tensor::YieldOp>(nl, outerLoop.getResult(0));
      });
  return toReduced(sums.getResult(), reducedType, dynSizes);
}

Value Lowering::eigenOuterSum(kiln::ReduceOp op, RankedTensorType reducedType,
                              ValueRange dynSizes) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  Type et = inType.getElementType();
  if (!(et.isF32() || et.isF64() || et.isF16()))
    return nullptr;
  // TensorFlow's reduction helper sees [A, R, C]: kept dimensions, one run
  // of reduced ones, kept ones (size-1 dimensions go with either).
  ArrayRef<int64_t> axes = op.getAxes();
  int64_t rank = inType.getRank(), firstReduced = -1, lastReduced = -1;
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(axes, d) || inType.getDimSize(d) == 1)
      continue;
    if (firstReduced < 0)
      firstReduced = d;
    lastReduced = d;
  }
  if (firstReduced < 0)
    return nullptr;
  for (int64_t d = firstReduced; d <= lastReduced; ++d)
    if (!llvm::is_contained(axes, d) && inType.getDimSize(d) != 1)
      return nullptr; // kept dimensions between reduced ones
  Value outer = index(1), rows = index(1), cols = index(1);
  for (int64_t d = 0; d < rank; ++d) {
    Value &product = d < firstReduced ? outer : d <= lastReduced ? rows : cols;
    product = b.create<arith::MulIOp>(loc, product, dim(input, d));
  }
  int64_t kDyn = ShapedType::kDynamic;
  Value total = b.create<arith::MulIOp>(
      loc, b.create<arith::MulIOp>(loc, outer, rows), cols);
  Value flat = reshape(input, RankedTensorType::get({kDyn}, et), {total});
  Value outputs = b.create<arith::MulIOp>(loc, outer, cols);
  // Eigen evaluates outputs in packets of 8 floats or halves (4 doubles);
  // each half addition rounds to half, as Eigen's half packets do. A packet
  // within one row of C sums each lane with four accumulators (rows
  // j = 0, 1, 2, 3 mod 4, combined 0 + 1, + 2, + 3, then the rows past the
  // last multiple of 4) once R >= 16, else row by row; outputs in a packet
  // that crosses rows, or past the last whole packet, sum row by row.
  int64_t packet = et.isF64() ? 4 : 8;
  bool product = op.getKind() == "prod";
  Value zero = scalar(et, product ? 1 : 0);
  auto sums = b.create<tensor::GenerateOp>(
      loc, RankedTensorType::get({kDyn}, et), ValueRange{outputs},
      [&](OpBuilder &nb, Location nl, ValueRange idx) {
        auto c = [&](int64_t v) {
          return nb.create<arith::ConstantIndexOp>(nl, v).getResult();
        };
        auto add = [&](Value x, Value y) {
          return reducerStep(nb, nl, product, x, y);
        };
        auto mul = [&](Value x, Value y) {
          return nb.create<arith::MulIOp>(nl, x, y).getResult();
        };
        auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
          return nb.create<arith::CmpIOp>(nl, p, x, y).getResult();
        };
        Value o = idx[0];
        Value a = nb.create<arith::DivUIOp>(nl, o, cols);
        Value col = nb.create<arith::RemUIOp>(nl, o, cols);
        // Element (a, j, col) of the flat [A, R, C] input.
        Value base = nb.create<arith::AddIOp>(nl, mul(mul(a, rows), cols), col);
        auto at = [&](OpBuilder &lb, Location ll, Value j) {
          Value i = lb.create<arith::AddIOp>(
              ll, base, lb.create<arith::MulIOp>(ll, j, cols));
          return lb.create<tensor::ExtractOp>(ll, flat, ValueRange{i})
              .getResult();
        };
        auto sequential = [&](Value from, Value to, Value init) {
          return nb
              .create<scf::ForOp>(
                  nl, from, to, c(1), ValueRange{init},
                  [&](OpBuilder &lb, Location ll, Value j, ValueRange acc) {
                    Value next =
                        reducerStep(lb, ll, product, acc[0], at(lb, ll, j));
                    lb.create<scf::YieldOp>(ll, next);
                  })
              .getResult(0);
        };
        Value packetStart =
            mul(nb.create<arith::DivUIOp>(nl, o, c(packet)), c(packet));
        Value wholePackets =
            mul(nb.create<arith::DivUIOp>(nl, outputs, c(packet)), c(packet));
        Value inRow =
            cmp(arith::CmpIPredicate::ult,
                nb.create<arith::AddIOp>(
                    nl, nb.create<arith::RemUIOp>(nl, packetStart, cols),
                    c(packet - 1)),
                cols);
        Value unrolled = nb.create<arith::AndIOp>(
            nl,
            nb.create<arith::AndIOp>(
                nl, cmp(arith::CmpIPredicate::ult, o, wholePackets), inRow),
            cmp(arith::CmpIPredicate::uge, rows, c(16)));
        auto branch = nb.create<scf::IfOp>(nl, TypeRange{et}, unrolled,
                                           /*withElseRegion=*/true);
        {
          OpBuilder::InsertionGuard guard(nb);
          nb.setInsertionPointToStart(&branch.getThenRegion().front());
          Value rows4 = mul(nb.create<arith::DivUIOp>(nl, rows, c(4)), c(4));
          auto four = nb.create<scf::ForOp>(
              nl, c(0), rows4, c(4), ValueRange{zero, zero, zero, zero},
              [&](OpBuilder &lb, Location ll, Value j, ValueRange acc) {
                SmallVector<Value> next;
                for (int64_t k = 0; k < 4; ++k) {
                  Value row = lb.create<arith::AddIOp>(
                      ll, j, lb.create<arith::ConstantIndexOp>(ll, k));
                  next.push_back(
                      reducerStep(lb, ll, product, acc[k], at(lb, ll, row)));
                }
                lb.create<scf::YieldOp>(ll, next);
              });
          Value acc = add(
              add(add(four.getResult(0), four.getResult(1)), four.getResult(2)),
              four.getResult(3));
          nb.create<scf::YieldOp>(nl, sequential(rows4, rows, acc));
          nb.setInsertionPointToStart(&branch.getElseRegion().front());
          nb.create<scf::YieldOp>(nl, sequential(c(0), rows, zero));
        }
        nb.create<tensor::YieldOp>(nl, branch.getResult(0));
      });
  return toReduced(sums.getResult(), reducedType, dynSizes);
}

Value Lowering::lowerArgReduce(kiln::ArgReduceOp op) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  auto outType = op.getType();
  Type et = inType.getElementType();
  int64_t axis = op.getAxis(), rank = inType.getRank();
  bool isMax = op.getKind() == "max";
  SmallVector<Value> dynSizes;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && inType.isDynamicDim(d))
      dynSizes.push_back(dim(input, d));
  auto bestType = RankedTensorType::get(outType.getShape(), et);
  Value startValue;
  if (auto f = dyn_cast<FloatType>(et))
    startValue = b.create<arith::ConstantOp>(
        loc, b.getFloatAttr(f, APFloat::getInf(f.getFloatSemantics(), isMax)));
  else if (et.isInteger(1)) // bools compare unsigned: start below/above all
    startValue =
        b.create<arith::ConstantOp>(loc, b.getIntegerAttr(et, isMax ? 0 : 1));
  else
    startValue = b.create<arith::ConstantOp>(
        loc,
        b.getIntegerAttr(
            et, isMax ? APInt::getSignedMinValue(et.getIntOrFloatBitWidth())
                      : APInt::getSignedMaxValue(et.getIntOrFloatBitWidth())));
  Value best = filled(bestType, dynSizes, startValue);
  Value bestIndex =
      filled(outType, dynSizes, scalar(outType.getElementType(), 0));
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> outExprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      outExprs.push_back(getAffineDimExpr(d, ctx));
  AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank), outMap, outMap};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators[axis] = utils::IteratorType::reduction;
  bool isF = isa<FloatType>(et);
  auto generic = b.create<linalg::GenericOp>(
      loc, TypeRange{bestType, outType}, ValueRange{input},
      ValueRange{best, bestIndex}, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value x = args[0], cur = args[1], curIndex = args[2];
        Value i = nb.create<linalg::IndexOp>(nl, axis);
        Value iCast =
            nb.create<arith::IndexCastOp>(nl, outType.getElementType(), i);
        // Strictly better only, so the first of equal values wins.
        bool isBool = et.isInteger(1);
        auto gt =
            isBool ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
        auto lt =
            isBool ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
        Value better =
            isF ? nb.create<arith::CmpFOp>(nl,
                                           isMax ? arith::CmpFPredicate::OGT
                                                 : arith::CmpFPredicate::OLT,
                                           x, cur)
                      .getResult()
                : nb.create<arith::CmpIOp>(nl, isMax ? gt : lt, x, cur)
                      .getResult();
        nb.create<linalg::YieldOp>(
            nl, ValueRange{
                    nb.create<arith::SelectOp>(nl, better, x, cur),
                    nb.create<arith::SelectOp>(nl, better, iCast, curIndex)});
      });
  return generic.getResult(1);
}

Value Lowering::fmaMatmul(Value lhs, Value rhs, Value init) {
  return kiln::eigen::accumulateProduct(b, loc, lhs, rhs, init, true);
}

Value Lowering::piecewiseMatmul(
    Value lhs, Value rhs, Value init,
    const std::vector<std::vector<int64_t>> &pieces) {
  auto outType = cast<RankedTensorType>(init.getType());
  if (pieces.size() == 1 && pieces[0].size() == 2)
    return fmaMatmul(lhs, rhs, init); // one chain over all of k
  // Operands of rank 3 are batches of matrices, each cut the same way.
  int64_t rank = outType.getRank(), batch = rank - 2;
  auto add = [&](Value x, Value y) {
    return kiln::eigen::addElementwise(b, loc, x, y);
  };
  OpFoldResult rows = tensor::getMixedSize(b, loc, lhs, batch),
               cols = tensor::getMixedSize(b, loc, rhs, batch + 1);
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  SmallVector<OpFoldResult> lead, leadZero, ones(rank, one);
  if (batch) {
    lead.push_back(tensor::getMixedSize(b, loc, lhs, 0));
    leadZero.push_back(zero);
  }
  auto with = [&](SmallVector<OpFoldResult> front, OpFoldResult x,
                  OpFoldResult y) {
    front.append({x, y});
    return front;
  };
  Value total;
  for (const std::vector<int64_t> &bounds : pieces) {
    Value sum;
    for (size_t i = 0; i + 1 < bounds.size(); ++i) {
      OpFoldResult at = b.getIndexAttr(bounds[i]),
                   size = b.getIndexAttr(bounds[i + 1] - bounds[i]);
      Value l = b.create<tensor::ExtractSliceOp>(
          loc, lhs, with(leadZero, zero, at), with(lead, rows, size), ones);
      Value r = b.create<tensor::ExtractSliceOp>(
          loc, rhs, with(leadZero, at, zero), with(lead, size, cols), ones);
      Value piece = fmaMatmul(l, r, init);
      sum = sum ? add(sum, piece) : piece;
    }
    total = total ? add(total, sum) : sum;
  }
  return total;
}

Value Lowering::kPiecesMatmul(Value lhs, Value rhs, Value init) {
  auto outType = cast<RankedTensorType>(init.getType());
  int64_t batch = outType.getRank() - 2;
  int64_t k = cast<RankedTensorType>(lhs.getType()).getDimSize(batch + 1);
  int64_t rows = outType.getDimSize(batch),
          cols = outType.getDimSize(batch + 1);
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  kiln::eigen::CacheSizes caches = kiln::eigen::hostCacheSizes();
  if (!avx512 && batch == 0 && ShapedType::isDynamic(k) &&
      !ShapedType::isDynamic(rows) && !ShapedType::isDynamic(cols))
    if (Value v = avx2ProductByK(lhs, rhs, init, rows, cols, threads, caches))
      return v;
  if (ShapedType::isDynamic(k) || ShapedType::isDynamic(cols))
    return fmaMatmul(lhs, rhs, init); // not measured; one chain
  // Without AVX-512 oneDNN's kernels sum in orders of their own
  // (Avx2MatMul.h), modeled for matrices of known sizes.
  if (!avx512 && !ShapedType::isDynamic(rows)) {
    std::vector<kiln::eigen::Avx2Shard> plan =
        kiln::eigen::avx2MatMulPlan(rows, k, cols, threads, caches);
    if (!plan.empty())
      return kiln::eigen::avx2MatMul(b, loc, lhs, rhs, init, plan);
  }
  if (!ShapedType::isDynamic(rows))
    return piecewiseMatmul(
        lhs, rhs, init,
        kiln::eigen::matMulPieces(rows, k, cols, threads, caches));
  // Rows known at run time (a None batch): a choice among the few ways
  // the row count cuts k (rows of 2 and more; one row is a GEMV).
  Value count = b.create<tensor::DimOp>(loc, init, batch);
  auto byRows = [&](const std::vector<int64_t> &firsts,
                    const std::function<Value(size_t)> &build) {
    return chooseByCount(count, firsts, 0, build);
  };
  auto avx512Orders = [&]() {
    std::vector<kiln::eigen::RowRange> table =
        kiln::eigen::matMulPiecesByRows(k, cols, threads, caches);
    std::vector<int64_t> firsts;
    for (const kiln::eigen::RowRange &r : table)
      firsts.push_back(r.firstRow);
    return byRows(firsts, [&](size_t i) {
      return piecewiseMatmul(lhs, rhs, init, table[i].pieces);
    });
  };
  if (avx512 || batch != 0)
    return avx512Orders();
  std::vector<kiln::eigen::Avx2RowRange> plans =
      kiln::eigen::avx2MatMulPlansByRows(k, cols, threads, caches);
  if (plans.empty())
    return avx512Orders(); // too many plans to choose among
  std::vector<int64_t> firsts;
  for (const kiln::eigen::Avx2RowRange &r : plans)
    firsts.push_back(r.firstRow);
  return byRows(firsts, [&](size_t i) {
    return plans[i].plan.empty()
               ? avx512Orders()
               : kiln::eigen::avx2MatMul(b, loc, lhs, rhs, init, plans[i].plan);
  });
}

Value Lowering::avx2ProductByK(Value lhs, Value rhs, Value init, int64_t rows,
                               int64_t cols, int64_t threads,
                               const kiln::eigen::CacheSizes &caches) {
  std::vector<kiln::eigen::Avx2KRange> table =
      kiln::eigen::avx2MatMulPlansByK(rows, cols, threads, caches);
  if (table.empty())
    return {};
  // The entry for k; past the table (or where an entry is not modeled)
  // one chain.
  std::vector<int64_t> firsts;
  for (const kiln::eigen::Avx2KRange &r : table)
    firsts.push_back(r.firstK);
  firsts.push_back(kiln::eigen::kAvx2RunTimeK + 1);
  return chooseByCount(
      b.create<tensor::DimOp>(loc, lhs, 1), firsts, 0, [&](size_t i) {
        return i == table.size() || table[i].plan.empty()
                   ? fmaMatmul(lhs, rhs, init)
                   : kiln::eigen::avx2MatMul(b, loc, lhs, rhs, init,
                                             table[i].plan);
      });
}

/// The host's L1 data cache size, which Eigen's cache blocking reads at
/// run time (32 KiB where the system does not say).
static int64_t l1DataCacheBytes() {
  long size = sysconf(_SC_LEVEL1_DCACHE_SIZE);
  return size > 256 ? size : 32 * 1024;
}

Value Lowering::batchedProduct(kiln::MatMulOp op, Value l3, Value r3,
                               Value init, ValueRange dynamicSizes) {
  auto outType = cast<RankedTensorType>(init.getType());
  if (hostOrder && outType.getElementType().isF64())
    if (Value v = float64Product(op, l3, r3, outType))
      return v;
  if (!hostOrder || !outType.getElementType().isF32())
    return b
        .create<linalg::BatchMatmulOp>(loc, ValueRange{l3, r3},
                                       ValueRange{init})
        .getResult(0);
  // TensorFlow's batch kernel parallelizes inside the product (Eigen's
  // tensor contraction, one chain of fused multiply-adds per element, as
  // for a 2-D MatMul) when every size is above 1 and there is one matrix
  // or more than 128 * 128 multiply-adds each; else it runs Eigen's dense
  // product matrix by matrix (EigenMatVec.h).
  auto sequential = [&]() {
    return kiln::eigen::batchMatMul(b, loc, l3, r3, outType, dynamicSizes,
                                    op.getLhsTransposed(),
                                    op.getRhsTransposed(), l1DataCacheBytes());
  };
  // The condition folds to a constant where the sizes it reads are static;
  // otherwise the kernel is chosen at run time.
  using P = arith::CmpIPredicate;
  auto size = [&](Value t, int64_t d) {
    return b.createOrFold<tensor::DimOp>(loc, t, d);
  };
  auto cmp = [&](P p, Value x, Value y) {
    return b.createOrFold<arith::CmpIOp>(loc, p, x, y);
  };
  auto both = [&](Value x, Value y) {
    return b.createOrFold<arith::AndIOp>(loc, x, y);
  };
  Value one = index(1), batch = size(l3, 0), m = size(l3, 1), k = size(l3, 2),
        n = size(r3, 2);
  Value cost = b.createOrFold<arith::MulIOp>(
      loc, b.createOrFold<arith::MulIOp>(loc, m, k), n);
  Value parallel = both(
      both(cmp(P::ugt, m, one), cmp(P::ugt, n, one)),
      both(cmp(P::ugt, k, one),
           b.createOrFold<arith::OrIOp>(loc, cmp(P::eq, batch, one),
                                        cmp(P::ugt, cost, index(128 * 128)))));
  // The parallel kernel runs the 2-D MatMul's contraction on each matrix,
  // with its pieces of k.
  if (std::optional<int64_t> known = getConstantIntValue(parallel))
    return *known ? kPiecesMatmul(l3, r3, init) : sequential();
  return choose(
      parallel, [&] { return kPiecesMatmul(l3, r3, init); }, sequential);
}

Value Lowering::float64Product(kiln::MatMulOp op, Value lhs, Value rhs,
                               RankedTensorType outType) {
  auto lt = cast<RankedTensorType>(lhs.getType());
  if (!outType.hasStaticShape() || !lt.hasStaticShape())
    return nullptr;
  int64_t rank = outType.getRank();
  int64_t batch = rank == 3 ? outType.getDimSize(0) : 1;
  int64_t m = outType.getDimSize(rank - 2), n = outType.getDimSize(rank - 1);
  int64_t k = lt.getDimSize(rank - 1);
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  if (batch == 0 || k == 0)
    return nullptr;
  if (m == 1 || n == 1) {
    // Eigen's matrix-vector kernels.
    auto plan = kiln::eigen::vectorPlan64(
        m, k, n, op.getLhsTransposed(), op.getRhsTransposed(), threads, batch);
    if (!plan)
      return nullptr;
    return kiln::eigen::matVec64(b, loc, lhs, rhs, outType, *plan);
  }
  if (k == 1)
    return nullptr; // an outer product: one term, rounded once
  kiln::eigen::CacheSizes caches = kiln::eigen::hostCacheSizes();
  std::optional<kiln::eigen::Gemm64Plan> plan;
  // LaunchBatchMatMul: the contraction for one matrix or large ones, else
  // Eigen's dense product per matrix (coefficient-wise when tiny).
  if (batch == 1 || m * k * n > 128 * 128)
    plan = kiln::eigen::contractionPlan64(m, k, n, threads, caches, batch > 1);
  else if (k + m + n >= 20)
    plan = kiln::eigen::densePlan64(m, k, n, caches);
  else if (op.getLhsTransposed() || !op.getRhsTransposed())
    plan = kiln::eigen::sequentialPlan64(m, k, n);
  if (!plan)
    return nullptr; // a packet reduction (transpose_b only): not yet
  return kiln::eigen::matMul64(b, loc, lhs, rhs, outType, *plan);
}

Value Lowering::lowerMatMul(kiln::MatMulOp op) {
  Value lhs = op.getLhs(), rhs = op.getRhs();
  auto lt = cast<RankedTensorType>(lhs.getType());
  auto rt = cast<RankedTensorType>(rhs.getType());
  auto outType = op.getType();
  Type et = outType.getElementType();
  Value zero = scalar(et, 0);
  int64_t rank = outType.getRank();
  if (lt.getRank() == 2 && rt.getRank() == 2) {
    Value init =
        filled(outType, dynamicSizesForMatMul(outType, lhs, rhs), zero);
    // TensorFlow's float32 MatMul (Eigen's GEBP kernel) accumulates each
    // element with one fused multiply-add per k, in order, when both result
    // dimensions exceed 1; matrix-vector products take Eigen's GEMV path
    // (EigenMatVec.h). float64 products round products and sums apart, as
    // linalg.matmul does.
    auto plain = [&]() -> Value {
      if (!lt.getElementType().isF32())
        return b
            .create<linalg::MatmulOp>(loc, ValueRange{lhs, rhs},
                                      ValueRange{init})
            .getResult(0);
      SmallVector<Value> sizes;
      for (int64_t d = 0; d < 2; ++d)
        if (outType.isDynamicDim(d))
          sizes.push_back(b.create<tensor::DimOp>(loc, init, d));
      return kiln::eigen::matVec(
          b, loc, lhs, rhs, outType, sizes, op.getLhsTransposed(),
          op.getRhsTransposed(),
          std::max(1u, std::thread::hardware_concurrency()));
    };
    if (!hostOrder)
      return b
          .create<linalg::MatmulOp>(loc, ValueRange{lhs, rhs}, ValueRange{init})
          .getResult(0);
    int64_t rows = outType.getDimSize(0), cols = outType.getDimSize(1);
    if (et.isF64())
      if (Value v = float64Product(op, lhs, rhs, outType))
        return v;
    if (!lt.getElementType().isF32() || rows == 1 || cols == 1)
      return plain();
    // TensorFlow cuts a long k into pieces whose sums it adds.
    if (rows > 1 && cols > 1)
      return kPiecesMatmul(lhs, rhs, init);
    // A size known at run time only (a None batch): Eigen decides then.
    Value wide = b.create<arith::ConstantIntOp>(loc, 1, 1);
    Value one = b.create<arith::ConstantIndexOp>(loc, 1);
    for (int64_t d = 0; d < 2; ++d)
      if (outType.isDynamicDim(d))
        wide = b.create<arith::AndIOp>(
            loc, wide,
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt,
                                    b.create<tensor::DimOp>(loc, init, d),
                                    one));
    return choose(
        wide, [&] { return kPiecesMatmul(lhs, rhs, init); }, plain);
  }
  // Batch dimensions broadcast as in BatchMatMulV2: first give both operands
  // the result's batch dimensions, so that folding them lines up.
  auto broadcastBatch = [&](Value v) -> Value {
    auto t = cast<RankedTensorType>(v.getType());
    int64_t r = t.getRank();
    SmallVector<int64_t> shape(outType.getShape().take_front(rank - 2));
    for (int64_t d = 0; d < rank - 2; ++d) {
      int64_t j = d - (rank - r);
      // A dynamic result size needs the operand's own size to copy.
      if (ShapedType::isDynamic(shape[d]) && (j < 0 || t.getDimSize(j) == 1))
        return nullptr;
    }
    shape.push_back(t.getDimSize(r - 2));
    shape.push_back(t.getDimSize(r - 1));
    auto target = RankedTensorType::get(shape, t.getElementType());
    if (target == t)
      return v;
    return elementwise(
        target, ValueRange{v},
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
  };
  lhs = broadcastBatch(lhs);
  rhs = broadcastBatch(rhs);
  if (!lhs || !rhs)
    return nullptr;
  lt = cast<RankedTensorType>(lhs.getType());
  rt = cast<RankedTensorType>(rhs.getType());
  // Batched: fold every batch dimension into one, multiply, unfold.
  auto collapse = [&](Value v, RankedTensorType t, Value batch) {
    int64_t r = t.getRank();
    int64_t batchStatic = 1;
    for (int64_t d = 0; d < r - 2; ++d)
      batchStatic = t.isDynamicDim(d) || batchStatic == ShapedType::kDynamic
                        ? ShapedType::kDynamic
                        : batchStatic * t.getDimSize(d);
    auto type = RankedTensorType::get(
        {batchStatic, t.getDimSize(r - 2), t.getDimSize(r - 1)}, et);
    return reshape(v, type, {batch, dim(v, r - 2), dim(v, r - 1)});
  };
  Value batch = index(1);
  for (int64_t d = 0; d < lt.getRank() - 2; ++d)
    batch = b.create<arith::MulIOp>(loc, batch, dim(lhs, d));
  Value l3 = collapse(lhs, lt, batch);
  Value r3 = collapse(rhs, rt, batch);
  auto l3t = cast<RankedTensorType>(l3.getType());
  auto r3t = cast<RankedTensorType>(r3.getType());
  auto out3 = RankedTensorType::get(
      {l3t.getDimSize(0), l3t.getDimSize(1), r3t.getDimSize(2)}, et);
  SmallVector<Value> dyn;
  if (out3.isDynamicDim(0))
    dyn.push_back(batch);
  if (out3.isDynamicDim(1))
    dyn.push_back(dim(l3, 1));
  if (out3.isDynamicDim(2))
    dyn.push_back(dim(r3, 2));
  Value init = filled(out3, dyn, zero);
  Value product = batchedProduct(op, l3, r3, init, dyn);
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < rank - 2; ++d)
    sizes.push_back(dim(lhs, d));
  sizes.push_back(dim(lhs, lt.getRank() - 2));
  sizes.push_back(dim(rhs, rt.getRank() - 1));
  return reshape(product, outType, sizes);
}

Value Lowering::lowerTranspose(kiln::TransposeOp op) {
  Value input = op.getInput();
  auto outType = op.getType();
  ArrayRef<int64_t> perm = op.getPerm();
  SmallVector<Value> dyn;
  for (int64_t i = 0; i < outType.getRank(); ++i)
    if (outType.isDynamicDim(i))
      dyn.push_back(dim(input, perm[i]));
  Value init = empty(outType, dyn);
  return b.create<linalg::TransposeOp>(loc, input, init, perm).getResult()[0];
}

Value Lowering::lowerReshape(kiln::ReshapeOp op) {
  Value input = op.getInput();
  auto inType = cast<RankedTensorType>(input.getType());
  auto outType = op.getType();
  Value total = index(1);
  for (int64_t d = 0; d < inType.getRank(); ++d)
    total = b.create<arith::MulIOp>(loc, total, dim(input, d));
  int64_t known = 1, nonzero = 1;
  for (int64_t s : outType.getShape())
    if (!ShapedType::isDynamic(s)) {
      known *= s;
      nonzero *= s == 0 ? 1 : s;
    }
  // With a zero size the result has no elements, and TensorFlow's -1 is
  // what the input's nonzero dimensions leave for the nonzero sizes.
  Value count = total;
  if (known == 0) {
    count = index(1);
    for (int64_t d = 0; d < inType.getRank(); ++d) {
      Value size = dim(input, d);
      Value isZero = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                             size, index(0));
      count = b.create<arith::MulIOp>(
          loc, count, b.create<arith::SelectOp>(loc, isZero, index(1), size));
    }
  }
  SmallVector<Value> sizes;
  for (int64_t s : outType.getShape())
    sizes.push_back(
        ShapedType::isDynamic(s)
            ? b.create<arith::DivUIOp>(loc, count, index(nonzero)).getResult()
            : index(s));
  return reshape(input, outType, sizes);
}

Value Lowering::lowerConcat(kiln::ConcatOp op) {
  return concatInto(op.getType(), op.getInputs(), op.getAxis());
}

Value Lowering::concatInto(RankedTensorType outType, ValueRange given,
                           int64_t axis) {
  // Many inputs are joined in groups first: one-shot bufferization walks
  // each insert_slice's chain back to the start, so a long chain takes
  // time that grows with the cube of its length.
  constexpr size_t kGroup = 16;
  SmallVector<Value> inputs(given.begin(), given.end());
  while (inputs.size() > kGroup) {
    SmallVector<Value> groups;
    for (size_t i = 0; i < inputs.size(); i += kGroup) {
      ArrayRef<Value> part =
          ArrayRef<Value>(inputs).slice(i, std::min(kGroup, inputs.size() - i));
      if (part.size() == 1) {
        groups.push_back(part[0]);
        continue;
      }
      SmallVector<int64_t> shape(outType.getShape());
      int64_t size = 0;
      for (Value v : part) {
        int64_t d = cast<RankedTensorType>(v.getType()).getDimSize(axis);
        size = ShapedType::isDynamic(d) || ShapedType::isDynamic(size)
                   ? ShapedType::kDynamic
                   : size + d;
      }
      shape[axis] = size;
      groups.push_back(concatInto(
          RankedTensorType::get(shape, outType.getElementType()), part, axis));
    }
    inputs = std::move(groups);
  }
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < outType.getRank(); ++d) {
    if (!outType.isDynamicDim(d))
      continue;
    if (d != axis) {
      dyn.push_back(dim(inputs[0], d));
      continue;
    }
    Value sum = index(0);
    for (Value in : inputs)
      sum = b.create<arith::AddIOp>(loc, sum, dim(in, d));
    dyn.push_back(sum);
  }
  Value result = empty(outType, dyn);
  Value offset = index(0);
  for (Value in : inputs) {
    auto t = cast<RankedTensorType>(in.getType());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < t.getRank(); ++d) {
      offsets.push_back(d == axis ? OpFoldResult(offset) : b.getIndexAttr(0));
      sizes.push_back(t.isDynamicDim(d) ? OpFoldResult(dim(in, d))
                                        : b.getIndexAttr(t.getDimSize(d)));
      strides.push_back(b.getIndexAttr(1));
    }
    result = b.create<tensor::InsertSliceOp>(loc, in, result, offsets, sizes,
                                             strides);
    offset = b.create<arith::AddIOp>(loc, offset, dim(in, axis));
  }
  return result;
}

Value Lowering::lower(Operation *op) {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](kiln::ConstantOp c) -> Value {
        return b.create<arith::ConstantOp>(loc, cast<TypedAttr>(c.getValue()));
      })
      .Case([&](kiln::IdentityOp i) -> Value { return i.getInput(); })
      .Case([&](kiln::PowOp pow) -> Value {
        auto type = cast<RankedTensorType>(pow.getType());
        if (!type.getElementType().isF32())
          return elementwise(type, pow->getOperands(),
                             [&](OpBuilder &nb, Location nl, ValueRange args) {
                               return binaryScalar(pow, nb, nl, args[0],
                                                   args[1]);
                             });
        // Eigen's packet pow, then powf for the tail (EigenMath.h).
        return byPosition(
            type, pow->getOperands(),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              return kiln::eigen::powPacketForm(nb, nl, args[0], args[1]);
            },
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              return binaryScalar(pow, nb, nl, args[0], args[1]);
            });
      })
      .Case([&](kiln::Atan2Op atan2) -> Value {
        auto type = cast<RankedTensorType>(atan2.getType());
        Type et = type.getElementType();
        auto scalar = [&](OpBuilder &nb, Location nl, ValueRange args) {
          return binaryScalar(atan2, nb, nl, args[0], args[1]);
        };
        if (!et.isF32() && !et.isF64())
          return elementwise(type, atan2->getOperands(), scalar);
        // Eigen's packet atan2, then the C library's for the tail.
        return byPosition(
            type, atan2->getOperands(),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              return kiln::eigen::atan2PacketForm(nb, nl, args[0], args[1]);
            },
            scalar, false,
            et.isF64() ? kiln::eigen::kDoublePacketSize
                       : kiln::eigen::kFloatPacketSize);
      })
      .Case<kiln::AddOp, kiln::SubOp, kiln::MulOp, kiln::DivOp,
            kiln::FloorDivOp, kiln::FloorModOp, kiln::MaximumOp,
            kiln::MinimumOp, kiln::LogicalAndOp, kiln::LogicalOrOp,
            kiln::ShiftOp, kiln::CompareOp>([&](Operation *bin) -> Value {
        auto type = cast<RankedTensorType>(bin->getResult(0).getType());
        if (isa<kiln::MaximumOp, kiln::MinimumOp>(bin) &&
            isa<FloatType>(type.getElementType())) {
          bool max = isa<kiln::MaximumOp>(bin);
          return maxMinByPosition(type, bin->getOperands(), max);
        }
        return elementwise(cast<RankedTensorType>(bin->getResult(0).getType()),
                           bin->getOperands(),
                           [&](OpBuilder &nb, Location nl, ValueRange args) {
                             return binaryScalar(bin, nb, nl, args[0], args[1]);
                           });
      })
      .Case([&](kiln::UnaryOp u) -> Value {
        StringRef fn = u.getFn();
        if (u.getType().getElementType().isF32() &&
            kiln::eigen::hasPacketForm(fn)) {
          StringRef helper = kiln::eigen::x86HelperFor(fn);
          if (!helper.empty() && !SymbolTable::lookupNearestSymbolFrom(
                                     u, b.getStringAttr(helper))) {
            u.emitOpError("on f32 needs the private function @")
                << helper << " declared in the module (kiln's codegen "
                << "declares it)";
            reported = true;
            return Value();
          }
          if (!u->hasAttr("scalar_form")) {
            auto block = u->getAttrOfType<IntegerAttr>("packet_block");
            return eigenUnary(u.getType(), u.getInput(), fn,
                              u->hasAttr("row_packets"),
                              block ? block.getInt() : 0);
          }
        }
        if (fn == "relu" && isa<FloatType>(u.getType().getElementType()))
          return maxMinByPosition(u.getType(), u.getInput(), true);
        if (fn == "sigmoid" && (u.getType().getElementType().isF16() ||
                                u.getType().getElementType().isBF16()))
          return halfSigmoid(u.getType(), u.getInput());
        // Half packets compute through float packets (rsqrt's Newton
        // step, the packet forms of log1p, erf and erfc), then round to
        // half; a scalar half takes the float function, rounded, or (rsqrt)
        // its own form.
        if ((fn == "rsqrt" || fn == "log1p" || fn == "erf" || fn == "erfc") &&
            u.getType().getElementType().isF16())
          return byPosition(
              u.getType(), ValueRange{u.getInput()},
              [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
                Value wide =
                    nb.create<arith::ExtFOp>(nl, nb.getF32Type(), args[0]);
                return nb.create<arith::TruncFOp>(
                    nl, args[0].getType(),
                    kiln::eigen::packetForm(nb, nl, fn, wide));
              },
              [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
                if (fn == "rsqrt")
                  return unaryScalar(fn, nb, nl, args[0]);
                Value wide =
                    nb.create<arith::ExtFOp>(nl, nb.getF32Type(), args[0]);
                return nb.create<arith::TruncFOp>(
                    nl, args[0].getType(), unaryScalar(fn, nb, nl, wide));
              });
        if (fn == "lgamma") {
          StringRef callee =
              kiln::eigen::lgammaFunction(u.getType().getElementType());
          if (!SymbolTable::lookupNearestSymbolFrom(u,
                                                    b.getStringAttr(callee))) {
            u.emitOpError("needs the C library's @")
                << callee << " declared in the module (kiln's codegen "
                << "declares it)";
            reported = true;
            return Value();
          }
        }
        if (u.getType().getElementType().isF64() &&
            kiln::eigen::hasPacketForm64(fn)) {
          if (u->hasAttr("scalar_form"))
            return elementwise(
                u.getType(), ValueRange{u.getInput()},
                [&](OpBuilder &nb, Location nl, ValueRange args) {
                  return kiln::eigen::scalarForm64(nb, nl, fn, args[0]);
                });
          return eigenUnary(u.getType(), u.getInput(), fn,
                            u->hasAttr("row_packets"));
        }
        return elementwise(u.getType(), ValueRange{u.getInput()},
                           [&](OpBuilder &nb, Location nl, ValueRange args) {
                             return unaryScalar(fn, nb, nl, args[0]);
                           });
      })
      .Case([&](kiln::CastOp c) -> Value {
        Type to = c.getType().getElementType();
        return elementwise(c.getType(), ValueRange{c.getInput()},
                           [&](OpBuilder &nb, Location nl, ValueRange args) {
                             return castScalar(nb, nl, args[0], to);
                           });
      })
      .Case([&](kiln::SelectOp s) -> Value {
        return elementwise(
            s.getType(), s->getOperands(),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              return nb.create<arith::SelectOp>(nl, args[0], args[1], args[2])
                  .getResult();
            });
      })
      .Case([&](kiln::ReduceOp r) { return lowerReduce(r); })
      .Case([&](kiln::ArgReduceOp r) { return lowerArgReduce(r); })
      .Case([&](kiln::MatMulOp m) { return lowerMatMul(m); })
      .Case([&](kiln::TransposeOp t) { return lowerTranspose(t); })
      .Case([&](kiln::ReshapeOp r) { return lowerReshape(r); })
      .Case([&](kiln::ConcatOp c) { return lowerConcat(c); })
      .Case([&](kiln::SliceOp s) -> Value {
        SmallVector<OpFoldResult> offsets, sizes, strides;
        for (size_t d = 0; d < s.getOffsets().size(); ++d) {
          offsets.push_back(b.getIndexAttr(s.getOffsets()[d]));
          int64_t size = s.getSizes()[d];
          sizes.push_back(size < 0 ? OpFoldResult(dim(s.getInput(), d))
                                   : OpFoldResult(b.getIndexAttr(size)));
          strides.push_back(b.getIndexAttr(s.getStrides()[d]));
        }
        return b.create<tensor::ExtractSliceOp>(loc, s.getType(), s.getInput(),
                                                offsets, sizes, strides);
      })
      .Default([](Operation *) { return Value(); });
}

struct LowerKilnToLinalg
    : kiln::impl::LowerKilnToLinalgBase<LowerKilnToLinalg> {
  using LowerKilnToLinalgBase::LowerKilnToLinalgBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<kiln::KilnDialect>(op->getDialect()) && !isa<kiln::PrintOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    if (avx512 != "host" && avx512 != "yes" && avx512 != "no") {
      getOperation().emitError("avx512 must be yes, no or host, not '")
          << avx512 << "'";
      return signalPassFailure();
    }
    static const bool hostAvx512 = kiln::eigen::hostHasAvx512();
    bool modelAvx512 = avx512 == "host" ? hostAvx512 : avx512 == "yes";
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      Lowering lowering(rewriter, op->getLoc(), hostOrder, modelAvx512);
      Value replacement = lowering.lower(op);
      if (!replacement) {
        if (!lowering.reported)
          op->emitError("kiln cannot lower this operation yet");
        return signalPassFailure();
      }
      // A lowering may know more of the result's shape than the op's type
      // says (a reduction of an input whose shape a rank specialization
      // filled in); the op's users keep its type.
      Type want = op->getResult(0).getType();
      if (replacement.getType() != want &&
          tensor::CastOp::areCastCompatible(replacement.getType(), want))
        replacement =
            rewriter.create<tensor::CastOp>(op->getLoc(), want, replacement);
      rewriter.replaceOp(op, replacement);
    }
  }
};

} // namespace
