// A float32 MatMul in the orders of oneDNN's sgemm kernels on processors
// without AVX-512 (Avx2MatMul.h). The orders depend on each element's place
// in oneDNN's register tile; rather than cut the result into tiles, each k
// piece is summed over the whole matrix in each order the shard needs
// (vectorizable products: the even and odd terms are strided slices of k)
// and each element picks its own by its row's and column's kind. The rare
// blocks of a single row or column are computed for that row or column and
// written over the pick.
#include "passes/Avx2MatMul.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <set>

namespace kiln::eigen {

using namespace mlir;

namespace {

struct Avx2Builder {
  OpBuilder &b;
  Location loc;
  Value lhs, rhs;
  RankedTensorType outType;
  bool batched; // operands of rank 3: a batch of matrices, each alike
  int64_t rows, cols;

  Type et() { return outType.getElementType(); }
  int64_t rank() { return batched ? 3 : 2; }
  /// The type of a slice [rs, cs] (of every matrix of a batch).
  RankedTensorType matrices(int64_t rs, int64_t cs) {
    if (!batched)
      return RankedTensorType::get({rs, cs}, et());
    return RankedTensorType::get({outType.getDimSize(0), rs, cs}, et());
  }
  SmallVector<OpFoldResult> at(int64_t r, int64_t c) {
    SmallVector<OpFoldResult> out;
    if (batched)
      out.push_back(b.getIndexAttr(0));
    out.append({b.getIndexAttr(r), b.getIndexAttr(c)});
    return out;
  }
  SmallVector<OpFoldResult> sizes(Value like, int64_t r, int64_t c) {
    SmallVector<OpFoldResult> out;
    if (batched)
      out.push_back(tensor::getMixedSize(b, loc, like, 0));
    out.append({b.getIndexAttr(r), b.getIndexAttr(c)});
    return out;
  }

  /// The slice [r0, r0 + rs * rstride) x [c0, c0 + cs * cstride) of a
  /// matrix (of every matrix of a batch), with strides.
  Value slice(Value t, int64_t r0, int64_t rs, int64_t rstride, int64_t c0,
              int64_t cs, int64_t cstride) {
    SmallVector<OpFoldResult> strides;
    if (batched)
      strides.push_back(b.getIndexAttr(1));
    strides.append({b.getIndexAttr(rstride), b.getIndexAttr(cstride)});
    return b.create<tensor::ExtractSliceOp>(
        loc, matrices(rs, cs), t, at(r0, c0), sizes(t, rs, cs), strides);
  }
  Value insert(Value part, Value into, int64_t r0, int64_t c0) {
    auto type = cast<RankedTensorType>(part.getType());
    int64_t n = type.getRank();
    return b.create<tensor::InsertSliceOp>(
        loc, part, into, at(r0, c0),
        sizes(part, type.getDimSize(n - 2), type.getDimSize(n - 1)),
        SmallVector<OpFoldResult>(n, b.getIndexAttr(1)));
  }
  /// lhs's columns and rhs's rows [a, a + count * stride) by `stride`.
  Value lhsTerms(int64_t a, int64_t count, int64_t stride) {
    return slice(lhs, 0, rows, 1, a, count, stride);
  }
  Value rhsTerms(int64_t a, int64_t count, int64_t stride) {
    return slice(rhs, a, count, stride, 0, cols, 1);
  }

  Value zeros(RankedTensorType type) {
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0))
      dynamic.push_back(b.create<tensor::DimOp>(loc, lhs, 0));
    Value empty = b.create<tensor::EmptyOp>(loc, type, dynamic);
    Value zero = b.create<arith::ConstantOp>(loc, b.getFloatAttr(et(), 0.0));
    return b.create<linalg::FillOp>(loc, zero, empty).getResult(0);
  }

