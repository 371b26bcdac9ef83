// Eigen's summation order as scf loops; see EigenReduce.h.
#include "passes/EigenReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace kiln::eigen {

namespace {

/// Ranges above this many packets are split in two (Eigen's leaf size);
/// Eigen's leaves of halves are smaller.
constexpr int64_t kLeafPackets = 1024, kHalfLeafPackets = 200;

/// The type partial results are carried in: float32 for the 16-bit
/// floats, each value rounded to the element type as the element type's
/// own arithmetic would round it. (LLVM 19's x86 code generator, given
/// loop-carried bfloat16 values, sometimes emitted code that computed
/// wrong products, differently from run to run of the JIT.)
Type carriedType(Type et) {
  return et.isF16() || et.isBF16() ? Float32Type::get(et.getContext()) : et;
}

/// `x * y` (`product`) or `x + y` in the carried type, rounded to `et`.
Value combine(OpBuilder &b, Location loc, Type et, bool product, Value x,
              Value y) {
  Value r = product ? b.create<arith::MulFOp>(loc, x, y).getResult()
                    : b.create<arith::AddFOp>(loc, x, y).getResult();
  if (r.getType() == et)
    return r;
  return b.create<arith::ExtFOp>(
      loc, r.getType(), b.create<arith::TruncFOp>(loc, et, r).getResult());
}

struct SumBuilder {
  OpBuilder &b;
  Location loc;
  Value flat;
  Type et;
  int64_t packet;
  /// Packets per leaf.
  int64_t leafPackets;
  /// Eigen's ProdReducer takes the same path, multiplying from ones.
  bool product;
  /// What partial results are carried in (carriedType).
  Type carried = carriedType(et);

  Value idx(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }
  /// The reducer's operation ("add" for sums), rounded to the element type.
  Value add(Value x, Value y) { return combine(b, loc, et, product, x, y); }
  /// The operation without rounding to the element type (Eigen widens a
  /// packet of halves to floats for its lanes' tree).
  Value addWide(Value x, Value y) {
    if (product)
      return b.create<arith::MulFOp>(loc, x, y);
    return b.create<arith::AddFOp>(loc, x, y);
  }
  Value addI(Value x, Value y) { return b.create<arith::AddIOp>(loc, x, y); }
  Value mulI(Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y); }
  /// The reducer's identity ("zero" for sums).
  Value zero() {
    return b.create<arith::ConstantOp>(
        loc, b.getFloatAttr(carried, product ? 1.0 : 0.0));
  }
  Value at(Value i) {
    Value v = b.create<tensor::ExtractOp>(loc, flat, ValueRange{i});
    return carried == et ? v
                         : b.create<arith::ExtFOp>(loc, carried, v).getResult();
  }
  /// n rounded down to a multiple of `m`.
  Value roundDown(Value n, int64_t m) {
    return mulI(b.create<arith::DivUIOp>(loc, n, idx(m)), idx(m));
  }

