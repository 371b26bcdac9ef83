// A float32 MatMul in the orders of oneDNN's sgemm kernels on processors
// without AVX-512 (Avx2MatMul.h). The orders depend on each element's place
// in oneDNN's register tile; rather than cut the result into tiles, each k
// piece is summed in each order the shard needs (vectorizable products: the
// even and odd terms are strided slices of k), over the blocks of rows and
// columns that take it where the rows are known, and each element picks
// its own by its row's and column's kind. The rare
// blocks of a single row or column are computed for that row or column and
// written over the pick.
#include "passes/Avx2MatMul.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <set>

namespace kiln::eigen {

using namespace mlir;

namespace {

struct Avx2Builder {
  OpBuilder &b;
  Location loc;
  Value lhs, rhs;
  RankedTensorType outType;
  bool batched;       // operands of rank 3: a batch of matrices, each alike
  int64_t rows, cols; // rows may be ShapedType::kDynamic: then rowCount
  Value rowCount;     // the rows, where known only at run time
  Value kCount;       // k, where known only at run time (one piece)

  Type et() { return outType.getElementType(); }
  int64_t rank() { return batched ? 3 : 2; }
  /// The type of a slice [rs, cs] (of every matrix of a batch).
  RankedTensorType matrices(int64_t rs, int64_t cs) {
    if (!batched)
      return RankedTensorType::get({rs, cs}, et());
    return RankedTensorType::get({outType.getDimSize(0), rs, cs}, et());
  }
  /// The result's rows, as a slice's offset or size.
  OpFoldResult allRows() {
    return rowCount ? OpFoldResult(rowCount) : b.getIndexAttr(rows);
  }
  Value rowsValue() {
    return rowCount ? rowCount
                    : b.create<arith::ConstantIndexOp>(loc, rows).getResult();
  }
  SmallVector<OpFoldResult> at(OpFoldResult r, OpFoldResult c) {
    SmallVector<OpFoldResult> out;
    if (batched)
      out.push_back(b.getIndexAttr(0));
    out.append({r, c});
    return out;
  }
  SmallVector<OpFoldResult> sizes(Value like, OpFoldResult r, OpFoldResult c) {
    SmallVector<OpFoldResult> out;
    if (batched)
      out.push_back(tensor::getMixedSize(b, loc, like, 0));
    out.append({r, c});
    return out;
  }

  /// The slice [r0, r0 + rs * rstride) x [c0, c0 + cs * cstride) of a
  /// matrix (of every matrix of a batch), with strides.
  Value slice(Value t, OpFoldResult r0, OpFoldResult rs, int64_t rstride,
              OpFoldResult c0, OpFoldResult cs, int64_t cstride) {
    SmallVector<OpFoldResult> strides;
    if (batched)
      strides.push_back(b.getIndexAttr(1));
    strides.append({b.getIndexAttr(rstride), b.getIndexAttr(cstride)});
    auto known = [](OpFoldResult v) {
      return getConstantIntValue(v).value_or(ShapedType::kDynamic);
    };
    return b.create<tensor::ExtractSliceOp>(loc, matrices(known(rs), known(cs)),
                                            t, at(r0, c0), sizes(t, rs, cs),
                                            strides);
  }
  Value slice(Value t, OpFoldResult r0, OpFoldResult rs, int64_t rstride,
              int64_t c0, int64_t cs, int64_t cstride) {
    return slice(t, r0, rs, rstride, b.getIndexAttr(c0), b.getIndexAttr(cs),
                 cstride);
  }
  Value slice(Value t, int64_t r0, int64_t rs, int64_t rstride, int64_t c0,
              int64_t cs, int64_t cstride) {
    return slice(t, b.getIndexAttr(r0), b.getIndexAttr(rs), rstride, c0, cs,
                 cstride);
  }
  Value insert(Value part, Value into, OpFoldResult r0, int64_t c0) {
    auto type = cast<RankedTensorType>(part.getType());
    int64_t n = type.getRank();
    return b.create<tensor::InsertSliceOp>(
        loc, part, into, at(r0, b.getIndexAttr(c0)),
        sizes(part, tensor::getMixedSize(b, loc, part, n - 2),
              b.getIndexAttr(type.getDimSize(n - 1))),
        SmallVector<OpFoldResult>(n, b.getIndexAttr(1)));
  }
  /// A block of the result: rows [r0, r0 + rs), columns [c0, c0 + cs).
  struct Rect {
    OpFoldResult r0, rs;
    int64_t c0, cs;
  };
  Rect whole() { return {b.getIndexAttr(0), allRows(), 0, cols}; }
  /// lhs's columns and rhs's rows [a, a + count * stride) by `stride`,
  /// for the block `at`.
  Value lhsTerms(const Rect &at, OpFoldResult a, OpFoldResult count,
                 int64_t stride) {
    return slice(lhs, at.r0, at.rs, 1, a, count, stride);
  }
  Value rhsTerms(const Rect &at, OpFoldResult a, OpFoldResult count,
                 int64_t stride) {
    return slice(rhs, a, count, stride, at.c0, at.cs, 1);
  }

