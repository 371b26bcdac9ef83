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
/// Levels of splitting built into the code; a range still larger after
/// them is summed as one leaf (only sums above 8192 << 4 elements differ).
constexpr int kMaxSplits = 4;

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

  Value idx(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }
  /// The reducer's operation ("add" for sums).
  Value add(Value x, Value y) {
    if (product)
      return b.create<arith::MulFOp>(loc, x, y);
    return b.create<arith::AddFOp>(loc, x, y);
  }
  Value addI(Value x, Value y) { return b.create<arith::AddIOp>(loc, x, y); }
  Value mulI(Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y); }
  /// The reducer's identity ("zero" for sums).
  Value zero() {
    return b.create<arith::ConstantOp>(loc,
                                       b.getFloatAttr(et, product ? 1.0 : 0.0));
  }
  Value at(Value i) {
    return b.create<tensor::ExtractOp>(loc, flat, ValueRange{i});
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
    Type f32 = b.getF32Type();
    if (et.isF16())
      for (Value &lane : tree)
        lane = b.create<arith::ExtFOp>(loc, f32, lane);
    for (int64_t half = p / 2; half >= 1; half /= 2)
      for (int64_t i = 0; i < half; ++i)
        tree[i] = add(tree[i], tree[i + half]);
    if (et.isF16())
      tree[0] = b.create<arith::TruncFOp>(loc, et, tree[0]);
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
  /// packet * ceil((first + ceil(n / 2)) / packet) and the halves added.
  Value sum(Value first, Value n, int splits) {
    if (splits == kMaxSplits)
      return leaf(first, n);
    Value large = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt, n,
                                          idx(packet * leafPackets));
    auto branch = b.create<scf::IfOp>(loc, TypeRange{et}, large,
                                      /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&branch.getThenRegion().front());
    Value halfN = b.create<arith::CeilDivUIOp>(loc, n, idx(2));
    Value split =
        mulI(b.create<arith::CeilDivUIOp>(loc, addI(first, halfN), idx(packet)),
             idx(packet));
    Value leftN = b.create<arith::SubIOp>(loc, split, first);
    Value rightN = b.create<arith::SubIOp>(loc, n, leftN);
    // 0 + left, then + right, as the reducer accumulates them.
    Value left = add(zero(), sum(first, leftN, splits + 1));
    b.create<scf::YieldOp>(loc, add(left, sum(split, rightN, splits + 1)));
    b.setInsertionPointToStart(&branch.getElseRegion().front());
    b.create<scf::YieldOp>(loc, leaf(first, n));
    return branch.getResult(0);
  }
};

} // namespace

Value innerSum(OpBuilder &b, Location loc, Value flat, Value first, Value n,
               std::optional<int64_t> maxN, bool product) {
  Type et = cast<ShapedType>(flat.getType()).getElementType();
  int64_t packet = et.isF64() ? 4 : 8;
  SumBuilder s{b,      loc,    flat,
               et,     packet, et.isF16() ? kHalfLeafPackets : kLeafPackets,
               product};
  // Eigen splits sums only (its tree reduction is for SumReducer).
  if (product || (maxN && *maxN <= s.packet * s.leafPackets))
    return s.leaf(first, n);
  return s.sum(first, n, 0);
}

} // namespace kiln::eigen