  /// Eigen's InnerMostDimReducer: the sum of [first, first + n).
  Value leaf(Value first, Value n) {
    int64_t p = packet;
    // Four packet accumulators over whole groups of 4 packets (none when n
    // is below 4 packets), then folded into the first.
    Value end4 = roundDown(n, 4 * p);
    SmallVector<Value> init(4 * p, zero());
    auto groups = b.create<scf::ForOp>(
        loc, idx(0), end4, idx(4 * p), init,
        [&](OpBuilder &nb, Location nl, Value j, ValueRange acc) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          SmallVector<Value> next;
          for (int64_t k = 0; k < 4 * p; ++k)
            next.push_back(add(acc[k], at(addI(addI(first, j), idx(k)))));
          b.create<scf::YieldOp>(loc, next);
        });
    SmallVector<Value> lanes;
    for (int64_t k = 0; k < p; ++k) {
      Value lane = groups.getResult(k);
      for (int64_t a = 1; a < 4; ++a)
        lane = add(lane, groups.getResult(a * p + k));
      lanes.push_back(lane);
    }
    // Whole packets after the groups.
    Value end = roundDown(n, p);
    auto packets = b.create<scf::ForOp>(
        loc, end4, end, idx(p), lanes,
        [&](OpBuilder &nb, Location nl, Value j, ValueRange acc) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          SmallVector<Value> next;
          for (int64_t k = 0; k < p; ++k)
            next.push_back(add(acc[k], at(addI(addI(first, j), idx(k)))));
          b.create<scf::YieldOp>(loc, next);
        });
    // The lanes, added pairwise: lane i + lane i + p/2, and so on down.
    // Eigen reduces a packet of halves as floats (predux<Packet8h> widens
    // it), rounding to half once at the end.
    SmallVector<Value> tree(packets.getResults());
    for (int64_t half = p / 2; half >= 1; half /= 2)
      for (int64_t i = 0; i < half; ++i)
        tree[i] = addWide(tree[i], tree[i + half]);
    if (carried != et)
      tree[0] = b.create<arith::ExtFOp>(
          loc, carried,
          b.create<arith::TruncFOp>(loc, et, tree[0]).getResult());
    // The elements after the last whole packet, summed from zero.
    auto tail = b.create<scf::ForOp>(
        loc, end, n, idx(1), ValueRange{zero()},
        [&](OpBuilder &nb, Location nl, Value j, ValueRange acc) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          b.create<scf::YieldOp>(loc, add(acc[0], at(addI(first, j))));
        });
    return add(tail.getResult(0), tree[0]);
  }

  /// Eigen's tree reduction: above the leaf size the range is split at
  /// packet * ceil((first + ceil(n / 2)) / packet), each half reduced the
  /// same way, and the node's sum is (0 + left) + right. The recursion is
  /// run by a loop over an explicit stack of ranges (a tree over 2^40
  /// elements is 33 levels deep), so one leaf is built into the code.
  Value sum(Value first, Value n) {
    const int64_t depth = 64;
    Type index = b.getIndexType();
    auto stack = [&](Type t) {
      return b
          .create<tensor::SplatOp>(
              loc, RankedTensorType::get({depth}, t),
              t == index ? idx(0)
                         : b.create<arith::ConstantOp>(loc, b.getZeroAttr(t))
                               .getResult())
          .getResult();
    };
    // State: frames used, each frame's first and n, its stage (0 to be
    // visited, 1 left half pending, 2 right half pending), its left sum;
    // the value being handed up and whether there is one.
    SmallVector<Value> init{
        idx(1),
        b.create<tensor::InsertOp>(loc, first, stack(index),
                                   ValueRange{idx(0)}),
        b.create<tensor::InsertOp>(loc, n, stack(index), ValueRange{idx(0)}),
        stack(index),
        stack(carried),
        zero(),
        b.create<arith::ConstantIntOp>(loc, 0, 1)};
    SmallVector<Type> types;
    for (Value v : init)
      types.push_back(v.getType());
    auto loop = b.create<scf::WhileOp>(
        loc, types, init,
        [&](OpBuilder &nb, Location l, ValueRange st) {
          Value more = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ugt,
                                                st[0], idx(0));
          nb.create<scf::ConditionOp>(l, more, st);
        },
        [&](OpBuilder &nb, Location l, ValueRange st) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          Value sp = st[0], firsts = st[1], ns = st[2], stages = st[3],
                partials = st[4], value = st[5], has = st[6];
          auto get = [&](Value t, Value i) {
            return b.create<tensor::ExtractOp>(loc, t, ValueRange{i})
                .getResult();
          };
          auto eqI = [&](Value x, Value y) {
            return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, y)
                .getResult();
          };
          auto andB = [&](Value x, Value y) {
            return b.create<arith::AndIOp>(loc, x, y).getResult();
          };
          auto pick = [&](Value c, Value x, Value y) {
            return b.create<arith::SelectOp>(loc, c, x, y).getResult();
          };
          Value one = b.create<arith::ConstantIntOp>(loc, 1, 1);
          Value none = b.create<arith::XOrIOp>(loc, has, one);
          Value top = b.create<arith::SubIOp>(loc, sp, idx(1));
          Value f = get(firsts, top), count = get(ns, top),
                stage = get(stages, top);
          Value halfN = b.create<arith::CeilDivUIOp>(loc, count, idx(2));
          Value split = mulI(
              b.create<arith::CeilDivUIOp>(loc, addI(f, halfN), idx(packet)),
              idx(packet));
          Value leftN = b.create<arith::SubIOp>(loc, split, f);
          Value rightN = b.create<arith::SubIOp>(loc, count, leftN);
          Value big = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt,
                                              count, idx(packet * leafPackets));
          // A: the left half's sum arrives; B: the right half's; C: a
          // range to split; D: a leaf.
          Value caseA = andB(has, eqI(stage, idx(1)));
          Value caseB = andB(has, eqI(stage, idx(2)));
          Value caseC = andB(none, big);
          Value caseD = andB(none, b.create<arith::XOrIOp>(loc, big, one));
          auto leafIf =
              b.create<scf::IfOp>(loc, TypeRange{carried}, caseD, true);
          {
            OpBuilder::InsertionGuard inner(b);
            b.setInsertionPointToStart(&leafIf.getThenRegion().front());
            b.create<scf::YieldOp>(loc, leaf(f, count));
            b.setInsertionPointToStart(&leafIf.getElseRegion().front());
            b.create<scf::YieldOp>(loc, zero());
          }
          Value combined = add(get(partials, top), value);
          Value nextValue =
              pick(caseB, combined, pick(caseD, leafIf.getResult(0), value));
          Value push = b.create<arith::OrIOp>(loc, caseA, caseC);
          // The frame on top: A keeps the left sum and waits for the right
          // half; C waits for the left half.
          partials = b.create<tensor::InsertOp>(
              loc, pick(caseA, add(zero(), value), get(partials, top)),
              partials, ValueRange{top});
          stages = b.create<tensor::InsertOp>(
              loc, pick(caseA, idx(2), pick(caseC, idx(1), stage)), stages,
              ValueRange{top});
          // A pushes the right half, C the left (a slot written otherwise
          // is unused).
          firsts = b.create<tensor::InsertOp>(loc, pick(caseA, split, f),
                                              firsts, ValueRange{sp});
          ns = b.create<tensor::InsertOp>(loc, pick(caseA, rightN, leftN), ns,
                                          ValueRange{sp});
          stages =
              b.create<tensor::InsertOp>(loc, idx(0), stages, ValueRange{sp});
          Value nextSp = pick(push, addI(sp, idx(1)),
                              b.create<arith::SubIOp>(loc, sp, idx(1)));
          Value nextHas = b.create<arith::OrIOp>(loc, caseB, caseD);
          b.create<scf::YieldOp>(loc, ValueRange{nextSp, firsts, ns, stages,
                                                 partials, nextValue, nextHas});
        });
    return loop.getResult(5);
  }
};