  Value zeros(RankedTensorType type) {
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d)) // a batch's size, or the rows
        dynamic.push_back(b.create<tensor::DimOp>(loc, lhs, d));
    Value empty = b.create<tensor::EmptyOp>(loc, type, dynamic);
    Value zero = b.create<arith::ConstantOp>(loc, b.getFloatAttr(et(), 0.0));
    return b.create<linalg::FillOp>(loc, zero, empty).getResult(0);
  }

  Value product(Value l, Value r, Value acc, bool fused) {
    return accumulateProduct(b, loc, l, r, acc, fused);
  }
  Value add(Value x, Value y) { return addElementwise(b, loc, x, y); }

  /// The sum of the k piece [a, e) from zero in `order` (Chain,
  /// EvenOddFma or EvenOddRounded), for every element of the block `at`.
  Value piece(const Rect &at, int64_t a, int64_t e, Avx2Order order) {
    int64_t length = e - a;
    auto type = matrices(
        getConstantIntValue(at.rs).value_or(ShapedType::kDynamic), at.cs);
    // acc + the terms [from, from + count * stride) by `stride`.
    auto terms = [&](OpFoldResult from, OpFoldResult count, int64_t stride,
                     Value acc, bool fused) {
      Value l = lhsTerms(at, from, count, stride);
      Value r = rhsTerms(at, from, count, stride);
      return product(l, r, acc, fused);
    };
    auto index = [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); };
    if (kCount) {
      // k known only at run time, one piece [0, k): the same sums with
      // sizes computed when the function runs (the odd last term is a
      // slice of 0 or 1 terms).
      Value two = b.create<arith::ConstantIndexOp>(loc, 2);
      Value pairs = b.create<arith::DivUIOp>(loc, kCount, two);
      Value last = b.create<arith::RemUIOp>(loc, kCount, two);
      if (order == Avx2Order::Chain)
        return terms(index(0), kCount, 1, zeros(type), true);
      bool fused = order == Avx2Order::EvenOddFma;
      Value even = terms(index(0), pairs, 2, zeros(type), fused);
      Value odd = terms(index(1), pairs, 2, zeros(type), fused);
      Value sum = add(even, odd);
      Value from = b.create<arith::SubIOp>(loc, kCount, last);
      return terms(from, last, 1, sum, fused);
    }
    if (order == Avx2Order::Chain)
      return terms(index(a), index(length), 1, zeros(type), true);
    bool fused = order == Avx2Order::EvenOddFma;
    int64_t pairs = length / 2;
    Value sum = zeros(type);
    if (pairs > 0) {
      Value even = terms(index(a), index(pairs), 2, zeros(type), fused);
      Value odd = terms(index(a + 1), index(pairs), 2, zeros(type), fused);
      sum = add(even, odd);
    }
    if (length % 2)
      sum = terms(index(e - 1), index(1), 1, sum, fused);
    return sum;
  }

  /// For each row (or column) that the blocks `bounds` cut, the index of
  /// its block.
  static std::vector<size_t> blockIndices(const std::vector<int64_t> &bounds) {
    std::vector<size_t> out;
    for (size_t r = 0; r + 1 < bounds.size(); ++r)
      out.insert(out.end(), bounds[r + 1] - bounds[r], r);
    return out;
  }
  /// [row block][column block]: whether every k block of `shard` takes
  /// the copy-based kernel there (empty when none does).
  static std::vector<std::vector<bool>>
  copiedEverywhere(const Avx2Shard &shard) {
    if (shard.copyBlocks.empty())
      return {};
    size_t rowBlockCount = shard.rowBlocks.size() - 1,
           colBlockCount = shard.colBlocks.size() - 1,
           kBlockCount = shard.kBlocks.size() - 1;
    std::vector<size_t> rowOf = blockIndices(shard.rowBlocks),
                        colOf = blockIndices(shard.colBlocks);
    std::vector<std::vector<size_t>> count(
        rowBlockCount, std::vector<size_t>(colBlockCount, 0));
    for (const Avx2CopyBlock &copy : shard.copyBlocks)
      for (size_t r = rowOf[copy.r0]; r <= rowOf[copy.r1 - 1]; ++r)
        ++count[r][colOf[copy.c0]];
    std::vector<std::vector<bool>> out(rowBlockCount,
                                       std::vector<bool>(colBlockCount, false));
    for (size_t r = 0; r < rowBlockCount; ++r)
      for (size_t q = 0; q < colBlockCount; ++q)
        out[r][q] = count[r][q] == kBlockCount;
    return out;
  }

  /// The blocks covering the rows and columns marked in `rowMarks` and
  /// `colMarks` (every pair of their runs), or the whole result when the
  /// runs are many (each block is a product of its own in the code).
  std::vector<Rect> rectangles(const std::vector<bool> &rowMarks,
                               const std::vector<bool> &colMarks) {
    auto runs = [](const std::vector<bool> &marks) {
      std::vector<std::pair<int64_t, int64_t>> out;
      for (int64_t i = 0, n = int64_t(marks.size()); i < n; ++i)
        if (marks[i] && (out.empty() || out.back().second != i))
          out.push_back({i, i + 1});
        else if (marks[i])
          out.back().second = i + 1;
      return out;
    };
    auto rowRuns = runs(rowMarks), colRuns = runs(colMarks);
    const size_t kMaxBlocks = 8;
    if (rowRuns.size() * colRuns.size() > kMaxBlocks)
      return {whole()};
    std::vector<Rect> out;
    for (auto [r0, r1] : rowRuns)
      for (auto [c0, c1] : colRuns)
        out.push_back(
            {b.getIndexAttr(r0), b.getIndexAttr(r1 - r0), c0, c1 - c0});
    return out;
  }

  /// Each element's value from the candidate of its order, by its row's
  /// and its column's kind (avx2RowKinds and avx2ColumnKinds).
  Value kindsOf(const std::vector<int8_t> &kinds) {
    auto type = RankedTensorType::get({int64_t(kinds.size())}, b.getI8Type());
    return b.create<arith::ConstantOp>(
        loc, DenseElementsAttr::get(type, ArrayRef<int8_t>(kinds)));
  }

  Value pick(Value rowKinds, Value colKinds,
             const std::map<Avx2Order, Value> &candidates) {
    MLIRContext *ctx = b.getContext();
    std::vector<Avx2Order> orders;
    SmallVector<Value> inputs{rowKinds, colKinds};
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
  Value loneRow(Value before, Value into, OpFoldResult row, int64_t a,
                int64_t e) {
    OpFoldResult one = b.getIndexAttr(1);
    Value l = slice(lhs, row, one, 1, a, e - a, 1);
    Value r = slice(rhs, a, e - a, 1, 0, cols, 1);
    Value y = product(l, r, slice(before, row, one, 1, 0, cols, 1), true);
    return insert(y, into, row, 0);
  }

  /// A shard's row block for rows known only at run time: its rowBlock,
  /// or the step of rowBlockSteps the row count is in; the rows
  /// themselves for one block (at least 1, a divisor).
  Value runTimeRowBlock(const Avx2Shard &shard) {
    auto value = [&](int64_t block) -> Value {
      return block > 0
                 ? b.create<arith::ConstantIndexOp>(loc, block)
                 : b.create<arith::MaxSIOp>(
                        loc, rowCount, b.create<arith::ConstantIndexOp>(loc, 1))
                       .getResult();
    };
    if (shard.rowBlockSteps.empty())
      return value(shard.rowBlock);
    Value block = value(shard.rowBlockSteps.front().second);
    for (size_t i = 1; i < shard.rowBlockSteps.size(); ++i) {
      auto [first, size] = shard.rowBlockSteps[i];
      Value from =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, rowCount,
                                  b.create<arith::ConstantIndexOp>(loc, first));
      block = b.create<arith::SelectOp>(loc, from, value(size), block);
    }
    return block;
  }

  /// The last row when it is a block of its own (rows = 1 modulo
  /// `block`), known only at run time.
  Value runTimeLoneRow(Value before, Value into, Value block, int64_t a,
                       int64_t e) {
    Value one = b.create<arith::ConstantIndexOp>(loc, 1);
    Value lone = b.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq,
        b.create<arith::RemUIOp>(loc, rowCount, block), one);
    auto branch = [&](bool write) {
      return [&, write](OpBuilder &nb, Location l) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Value last = b.create<arith::SubIOp>(l, rowCount, one);
        b.create<scf::YieldOp>(l, write ? loneRow(before, into, last, a, e)
                                        : into);
      };
    };
    return b.create<scf::IfOp>(loc, lone, branch(true), branch(false))
        .getResult(0);
  }

  /// Each row's kind (avx2RowKinds) for rows known only at run time, in
  /// blocks of `block` rows (runTimeRowBlock): oneDNN's blocks of 48 (a
  /// rest of 73 to 95 halved), each in groups of 6.
  Value runTimeRowKinds(Value block) {
    auto type = RankedTensorType::get({ShapedType::kDynamic}, b.getI8Type());
    return b
        .create<tensor::GenerateOp>(
            loc, type, ValueRange{rowCount},
            [&](OpBuilder &nb, Location l, ValueRange index) {
              using P = arith::CmpIPredicate;
              auto c = [&](int64_t v) -> Value {
                return nb.create<arith::ConstantIndexOp>(l, v);
              };
              auto sub = [&](Value x, Value y) -> Value {
                return nb.create<arith::SubIOp>(l, x, y);
              };
              auto mul = [&](Value x, Value y) -> Value {
                return nb.create<arith::MulIOp>(l, x, y);
              };
              auto div = [&](Value x, Value y) -> Value {
                return nb.create<arith::DivSIOp>(l, x, y);
              };
              auto cmp = [&](P p, Value x, Value y) -> Value {
                return nb.create<arith::CmpIOp>(l, p, x, y);
              };
              auto sel = [&](Value cond, Value x, Value y) -> Value {
                return nb.create<arith::SelectOp>(l, cond, x, y);
              };
              Value i = index[0];
              Value start = mul(div(i, block), block);
              Value size =
                  nb.create<arith::MinSIOp>(l, block, sub(rowCount, start));
              Value pos = sub(i, start);
              // oneDNN takes 48 rows while 96 or more remain: (size - 48)
              // / 48 blocks of them.
              Value many = cmp(P::sge, size, c(96));
              Value taken =
                  sel(many, mul(div(sub(size, c(48)), c(48)), c(48)), c(0));
              Value rest = sub(size, taken);
              Value inTaken = cmp(P::slt, pos, taken);
              Value p2 = sub(pos, taken);
              // A rest of 73 to 95 is halved, the first half rounded up.
              Value halve = cmp(P::sgt, rest, c(72));
              Value half = div(nb.create<arith::AddIOp>(l, rest, c(1)), c(2));
              Value second =
                  nb.create<arith::AndIOp>(l, halve, cmp(P::sge, p2, half));
              Value oneDnnBlock =
                  sel(inTaken, c(48),
                      sel(halve, sel(second, sub(rest, half), half), rest));
              Value inBlock =
                  sel(inTaken, nb.create<arith::RemSIOp>(l, pos, c(48)),
                      sel(second, sub(p2, half), p2));
              // The row's group of 6 and its size.
              Value group = nb.create<arith::MinSIOp>(
                  l, sub(oneDnnBlock, mul(div(inBlock, c(6)), c(6))), c(6));
              auto kind = [&](int64_t v) -> Value {
                return nb.create<arith::ConstantIntOp>(l, v, 8);
              };
              Value k = sel(cmp(P::sge, group, c(4)), kind(0),
                            sel(cmp(P::eq, group, c(3)), kind(1), kind(2)));
              k = sel(cmp(P::eq, size, c(1)), kind(3), k);
              nb.create<tensor::YieldOp>(l, k);
            })
        .getResult();
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
    Value column = slice(before, b.getIndexAttr(0), allRows(), 1, col, 1, 1);
    Value rowEnd = rowsValue();
    Value c0 = s.index(0), colAt = s.index(col);
    Value count =
        batched ? b.create<tensor::DimOp>(loc, lhs, 0).getResult() : s.index(1);
    Value out = s.update(
        s.index(0), count, column, [&](Scalars &s, Value m, Value matrix) {
          return s.update(
              s.index(0), rowEnd, matrix, [&](Scalars &s, Value r, Value acc) {
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
    return insert(out, into, b.getIndexAttr(0), col);
  }

  Value shard(const Avx2Shard &shard, Value init) {
    std::vector<int8_t> colKinds = avx2ColumnKinds(shard);
    std::set<Avx2Order> tiled; // the orders of the tile kernels present
    std::vector<int64_t> loneRows, loneCols;
    Value rowKinds, rowBlock;
    // With the rows known, each order is summed only over the blocks of
    // rows and columns that take it (most elements chain; a few rows or
    // columns at the ends of blocks sum even and odd terms).
    std::map<Avx2Order, std::vector<Rect>> blocks;
    if (!rowCount) {
      std::vector<int8_t> kinds = avx2RowKinds(shard);
      std::map<Avx2Order, std::vector<bool>> inRow, inCol;
      std::vector<std::vector<bool>> copied = copiedEverywhere(shard);
      std::vector<size_t> rowBlockOf = blockIndices(shard.rowBlocks),
                          colBlockOf = blockIndices(shard.colBlocks);
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          if (!copied.empty() && copied[rowBlockOf[i]][colBlockOf[j]])
            continue; // the copy-based kernel's in every k block
          Avx2Order o = avx2Order(kinds[i], colKinds[j]);
          if (o == Avx2Order::LoneRow || o == Avx2Order::LoneColumn)
            continue;
          tiled.insert(o);
          inRow.try_emplace(o, rows, false).first->second[i] = true;
          inCol.try_emplace(o, cols, false).first->second[j] = true;
        }
      for (Avx2Order o : tiled)
        blocks[o] = rectangles(inRow[o], inCol[o]);
      for (int64_t i = 0; i < rows; ++i)
        if (kinds[i] == 3)
          loneRows.push_back(i);
      rowKinds = kindsOf(kinds);
    } else {
      // Rows known at run time: any kind of group may come up.
      tiled = {Avx2Order::EvenOddFma, Avx2Order::EvenOddRounded};
      for (int8_t kind : colKinds)
        if (kind == 0)
          tiled.insert(Avx2Order::Chain);
      rowBlock = runTimeRowBlock(shard);
      rowKinds = runTimeRowKinds(rowBlock);
    }
    for (int64_t j = 0; j < cols; ++j)
      if (colKinds[j] == 2)
        loneCols.push_back(j);
    Value c = init;
    for (size_t blk = 0; blk + 1 < shard.kBlocks.size(); ++blk) {
      int64_t a = shard.kBlocks[blk], e = shard.kBlocks[blk + 1];
      // (k known only at run time: one piece, its size computed then.)
      std::vector<int64_t> pieces =
          kCount ? std::vector<int64_t>{a, e} : avx2Pieces(a, e);
      // Each call adds its pieces' sums to the element, one at a time.
      std::map<Avx2Order, Value> candidates;
      for (Avx2Order o : tiled) {
        auto sumOver = [&](const Rect &at, Value sum) {
          for (size_t p = 0; p + 1 < pieces.size(); ++p)
            sum = add(sum, piece(at, pieces[p], pieces[p + 1], o));
          return sum;
        };
        if (!blocks.count(o)) {
          candidates[o] = sumOver(whole(), c);
          continue;
        }
        // Elements outside the blocks keep c: they take another order.
        Value sum = c;
        for (const Rect &at : blocks[o])
          sum = insert(sumOver(at, slice(c, at.r0, at.rs, 1, at.c0, at.cs, 1)),
                       sum, at.r0, at.c0);
        candidates[o] = sum;
      }
      Value next = candidates.empty() ? c
                   : candidates.size() == 1
                       ? candidates.begin()->second
                       : pick(rowKinds, kindsOf(colKinds), candidates);
      for (int64_t row : loneRows)
        next = loneRow(c, next, b.getIndexAttr(row), a, e);
      // (A single block of all the rows has no lone row after it.)
      if (rowCount && (shard.rowBlock > 0 || !shard.rowBlockSteps.empty()))
        next = runTimeLoneRow(c, next, rowBlock, a, e);
      for (int64_t col : loneCols)
        next = loneColumn(c, next, col, a, e);
      // The copy-based kernel's calls: one chain over the block (of at
      // most 256 terms, one piece) added to the element.
      for (const Avx2CopyBlock &copy : shard.copyBlocks) {
        if (copy.kBlock != blk)
          continue;
        Rect at{b.getIndexAttr(copy.r0), b.getIndexAttr(copy.r1 - copy.r0),
                copy.c0, copy.c1 - copy.c0};
        Value sum = add(slice(c, at.r0, at.rs, 1, at.c0, at.cs, 1),
                        piece(at, a, e, Avx2Order::Chain));
        next = insert(sum, next, at.r0, at.c0);
      }
      c = next;
    }
    return c;
  }
};

} // namespace

Value accumulateProduct(OpBuilder &b, Location loc, Value lhs, Value rhs,
                        Value acc, bool fused) {
  MLIRContext *ctx = b.getContext();
  // Loops m, k, n (a batch outermost): the innermost runs along a row of
  // the result and of rhs, contiguous, which LLVM vectorizes without
  // changing any element's order.
  bool batched = cast<RankedTensorType>(acc.getType()).getRank() == 3;
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
          loc, acc.getType(), ValueRange{lhs, rhs}, ValueRange{acc}, maps,
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

Value addElementwise(OpBuilder &b, Location loc, Value x, Value y) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  return b
      .create<linalg::GenericOp>(
          loc, type, ValueRange{x, y}, ValueRange{x},
          SmallVector<AffineMap>{id, id, id},
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [](OpBuilder &nb, Location nl, ValueRange args) {
            nb.create<linalg::YieldOp>(
                nl, ValueRange{nb.create<arith::AddFOp>(nl, args[0], args[1])});
          })
      .getResult(0);
}

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
                      outType.getDimSize(n - 1),
                      Value(),
                      Value()};
  if (outType.isDynamicDim(n - 2))
    builder.rowCount = b.create<tensor::DimOp>(loc, lhs, n - 2);
  if (cast<RankedTensorType>(lhs.getType()).isDynamicDim(n - 1)) {
    // avx2MatMulPlansByK's plans: one call over all of k, no block of a
    // single row or column, none of the copy-based kernel.
    assert(plan.size() == 1 && plan[0].kBlocks.size() == 2 &&
           plan[0].copyBlocks.empty() && "k known at run time: one piece");
    builder.kCount = b.create<tensor::DimOp>(loc, lhs, n - 1);
  }
  Value total;
  for (const Avx2Shard &shard : plan) {
    Value sum = builder.shard(shard, zeros);
    total = total ? builder.add(total, sum) : sum;
  }
  return total;
}

} // namespace kiln::eigen