  /// acc + l x r, per element in ascending k: fused multiply-adds, or
  /// rounded products then sums. Loops m, k, n: the innermost runs along
  /// rows and vectorizes without changing any element's order.
  Value product(Value l, Value r, Value acc, bool fused) {
    MLIRContext *ctx = b.getContext();
    unsigned loops = batched ? 4 : 3, first = batched ? 1 : 0;
    AffineExpr m = b.getAffineDimExpr(first), k = b.getAffineDimExpr(first + 1),
               n = b.getAffineDimExpr(first + 2);
    auto map = [&](AffineExpr x, AffineExpr y) {
      SmallVector<AffineExpr> exprs;
      if (batched)
        exprs.push_back(b.getAffineDimExpr(0));
      exprs.append({x, y});
      return AffineMap::get(loops, 0, exprs, ctx);
    };
    SmallVector<AffineMap> maps{map(m, k), map(k, n), map(m, n)};
    SmallVector<utils::IteratorType> iterators{utils::IteratorType::parallel,
                                               utils::IteratorType::reduction,
                                               utils::IteratorType::parallel};
    if (batched)
      iterators.insert(iterators.begin(), utils::IteratorType::parallel);
    return b
        .create<linalg::GenericOp>(
            loc, acc.getType(), ValueRange{l, r}, ValueRange{acc}, maps,
            iterators,
            [fused](OpBuilder &nb, Location nl, ValueRange args) {
              Value v =
                  fused ? nb.create<math::FmaOp>(nl, args[0], args[1], args[2])
                              .getResult()
                        : nb.create<arith::AddFOp>(
                                nl, args[2],
                                nb.create<arith::MulFOp>(nl, args[0], args[1]))
                              .getResult();
              nb.create<linalg::YieldOp>(nl, v);
            })
        .getResult(0);
  }