/// innerSum in the carried type.
Value carriedSum(OpBuilder &b, Location loc, Value flat, Value first, Value n,
                 std::optional<int64_t> maxN, bool product) {
  Type et = cast<ShapedType>(flat.getType()).getElementType();
  int64_t packet = et.isF64() ? 4 : 8;
  SumBuilder s{b,      loc,    flat,
               et,     packet, et.isF16() ? kHalfLeafPackets : kLeafPackets,
               product};
  // Eigen splits sums only (its tree reduction is for SumReducer).
  if (product || (maxN && *maxN <= s.packet * s.leafPackets))
    return s.leaf(first, n);
  return s.sum(first, n);
}

/// A value of the carried type as the element type `et` (exact: it was
/// rounded to `et` already).
Value toElementType(OpBuilder &b, Location loc, Type et, Value v) {
  if (v.getType() == et)
    return v;
  return b.create<arith::TruncFOp>(loc, et, v);
}

} // namespace

Value innerSum(OpBuilder &b, Location loc, Value flat, Value first, Value n,
               std::optional<int64_t> maxN, bool product) {
  Type et = cast<ShapedType>(flat.getType()).getElementType();
  return toElementType(b, loc, et,
                       carriedSum(b, loc, flat, first, n, maxN, product));
}

Value fullSum(OpBuilder &b, Location loc, Value flat, Value n, int64_t threads,
              bool product) {
  Type et = cast<ShapedType>(flat.getType()).getElementType();
  auto idx = [&](int64_t v) {
    return b.create<arith::ConstantIndexOp>(loc, v).getResult();
  };
  Value zero = idx(0);
  if (!(et.isF32() || et.isF64() || et.isF16() || et.isBF16()) || threads <= 1)
    return innerSum(b, loc, flat, zero, n, std::nullopt, product);
  Type carried = carriedType(et);
  // TensorCostModel::numThreads in double: load 11/64 cycles a byte, the
  // reducer's default cost of 10 cycles over a packet's lanes (8 floats or
  // halves, 4 doubles).
  Type f64 = b.getF64Type();
  auto real = [&](double v) {
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(f64, v)).getResult();
  };
  const double bytes = et.getIntOrFloatBitWidth() / 8;
  const double perCoeff = bytes * 11.0 / 64.0 + 10.0 / (et.isF64() ? 4 : 8);
  Value cost = b.create<arith::MulFOp>(
      loc,
      b.create<arith::UIToFPOp>(
          loc, f64, b.create<arith::IndexCastUIOp>(loc, b.getI64Type(), n)),
      real(perCoeff));
  Value t = b.create<arith::AddFOp>(
      loc,
      b.create<arith::DivFOp>(
          loc, b.create<arith::SubFOp>(loc, cost, real(100000)), real(100000)),
      real(0.9));
  // (int)t, then clamped to [1, threads]; t is tested before converting,
  // so a huge value cannot overflow.
  Value many = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGE, t,
                                       real(double(threads)));
  Value k = b.create<arith::IndexCastOp>(
      loc, b.getIndexType(),
      b.create<arith::FPToSIOp>(
          loc, b.getI64Type(),
          b.create<arith::SelectOp>(
              loc, many, real(double(threads)),
              b.create<arith::MaximumFOp>(loc, t, real(1.0)))));
  Value one =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ule, k, idx(1));
  auto branch = b.create<scf::IfOp>(loc, TypeRange{carried}, one, true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  b.create<scf::YieldOp>(
      loc, carriedSum(b, loc, flat, zero, n, std::nullopt, product));
  // Eigen's FullReducer: blocks of n / k elements (each a tree from its
  // own first index), the elements left over reduced first (or the
  // reducer's identity), then each block's result combined in order.
  b.setInsertionPointToStart(&branch.getElseRegion().front());
  Value size = b.create<arith::DivUIOp>(loc, n, k);
  Value blocks = b.create<arith::DivUIOp>(loc, n, size);
  Value covered = b.create<arith::MulIOp>(loc, blocks, size);
  Value rest = b.create<arith::SubIOp>(loc, n, covered);
  Value hasRest =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt, rest, zero);
  auto restIf = b.create<scf::IfOp>(loc, TypeRange{carried}, hasRest, true);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(&restIf.getThenRegion().front());
    b.create<scf::YieldOp>(
        loc, carriedSum(b, loc, flat, covered, rest, std::nullopt, product));
    b.setInsertionPointToStart(&restIf.getElseRegion().front());
    b.create<scf::YieldOp>(
        loc, b.create<arith::ConstantOp>(
                  loc, b.getFloatAttr(carried, product ? 1.0 : 0.0))
                 .getResult());
  }
  auto sums = b.create<scf::ForOp>(
      loc, zero, blocks, idx(1), ValueRange{restIf.getResult(0)},
      [&](OpBuilder &nb, Location nl, Value i, ValueRange acc) {
        Value first = nb.create<arith::MulIOp>(nl, i, size);
        Value block =
            carriedSum(nb, nl, flat, first, size, std::nullopt, product);
        Value combined = combine(nb, nl, et, product, acc[0], block);
        nb.create<scf::YieldOp>(nl, ValueRange{combined});
      });
  b.create<scf::YieldOp>(loc, sums.getResult(0));
  b.setInsertionPointAfter(branch);
  return toElementType(b, loc, et, branch.getResult(0));
}

} // namespace kiln::eigen
