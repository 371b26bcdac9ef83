// The summation orders of DotOrders.h.
#include "DotOrders.h"

#include <cassert>

namespace kiln {

using namespace mlir;

namespace {

/// The 8 lanes folded as Gemv8 folds them.
Value foldEight(Scalars &s, ArrayRef<Value> l) {
  return s.add(s.add(s.add(l[0], l[1]), s.add(l[4], l[5])),
               s.add(s.add(l[2], l[3]), s.add(l[6], l[7])));
}

} // namespace

/// The sum over k in [lo, hi) of a(k) * b(k) in `model`'s order.
Value dotProduct(Scalars &s, Dot model, Value lo, Value hi, Type et,
                 const Operands &ab, Value start) {
  assert((!start || model == Dot::Gemv8) && "only Gemv8 starts from an output");
  Value zero = s.real(et, 0.0);
  auto product = [&](Scalars &s, Value k) {
    auto [a, b] = ab(s, k);
    return s.mul(a, b);
  };
  auto fma = [&](Scalars &s, Value k, Value acc) {
    auto [a, b] = ab(s, k);
    return s.b.create<math::FmaOp>(s.loc, a, b, acc).getResult();
  };
  Value count = s.b.create<arith::SubIOp>(s.loc, hi, lo);
  // Lane l of a block starting at `base` exists when base + l < hi; an
  // absent lane reads k = lo (any element in range) and is not used.
  auto lane = [&](Scalars &s, Value base, int64_t l, Value &valid) {
    Value k = s.iadd(base, s.index(l));
    valid = s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::slt, k, hi);
    return s.b.create<arith::SelectOp>(s.loc, valid, k, lo).getResult();
  };
  if (model == Dot::Fma || !et.isF32()) {
    // float64: products and sums rounded apart, in the same order.
    return s
        .loop(lo, hi, zero,
              [&](Scalars &s, Value k, ValueRange acc) {
                Value v = et.isF32() ? fma(s, k, acc[0])
                                     : s.add(acc[0], product(s, k));
                return SmallVector<Value>{v};
              })
        .front();
  }
  if (model == Dot::MulAdd) {
    auto chain = [&](Scalars &s, Value from, Value to) {
      return s
          .loop(from, to, s.real(et, 0.0),
                [&](Scalars &s, Value k, ValueRange acc) {
                  return SmallVector<Value>{s.add(acc[0], product(s, k))};
                })
          .front();
    };
    Value blocked = s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::sge,
                                              count, s.index(128));
    auto op = s.b.create<scf::IfOp>(
        s.loc, blocked,
        [&](OpBuilder &nb, Location l) {
          Scalars in{nb, l};
          Value blocks =
              in.b.create<arith::CeilDivUIOp>(l, count, in.index(16));
          Value sum = in.loop(in.index(0), blocks, in.real(et, 0.0),
                              [&](Scalars &s, Value c, ValueRange acc) {
                                Value from = s.iadd(lo, s.imul(c, 16));
                                Value to = s.b.create<arith::MinSIOp>(
                                    s.loc, s.iadd(from, s.index(16)), hi);
                                return SmallVector<Value>{
                                    s.add(acc[0], chain(s, from, to))};
                              })
                          .front();
          nb.create<scf::YieldOp>(l, sum);
        },
        [&](OpBuilder &nb, Location l) {
          Scalars in{nb, l};
          nb.create<scf::YieldOp>(l, chain(in, lo, hi));
        });
    return op.getResult(0);
  }
  int64_t width = model == Dot::Lanes16 ? 16 : 8;
  // Whole blocks of 16 k.
  Value full = s.idiv(count, 16);
  SmallVector<Value> init(width, zero);
  auto lanes =
      s.loop(s.index(0), full, init, [&](Scalars &s, Value c, ValueRange acc) {
        Value base = s.iadd(lo, s.imul(c, 16));
        SmallVector<Value> next(acc.begin(), acc.end());
        for (int64_t l = 0; l < 16; ++l)
          next[l % width] = fma(s, s.iadd(base, s.index(l)), next[l % width]);
        return next;
      });
  Value base = s.iadd(lo, s.imul(full, 16));
  if (model == Dot::Lanes16) {
    // The last k (fewer than 16) extend their lanes' chains.
    for (int64_t l = 0; l < 16; ++l) {
      Value valid;
      Value k = lane(s, base, l, valid);
      lanes[l] = s.select(valid, fma(s, k, lanes[l]), lanes[l]);
    }
    for (int64_t half = 8; half >= 1; half /= 2)
      for (int64_t i = 0; i < half; ++i)
        lanes[i] = s.add(lanes[i], lanes[i + half]);
    return lanes[0];
  }
  // Gemv8: the whole blocks, then pieces of 8, 4, 2 and 1.
  Value sum = s.add(start ? start : zero, foldEight(s, lanes));
  Value rest = s.b.create<arith::SubIOp>(s.loc, hi, base);
  for (int64_t size = 8; size >= 1; size /= 2) {
    Value has = s.b.create<arith::CmpIOp>(
        s.loc, arith::CmpIPredicate::ne,
        s.b.create<arith::AndIOp>(s.loc, rest, s.index(size)), s.index(0));
    SmallVector<Value> piece(8, zero);
    for (int64_t l = 0; l < size; ++l) {
      Value valid;
      Value k = lane(s, base, l, valid);
      piece[l] = s.select(valid, product(s, k), zero);
    }
    sum = s.select(has, s.add(sum, foldEight(s, piece)), sum);
    base = s.select(has, s.iadd(base, s.index(size)), base);
  }
  return sum;
}

/// dotProduct over [0, count) in Eigen's contraction blocks: past 384
/// terms, equal blocks (rounded up to a multiple of 8) whose sums are
/// added to the zero result in order.
Value blockedDot(Scalars &s, Dot model, Value count, Type et,
                 const Operands &ab) {
  if (model == Dot::MulAdd) // its own blocks of 16 only (to 8192 measured)
    return dotProduct(s, model, s.index(0), count, et, ab);
  Value blocks = s.b.create<arith::CeilDivUIOp>(s.loc, count, s.index(384));
  blocks = s.b.create<arith::MaxUIOp>(s.loc, blocks, s.index(1));
  Value size = s.b.create<arith::MulIOp>(
      s.loc,
      s.b.create<arith::CeilDivUIOp>(
          s.loc, s.b.create<arith::CeilDivUIOp>(s.loc, count, blocks),
          s.index(8)),
      s.index(8));
  return s
      .loop(s.index(0), blocks, s.real(et, 0.0),
            [&](Scalars &s, Value c, ValueRange acc) {
              Value from = s.b.create<arith::MulIOp>(s.loc, c, size);
              Value to = s.b.create<arith::MinUIOp>(
                  s.loc, s.b.create<arith::AddIOp>(s.loc, from, size), count);
              return SmallVector<Value>{
                  s.add(acc[0], dotProduct(s, model, from, to, et, ab))};
            })
      .front();
}

} // namespace kiln