  Value add(Value x, Value y) {
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank(), b.getContext());
    return b
        .create<linalg::GenericOp>(
            loc, outType, ValueRange{x, y}, ValueRange{x},
            SmallVector<AffineMap>{id, id, id},
            SmallVector<utils::IteratorType>(rank(),
                                             utils::IteratorType::parallel),
            [](OpBuilder &nb, Location nl, ValueRange args) {
              nb.create<linalg::YieldOp>(
                  nl,
                  ValueRange{nb.create<arith::AddFOp>(nl, args[0], args[1])});
            })
        .getResult(0);
  }

  /// The sum of the k piece [a, e) from zero in `order` (Chain,
  /// EvenOddFma or EvenOddRounded), for every element.
  Value piece(int64_t a, int64_t e, Avx2Order order) {
    int64_t length = e - a;
    // acc + the terms [from, from + count * stride) by `stride`.
    auto terms = [&](int64_t from, int64_t count, int64_t stride, Value acc,
                     bool fused) {
      Value l = lhsTerms(from, count, stride);
      Value r = rhsTerms(from, count, stride);
      return product(l, r, acc, fused);
    };
    if (order == Avx2Order::Chain)
      return terms(a, length, 1, zeros(outType), true);
    bool fused = order == Avx2Order::EvenOddFma;
    int64_t pairs = length / 2;
    Value sum = zeros(outType);
    if (pairs > 0) {
      Value even = terms(a, pairs, 2, zeros(outType), fused);
      Value odd = terms(a + 1, pairs, 2, zeros(outType), fused);
      sum = add(even, odd);
    }
    if (length % 2)
      sum = terms(e - 1, 1, 1, sum, fused);
    return sum;
  }

  /// Each element's value from the candidate of its order, by its row's
  /// and its column's kind (avx2RowKinds and avx2ColumnKinds).
  Value pick(const std::vector<int8_t> &rowKinds,
             const std::vector<int8_t> &colKinds,
             const std::map<Avx2Order, Value> &candidates) {
    MLIRContext *ctx = b.getContext();
    auto kindsOf = [&](const std::vector<int8_t> &kinds) -> Value {
      auto type = RankedTensorType::get({int64_t(kinds.size())}, b.getI8Type());
      return b.create<arith::ConstantOp>(
          loc, DenseElementsAttr::get(type, ArrayRef<int8_t>(kinds)));
    };
    std::vector<Avx2Order> orders;
    SmallVector<Value> inputs{kindsOf(rowKinds), kindsOf(colKinds)};
    for (auto &[order, value] : candidates) {
      orders.push_back(order);
      inputs.push_back(value);
    }
    unsigned n = rank();
    AffineExpr i = b.getAffineDimExpr(n - 2), j = b.getAffineDimExpr(n - 1);
    AffineMap id = AffineMap::getMultiDimIdentityMap(n, ctx);
    SmallVector<AffineMap> maps{AffineMap::get(n, 0, {i}, ctx),
                                AffineMap::get(n, 0, {j}, ctx)};
    maps.append(orders.size() + 1, id);
    return b
        .create<linalg::GenericOp>(
            loc, outType, inputs, ValueRange{candidates.begin()->second}, maps,
            SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel),
            [&](OpBuilder &nb, Location nl, ValueRange args) {
              auto constant = [&](int64_t v) -> Value {
                return nb.create<arith::ConstantIntOp>(nl, v, 8);
              };
              auto is = [&](Value kind, int64_t v) -> Value {
                return nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::eq,
                                                kind, constant(v));
              };
              Value row = args[0], col = args[1];
              // avx2Order: rows of 1 or 2 round; groups of 4-6 in 16-wide
              // tiles chain; the others fuse even and odd sums.
              Value rounded = is(row, 2);
              Value chain =
                  nb.create<arith::AndIOp>(nl, is(row, 0), is(col, 0));
              auto candidate = [&](Avx2Order o) -> Value {
                for (size_t c = 0; c < orders.size(); ++c)
                  if (orders[c] == o)
                    return args[2 + c];
                return args[2]; // absent: no element of this shard has it
              };
              Value v = nb.create<arith::SelectOp>(
                  nl, rounded, candidate(Avx2Order::EvenOddRounded),
                  nb.create<arith::SelectOp>(nl, chain,
                                             candidate(Avx2Order::Chain),
                                             candidate(Avx2Order::EvenOddFma)));
              nb.create<linalg::YieldOp>(nl, v);
            })
        .getResult(0);
  }

  /// Row `row`'s block of one row over the k block [a, e): one chain
  /// continuing from the row's values in `before`, written into `into`.
  Value loneRow(Value before, Value into, int64_t row, int64_t a, int64_t e) {
    Value l = slice(lhs, row, 1, 1, a, e - a, 1);
    Value r = slice(rhs, a, e - a, 1, 0, cols, 1);
    Value y = product(l, r, slice(before, row, 1, 1, 0, cols, 1), true);
    return insert(y, into, row, 0);
  }

  /// Column `col`'s block of one column over the k block [a, e): oneDNN's
  /// gemv_t kernel per row, added to the row's value in `before`, written
  /// into `into`.
  Value loneColumn(Value before, Value into, int64_t col, int64_t a,
                   int64_t e) {
    Scalars s{b, loc};
    Type t = et();
    int64_t length = e - a, main = length / 16 * 16;
    // ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7)): vhaddps, the
    // 128-bit halves added, vhaddps.
    auto fold = [&](Scalars &s, ArrayRef<Value> l) {
      return s.add(s.add(s.add(l[0], l[1]), s.add(l[4], l[5])),
                   s.add(s.add(l[2], l[3]), s.add(l[6], l[7])));
    };
    Value column = slice(before, 0, rows, 1, col, 1, 1);
    Value c0 = s.index(0), colAt = s.index(col);
    Value count =
        batched ? b.create<tensor::DimOp>(loc, lhs, 0).getResult() : s.index(1);
    Value out = s.update(
        s.index(0), count, column, [&](Scalars &s, Value m, Value matrix) {
          return s.update(
              s.index(0), s.index(rows), matrix,
              [&](Scalars &s, Value r, Value acc) {
                // Element (r, k) of a matrix (of matrix m of a batch).
                auto element = [&](Scalars &s, Value t, Value x, Value y) {
                  return batched ? s.at(t, {m, x, y}) : s.at(t, {x, y});
                };
                auto term = [&](Scalars &s, Value k) {
                  return std::make_pair(element(s, lhs, r, k),
                                        element(s, rhs, k, colAt));
                };
                Value y = element(s, acc, r, c0);
                Value zero = s.real(t, 0.0);
                if (main > 0) {
                  SmallVector<Value> init(8, zero);
                  SmallVector<Value> lanes = s.loop(
                      s.index(0), s.index(main / 8), init,
                      [&](Scalars &s, Value q, ValueRange state) {
                        SmallVector<Value> next;
                        Value base = s.iadd(s.imul(q, 8), s.index(a));
                        for (int64_t l = 0; l < 8; ++l) {
                          auto [x, w] = term(s, s.iadd(base, s.index(l)));
                          next.push_back(
                              s.b.create<math::FmaOp>(s.loc, x, w, state[l]));
                        }
                        return next;
                      });
                  y = s.add(y, fold(s, lanes));
                }
                int64_t at = a + main;
                for (int64_t step : {8, 4, 2, 1}) {
                  if (!((length - main) & step))
                    continue;
                  SmallVector<Value> lanes(8, zero);
                  for (int64_t l = 0; l < step; ++l) {
                    auto [x, w] = term(s, s.index(at + l));
                    lanes[l] = s.mul(x, w);
                  }
                  y = s.add(y, fold(s, lanes));
                  at += step;
                }
                return batched ? s.put(y, acc, {m, r, c0})
                               : s.put(y, acc, {r, c0});
              });
        });
    return insert(out, into, 0, col);
  }

  Value shard(const Avx2Shard &shard, Value init) {
    std::vector<int8_t> rowKinds = avx2RowKinds(shard),
                        colKinds = avx2ColumnKinds(shard);
    std::set<Avx2Order> tiled; // the orders of the tile kernels present
    std::vector<int64_t> loneRows, loneCols;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) {
        Avx2Order o = avx2Order(rowKinds[i], colKinds[j]);
        if (o != Avx2Order::LoneRow && o != Avx2Order::LoneColumn)
          tiled.insert(o);
      }
    for (int64_t i = 0; i < rows; ++i)
      if (rowKinds[i] == 3)
        loneRows.push_back(i);
    for (int64_t j = 0; j < cols; ++j)
      if (colKinds[j] == 2)
        loneCols.push_back(j);
    Value c = init;
    for (size_t blk = 0; blk + 1 < shard.kBlocks.size(); ++blk) {
      int64_t a = shard.kBlocks[blk], e = shard.kBlocks[blk + 1];
      std::vector<int64_t> pieces = avx2Pieces(a, e);
      // Each call adds its pieces' sums to the element, one at a time.
      std::map<Avx2Order, Value> candidates;
      for (Avx2Order o : tiled) {
        Value sum = c;
        for (size_t p = 0; p + 1 < pieces.size(); ++p)
          sum = add(sum, piece(pieces[p], pieces[p + 1], o));
        candidates[o] = sum;
      }
      Value next = candidates.empty() ? c
                   : candidates.size() == 1
                       ? candidates.begin()->second
                       : pick(rowKinds, colKinds, candidates);
      for (int64_t row : loneRows)
        next = loneRow(c, next, row, a, e);
      for (int64_t col : loneCols)
        next = loneColumn(c, next, col, a, e);
      c = next;
    }
    return c;
  }
};

} // namespace

Value avx2MatMul(OpBuilder &b, Location loc, Value lhs, Value rhs, Value zeros,
                 const std::vector<Avx2Shard> &plan) {
  auto outType = cast<RankedTensorType>(zeros.getType());
  int64_t n = outType.getRank();
  Avx2Builder builder{b,
                      loc,
                      lhs,
                      rhs,
                      outType,
                      n == 3,
                      outType.getDimSize(n - 2),
                      outType.getDimSize(n - 1)};
  Value total;
  for (const Avx2Shard &shard : plan) {
    Value sum = builder.shard(shard, zeros);
    total = total ? builder.add(total, sum) : sum;
  }
  return total;
}

} // namespace kiln::eigen
