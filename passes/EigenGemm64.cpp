// TensorFlow's float64 matrix products (EigenGemm64.h): Eigen's blocking
// heuristics and contraction cost model for doubles, the per-element
// summation schemes of its gebp kernel, and the loops that sum in that
// order. Eigen names the problem transposed: its rows are TensorFlow's
// columns (m = n_tf) and its columns TensorFlow's rows.
#include "EigenGemm64.h"
#include "ScalarLoops.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>
#include <functional>

using namespace mlir;

namespace kiln::eigen {

namespace {

// gebp_traits<double, double> on AVX without FMA.
constexpr int64_t kMr = 8, kNr = 4, kPacket = 4, kScalarBytes = 8;

int64_t divCeil(int64_t a, int64_t b) { return (a + b - 1) / b; }

struct Blocking {
  int64_t kc, mc, nc;
};

/// Eigen's evaluateProductBlockingSizesHeuristic for doubles: the k, m and
/// n block sizes of a k x m x n product on `threads` threads.
Blocking productBlocking(int64_t k, int64_t m, int64_t n, int64_t threads,
                         const CacheSizes &c) {
  const int64_t l1 = c.l1, l2 = c.l2, l3 = c.l3;
  const int64_t kDiv = kMr * kScalarBytes + kNr * kScalarBytes;
  const int64_t kSub = kMr * kNr * kScalarBytes;
  if (threads > 1) {
    const int64_t kr = 8;
    int64_t kCache = std::max(kr, std::min((l1 - kSub) / kDiv, int64_t(320)));
    if (kCache < k)
      k = kCache - kCache % kr;
    int64_t nCache = (l2 - l1) / (kNr * kScalarBytes * k);
    int64_t nPerThread = divCeil(n, threads);
    if (nCache <= nPerThread)
      n = nCache - nCache % kNr;
    else
      n = std::min(n, (nPerThread + kNr - 1) - (nPerThread + kNr - 1) % kNr);
    if (l3 > l2) {
      int64_t mCache = (l3 - l2) / (kScalarBytes * k * threads);
      int64_t mPerThread = divCeil(m, threads);
      if (mCache < mPerThread && mCache >= kMr)
        m = mCache - mCache % kMr;
      else
        m = std::min(m, (mPerThread + kMr - 1) - (mPerThread + kMr - 1) % kMr);
    }
    return {k, m, n};
  }
  if (std::max({k, m, n}) < 48)
    return {k, m, n};
  const int64_t kPeeling = 8;
  int64_t maxKc = std::max(((l1 - kSub) / kDiv) & ~(kPeeling - 1), int64_t(1));
  int64_t oldK = k;
  if (k > maxKc)
    k = k % maxKc == 0 ? maxKc
                       : maxKc - kPeeling * ((maxKc - 1 - k % maxKc) /
                                             (kPeeling * (k / maxKc + 1)));
  const int64_t actualL2 = 1572864; // Eigen's 1.5 MiB
  int64_t remainingL1 = l1 - kSub - m * k * kScalarBytes;
  int64_t maxNc = remainingL1 >= kNr * kScalarBytes * k
                      ? remainingL1 / (k * kScalarBytes)
                      : (3 * actualL2) / (2 * 2 * maxKc * kScalarBytes);
  int64_t nc = std::min(actualL2 / (2 * k * kScalarBytes), maxNc) & ~(kNr - 1);
  if (n > nc) {
    n = n % nc == 0 ? nc : nc - kNr * ((nc - n % nc) / (kNr * (n / nc + 1)));
  } else if (oldK == k) {
    int64_t problem = k * n * kScalarBytes;
    int64_t actualLm = actualL2, maxMc = m;
    if (problem <= 1024) {
      actualLm = l1;
    } else if (l3 != 0 && problem <= 32768) {
      actualLm = l2;
      maxMc = std::min(int64_t(576), maxMc);
    }
    int64_t mc = std::min(actualLm / (3 * k * kScalarBytes), maxMc);
    if (mc > kMr)
      mc -= mc % kMr;
    else if (mc == 0)
      return {k, m, n};
    m = m % mc == 0 ? mc : mc - kMr * ((mc - m % mc) / (kMr * (m / mc + 1)));
  }
  return {k, m, n};
}

/// TensorContractionBlocking: the blocking by columns, or by rows with m
/// and n exchanged.
Blocking tensorBlocking(int64_t k, int64_t m, int64_t n, int64_t threads,
                        bool shardByCol, const CacheSizes &c) {
  if (shardByCol)
    return productBlocking(k, m, n, threads, c);
  Blocking t = productBlocking(k, n, m, threads, c);
  return {t.kc, t.nc, t.mc};
}

bool shardByCol(int64_t m, int64_t n, int64_t t) {
  if (m / t >= kNr && (n / t < kNr || (n / t < 4 * kNr && n % (t * kNr) != 0 &&
                                       (m % (t * kNr) == 0 || m / n >= 6))))
    return false;
  if (n / t < 16 * kNr && m > n * 32)
    return false;
  return true;
}

double totalCost(double bytesLoaded, double bytesStored, double compute) {
  return bytesLoaded * 11.0 / 64 + bytesStored * 11.0 / 64 + compute;
}

double bandwidth(bool byCol, int64_t bm, int64_t bn, int64_t bk) {
  if (bk == 1)
    return 4.0;
  if ((byCol ? bn : bm) < kNr || (byCol ? bm : bn) < kMr)
    return 2.0;
  return 1.0; // 0.5 with FMA
}

/// One shard's schemes: the gebp tiles of `rowTile` TensorFlow columns by
/// `colTile` TensorFlow rows.
Gemm64Shard tiled(int64_t mTf, int64_t nTf, int64_t kBegin, int64_t kEnd,
                  int64_t kBlock, int64_t rowTile, int64_t colTile) {
  Gemm64Shard s;
  s.kBegin = kBegin;
  s.kEnd = kEnd;
  s.kBlock = std::max(kBlock, int64_t(1));
  s.scheme.assign(nTf, 0);
  for (int64_t r0 = 0; r0 < nTf; r0 += rowTile) {
    int64_t rows = std::min(rowTile, nTf - r0);
    int64_t seq = rows / 8 * 8;
    int64_t fours = seq + (rows - seq) / 4 * 4;
    int64_t pairs = fours + (rows - fours) / 2 * 2;
    for (int64_t rr = seq; rr < rows; ++rr)
      s.scheme[r0 + rr] = rr < pairs ? 1 : 2;
  }
  s.rowSeq.assign(mTf, false);
  for (int64_t c0 = 0; c0 < mTf; c0 += colTile) {
    int64_t cols = std::min(colTile, mTf - c0);
    for (int64_t cc = cols / 4 * 4; cc < cols; ++cc)
      s.rowSeq[c0 + cc] = true;
  }
  return s;
}

/// A product's result as [batch, m, n] (a 2-D one is one matrix of a
/// batch), and the indices of an element of it or of its operands.
struct Layout {
  explicit Layout(RankedTensorType out)
      : batched(out.getRank() == 3), batch(batched ? out.getDimSize(0) : 1),
        m(out.getDimSize(batched ? 1 : 0)), n(out.getDimSize(batched ? 2 : 1)) {
  }
  SmallVector<Value> at(Value bi, Value r, Value c) const {
    return batched ? SmallVector<Value>{bi, r, c} : SmallVector<Value>{r, c};
  }
  bool batched;
  int64_t batch, m, n;
};

using Product = std::function<Value(Scalars &, Value)>;
using Branch = std::function<Value(Scalars &)>;

/// cond ? yes : no, each computed in its own region (an scf.if).
Value ifElse(Scalars &s, Value cond, const Branch &yes, const Branch &no) {
  return s.b
      .create<scf::IfOp>(
          s.loc, cond,
          [&](OpBuilder &tb, Location tl) {
            Scalars t{tb, tl};
            tb.create<scf::YieldOp>(tl, yes(t));
          },
          [&](OpBuilder &eb, Location el) {
            Scalars e{eb, el};
            eb.create<scf::YieldOp>(el, no(e));
          })
      .getResult(0);
}

/// Lanes of accumulators over groups of `width` consecutive k: for each
/// group q in [0, groups), the product of k = start + q * width + l is
/// added to lane l (every sum rounded, as Eigen's packets add).
SmallVector<Value> laneSums(Scalars &s, Value start, Value groups,
                            int64_t width, ValueRange lanes, const Product &p) {
  return s.loop(
      s.index(0), groups, lanes, [&](Scalars &y, Value q, ValueRange st) {
        Value base = y.iadd(start, y.imul(q, width));
        SmallVector<Value> next;
        for (int64_t l = 0; l < width; ++l)
          next.push_back(y.add(st[l], p(y, y.iadd(base, y.index(l)))));
        return next;
      });
}

/// The sum of the products of k in [k0, k0 + depth) in `scheme`'s order
/// (0 SEQ, 1 CD, 2 LAST4; EigenGemm64.h), from zero.
Value blockSum(Scalars &s, Value scheme, Value k0, Value depth,
               const Product &p, Type f64) {
  Location loc = s.loc;
  auto isScheme = [&](Scalars &x, int64_t v) -> Value {
    return x.b.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq, scheme,
        x.b.create<arith::ConstantIntOp>(loc, v, 8));
  };
  auto roundDown = [&](Scalars &x, int64_t multiple) -> Value {
    return x.b.create<arith::SubIOp>(loc, depth, x.irem(depth, multiple));
  };
  // Products of k0 + t for t in [from, depth) added to `acc`.
  auto tail = [&](Scalars &x, Value from, Value acc) {
    return x.loop(from, depth, acc, [&](Scalars &y, Value t, ValueRange st) {
      return SmallVector<Value>{y.add(st[0], p(y, y.iadd(k0, t)))};
    })[0];
  };
  auto sequential = [&](Scalars &x) {
    return tail(x, x.index(0), x.real(f64, 0.0));
  };
  auto evenOdd = [&](Scalars &x) {
    Value peeled = roundDown(x, 8);
    Value zero = x.real(f64, 0.0);
    SmallVector<Value> cd =
        laneSums(x, k0, x.idiv(peeled, 2), 2, ValueRange{zero, zero}, p);
    return tail(x, peeled, x.add(cd[0], cd[1]));
  };
  auto fourWay = [&](Scalars &x) {
    Value full = roundDown(x, 4);
    Value zero = x.real(f64, 0.0);
    SmallVector<Value> a = laneSums(x, k0, x.idiv(full, 4), 4,
                                    ValueRange{zero, zero, zero, zero}, p);
    return tail(x, full, x.add(x.add(a[0], a[1]), x.add(a[2], a[3])));
  };
  return ifElse(s, isScheme(s, 0), sequential, [&](Scalars &x) {
    return ifElse(x, isScheme(x, 1), evenOdd, fourWay);
  });
}

} // namespace

std::optional<Gemm64Plan> contractionPlan64(int64_t mTf, int64_t k, int64_t nTf,
                                            int64_t threads,
                                            const CacheSizes &caches,
                                            bool batched) {
  const int64_t m = nTf, n = mTf; // Eigen's names
  auto sequential = [&] {
    Blocking t = tensorBlocking(k, m, n, 1, true, caches);
    Gemm64Plan p;
    p.shards.push_back(
        tiled(mTf, nTf, 0, k, t.kc, std::min(m, t.mc), std::min(n, t.nc)));
    return p;
  };
  if (threads <= 1)
    return sequential();
  // TensorContractionThreadPool's numThreads: the cost of the blocks.
  double indexCost = batched ? 0.25 : 0.0;
  bool byCol = shardByCol(m, n, 2);
  Blocking t = tensorBlocking(k, m, n, 2, byCol, caches);
  double kd = double(t.kc);
  double compute = kd * bandwidth(false, t.mc, t.nc, t.kc) / kPacket;
  double lhsLoad = byCol ? 0.0 : 8.0 * (kd / n);
  double rhsLoad = byCol ? 8.0 * (kd / m) : 0.0;
  double perCoeff =
      totalCost(lhsLoad + rhsLoad, 8.0,
                compute + indexCost * (kd / n) + indexCost * (kd / m));
  double wanted = (double(n) * m * perCoeff - 100000) / 100000 + 0.9;
  int64_t numThreads = std::min(threads, std::max(int64_t(1), int64_t(wanted)));
  // numThreadsInnerDim: sharding k pays when the reduction of the buffers
  // costs less than what the threads save.
  double innerCompute = (bandwidth(true, m, n, k) * m * n) / kPacket +
                        indexCost * m + indexCost * n;
  double perK = totalCost(8.0 * n, 8.0, innerCompute);
  double sequentialCost = k * perK;
  double reduction = m * n * totalCost(2, 1, 1.0 / kPacket);
  int64_t innerThreads = 1;
  double best = sequentialCost;
  for (int64_t nt = 2; nt <= threads; nt += 2) {
    double parallel = sequentialCost / nt + 100000 + nt * (reduction + 3000);
    if (parallel < best) {
      innerThreads = nt;
      best = parallel;
    }
  }
  // shardByInnerDim
  bool shardK = false;
  double buffer = double(m) * n * kScalarBytes;
  if (!(n == 1 || innerThreads < 2 || innerThreads < numThreads ||
        buffer > double(caches.l3) / innerThreads ||
        k / innerThreads < 2 * kNr) &&
      (std::max(m, n) / numThreads < kNr ||
       (k / innerThreads > 8 * kNr &&
        (std::min(m, n) < 2 * kNr || innerThreads > numThreads))))
    shardK = true;
  if (shardK) {
    // k in blocks of a multiple of 8, each summed into its own buffer with
    // the sequential kernel; two buffers add as the second plus the first.
    int64_t target = divCeil(divCeil(k, innerThreads), 8) * 8;
    int64_t size = std::min(k, std::max(12 * kPacket, target));
    int64_t blocks = divCeil(k, size);
    if (blocks > 2)
      return std::nullopt;
    Gemm64Plan p;
    for (int64_t blk = 0; blk < blocks; ++blk) {
      int64_t ks = blk * size, ke = std::min(k, ks + size);
      Blocking bt = tensorBlocking(ke - ks, m, n, blocks, true, caches);
      p.shards.push_back(tiled(mTf, nTf, ks, ke, bt.kc, std::min(m, bt.mc),
                               std::min(n, bt.nc)));
    }
    return p;
  }
  if (n == 1 || numThreads == 1)
    return sequential();
  byCol = shardByCol(m, n, numThreads);
  Blocking g = tensorBlocking(k, m, n, numThreads, byCol, caches);
  Gemm64Plan p;
  p.shards.push_back(tiled(mTf, nTf, 0, k, g.kc, g.mc, g.nc));
  return p;
}

Gemm64Plan sequentialPlan64(int64_t m, int64_t k, int64_t n) {
  Gemm64Shard all;
  all.kEnd = k;
  all.kBlock = std::max(k, int64_t(1));
  all.scheme.assign(n, 0);
  all.rowSeq.assign(m, false);
  Gemm64Plan p;
  p.shards.push_back(std::move(all));
  return p;
}

Gemm64Plan densePlan64(int64_t mTf, int64_t k, int64_t nTf,
                       const CacheSizes &caches) {
  Blocking t = productBlocking(k, nTf, mTf, 1, caches);
  Gemm64Plan p;
  p.shards.push_back(
      tiled(mTf, nTf, 0, k, t.kc, std::min(nTf, t.mc), std::min(mTf, t.nc)));
  return p;
}

Value matMul64(OpBuilder &b, Location loc, Value lhs, Value rhs,
               RankedTensorType outType, const Gemm64Plan &plan) {
  Scalars s{b, loc};
  Type f64 = b.getF64Type();
  Layout layout(outType);
  int64_t batch = layout.batch, m = layout.m, n = layout.n;
  auto at = [&](Value bi, Value r, Value c) { return layout.at(bi, r, c); };
  // Per shard: the schemes of the columns and the rows that sum in order.
  struct Tables {
    Value scheme, rowSeq;
  };
  std::vector<Tables> tables;
  for (const Gemm64Shard &shard : plan.shards) {
    auto schemeType = RankedTensorType::get({n}, b.getI8Type());
    auto rowType = RankedTensorType::get({m}, b.getI1Type());
    SmallVector<int8_t> schemes(shard.scheme.begin(), shard.scheme.end());
    SmallVector<bool> rows(shard.rowSeq.begin(), shard.rowSeq.end());
    tables.push_back(
        {b.create<arith::ConstantOp>(
             loc, DenseElementsAttr::get(schemeType, ArrayRef(schemes))),
         b.create<arith::ConstantOp>(
             loc, DenseElementsAttr::get(rowType, ArrayRef(rows)))});
  }
  Value init = b.create<tensor::EmptyOp>(loc, outType.getShape(), f64);
  return s.update(
      s.index(0), s.index(batch), init, [&](Scalars &sb, Value bi, Value out) {
        return sb.update(
            sb.index(0), sb.index(m), out, [&](Scalars &si, Value i, Value o) {
              return si.update(
                  si.index(0), si.index(n), o,
                  [&](Scalars &sj, Value j, Value oj) {
                    auto product = [&](Scalars &x, Value kk) {
                      Value a = x.at(lhs, at(bi, i, kk));
                      Value c = x.at(rhs, at(bi, kk, j));
                      return x.mul(a, c);
                    };
                    SmallVector<Value> sums;
                    for (size_t sh = 0; sh < plan.shards.size(); ++sh) {
                      const Gemm64Shard &shard = plan.shards[sh];
                      Value scheme = sj.at(tables[sh].scheme, {j});
                      Value seqRow = sj.at(tables[sh].rowSeq, {i});
                      scheme = sj.select(
                          seqRow, sj.b.create<arith::ConstantIntOp>(loc, 0, 8),
                          scheme);
                      int64_t blocks =
                          divCeil(shard.kEnd - shard.kBegin, shard.kBlock);
                      Value zero = sj.real(f64, 0.0);
                      Value total = sj.loop(
                          sj.index(0), sj.index(blocks), zero,
                          [&](Scalars &sk, Value blk, ValueRange acc) {
                            Value k0 = sk.iadd(sk.index(shard.kBegin),
                                               sk.imul(blk, shard.kBlock));
                            Value k1 = sk.b.create<arith::MinUIOp>(
                                loc, sk.iadd(k0, sk.index(shard.kBlock)),
                                sk.index(shard.kEnd));
                            Value depth =
                                sk.b.create<arith::SubIOp>(loc, k1, k0);
                            Value sum =
                                blockSum(sk, scheme, k0, depth, product, f64);
                            return SmallVector<Value>{sk.add(acc[0], sum)};
                          })[0];
                      sums.push_back(total);
                    }
                    // Buffers add as the last plus the ones before it.
                    Value r = sums.back();
                    for (size_t sh = sums.size() - 1; sh-- > 0;)
                      r = sj.add(r, sums[sh]);
                    return sj.put(r, oj, at(bi, i, j));
                  });
            });
      });
}

namespace {

/// The recipes of one dense product of `rows` x `k` x `cols` (a piece of
/// the result, at `first` in the flat vector), one side of it 1.
void denseVectorRecipes(int64_t rows, int64_t k, int64_t cols, bool transposeA,
                        bool transposeB, int64_t first,
                        std::vector<VectorRecipe> &recipe) {
  bool innerVectorized = !transposeA && transposeB;
  int64_t length = std::max(rows, cols);
  auto fill = [&](VectorRecipe r) {
    for (int64_t e = 0; e < length; ++e)
      recipe[first + e] = r;
  };
  auto lanes = [&] {
    fill(VectorRecipe::Lanes);
    if (length % 2)
      recipe[first + length - 1] = VectorRecipe::LanesLast;
  };
  if (k + rows + cols < 20)
    return fill(innerVectorized ? VectorRecipe::Redux : VectorRecipe::Lazy);
  if (rows == 1 && cols == 1)
    return fill(innerVectorized ? VectorRecipe::Dot : VectorRecipe::Lazy);
  if (cols == 1)
    return transposeA ? fill(VectorRecipe::ColumnBlocks) : lanes();
  return transposeB ? lanes() : fill(VectorRecipe::ColumnBlocks);
}

} // namespace

std::optional<VectorPlan64> vectorPlan64(int64_t m, int64_t k, int64_t n,
                                         bool transposeA, bool transposeB,
                                         int64_t threads, int64_t batch) {
  if (k < 1 || (m != 1 && n != 1))
    return std::nullopt;
  VectorPlan64 plan;
  plan.recipe.assign(std::max(m, n), VectorRecipe::Lazy);
  // The column-major kernel's blocks read the stored matrix's stride.
  int64_t stride = n == 1 ? m : n;
  plan.blockColumns = k < 128 ? k : (stride * 8 < 32000 ? 16 : 4);
  if (batch > 1 || m * k * n <= 128 * 128) {
    denseVectorRecipes(m, k, n, transposeA, transposeB, 0, plan.recipe);
    return plan;
  }
  // SingleBatchParallelMatMulKernel: halves (multiples of 32) of the
  // longer side until each piece's work is small enough.
  const int64_t limit = std::max(m * k * n / threads, int64_t(128 * 128));
  const int64_t minBlock = 8 * kPacket;
  std::function<void(int64_t, int64_t, int64_t, int64_t)> handle =
      [&](int64_t row, int64_t col, int64_t rows, int64_t cols) {
        while (rows * k * cols > limit &&
               (rows > minBlock || cols > minBlock)) {
          if (rows > cols) {
            int64_t half = divCeil(rows / 2, minBlock) * minBlock;
            handle(row + half, col, rows - half, cols);
            rows = half;
          } else {
            int64_t half = divCeil(cols / 2, minBlock) * minBlock;
            handle(row, col + half, rows, cols - half);
            cols = half;
          }
        }
        if (rows > 0 && cols > 0)
          denseVectorRecipes(rows, k, cols, transposeA, transposeB,
                             n == 1 ? row : col, plan.recipe);
      };
  handle(0, 0, m, n);
  return plan;
}

namespace {

/// The sum of the products of k in [0, depth) by `code`'s recipe
/// (VectorRecipe; EigenGemm64.h).
Value vectorSum(Scalars &s, Value code, int64_t depth, int64_t blockColumns,
                const Product &p, Type f64) {
  auto zero = [&](Scalars &x) { return x.real(f64, 0.0); };
  // acc + p(k) for k in [from, to).
  auto run = [&](Scalars &x, int64_t from, int64_t to, Value acc) {
    if (from >= to)
      return acc;
    return x.loop(x.index(from), x.index(to), acc,
                  [&](Scalars &y, Value kk, ValueRange st) {
                    return SmallVector<Value>{y.add(st[0], p(y, kk))};
                  })[0];
  };
  auto pk = [&](Scalars &x, int64_t kk) { return p(x, x.index(kk)); };
  // laneSums over [from, from + groups * width), bounds known here.
  auto lanesFrom = [&](Scalars &x, int64_t from, int64_t groups, int64_t width,
                       ValueRange lanes) {
    return laneSums(x, x.index(from), x.index(groups), width, lanes, p);
  };
  auto fold = [&](Scalars &x, ArrayRef<Value> l) {
    return x.add(x.add(l[0], l[2]), x.add(l[1], l[3]));
  };
  auto packet = [&](Scalars &x, int64_t kk) {
    SmallVector<Value> v;
    for (int64_t r = 0; r < 4; ++r)
      v.push_back(pk(x, kk + r));
    return v;
  };
  auto addPackets = [&](Scalars &x, SmallVector<Value> a, ArrayRef<Value> c) {
    for (int64_t r = 0; r < 4; ++r)
      a[r] = x.add(a[r], c[r]);
    return a;
  };
  const int64_t full = depth / 4 * 4;
  std::function<Value(Scalars &)> recipes[] = {
      // Lazy
      [&](Scalars &x) { return run(x, 1, depth, pk(x, 0)); },
      // Redux
      [&](Scalars &x) -> Value {
        int64_t a2 = depth / 8 * 8;
        if (full == 0)
          return run(x, 1, depth, pk(x, 0));
        SmallVector<Value> r0 = packet(x, 0);
        if (full > 4) {
          SmallVector<Value> both = r0;
          both.append(packet(x, 4));
          both = lanesFrom(x, 8, (a2 - 8) / 8, 8, both);
          r0 = addPackets(x, SmallVector<Value>(both.begin(), both.begin() + 4),
                          ArrayRef<Value>(both).drop_front(4));
          if (full > a2)
            r0 = addPackets(x, r0, packet(x, a2));
        }
        return run(x, full, depth, fold(x, r0));
      },
      // Dot
      [&](Scalars &x) -> Value {
        if (full == 0)
          return run(x, 1, depth, pk(x, 0));
        int64_t q16 = depth / 16 * 16, packets = depth / 4,
                rest = (full - q16) / 4;
        SmallVector<Value> p0 = packet(x, 0), p1, p2, p3;
        if (packets >= 2)
          p1 = packet(x, 4);
        if (packets >= 3)
          p2 = packet(x, 8);
        if (packets >= 4) {
          p3 = packet(x, 12);
          SmallVector<Value> all = p0;
          all.append(p1);
          all.append(p2);
          all.append(p3);
          all = lanesFrom(x, 16, (q16 - 16) / 16, 16, all);
          p0.assign(all.begin(), all.begin() + 4);
          p1.assign(all.begin() + 4, all.begin() + 8);
          p2.assign(all.begin() + 8, all.begin() + 12);
          p3.assign(all.begin() + 12, all.end());
          if (rest >= 1)
            p0 = addPackets(x, p0, packet(x, q16));
          if (rest >= 2)
            p1 = addPackets(x, p1, packet(x, q16 + 4));
          if (rest == 3)
            p2 = addPackets(x, p2, packet(x, q16 + 8));
          p2 = addPackets(x, p2, p3);
        }
        if (packets >= 3)
          p1 = addPackets(x, p1, p2);
        if (packets >= 2)
          p0 = addPackets(x, p0, p1);
        return run(x, full, depth, fold(x, p0));
      },
      // ColumnBlocks
      [&](Scalars &x) -> Value {
        Value res = zero(x);
        for (int64_t j2 = 0; j2 < depth; j2 += blockColumns)
          res = x.add(res,
                      run(x, j2, std::min(depth, j2 + blockColumns), zero(x)));
        return res;
      },
      // Lanes and LanesLast
      [&](Scalars &x) -> Value {
        Value z = zero(x);
        SmallVector<Value> l = lanesFrom(x, 0, full / 4, 4, {z, z, z, z});
        return x.add(z, run(x, full, depth, fold(x, l)));
      },
      [&](Scalars &x) -> Value {
        Value z = zero(x);
        int64_t half = depth / 2 * 2;
        SmallVector<Value> l = lanesFrom(x, 0, full / 4, 4, {z, z, z, z});
        Value cc = fold(x, l);
        Value h0 = half > full ? x.add(z, pk(x, full)) : z;
        Value h1 = half > full + 1 ? x.add(z, pk(x, full + 1)) : z;
        cc = x.add(cc, x.add(h0, h1));
        return x.add(z, run(x, half, depth, cc));
      },
  };
  // code == 0 ? recipes[0] : code == 1 ? recipes[1] : ...
  std::function<Value(Scalars &, size_t)> choose = [&](Scalars &x,
                                                       size_t r) -> Value {
    if (r + 1 == std::size(recipes))
      return recipes[r](x);
    Value is = x.b.create<arith::CmpIOp>(
        x.loc, arith::CmpIPredicate::eq, code,
        x.b.create<arith::ConstantIntOp>(x.loc, int64_t(r), 8));
    return ifElse(x, is, recipes[r],
                  [&](Scalars &e) { return choose(e, r + 1); });
  };
  return choose(s, 0);
}

} // namespace

Value matVec64(OpBuilder &b, Location loc, Value lhs, Value rhs,
               RankedTensorType outType, const VectorPlan64 &plan) {
  Scalars s{b, loc};
  Type f64 = b.getF64Type();
  Layout layout(outType);
  int64_t batch = layout.batch, m = layout.m, n = layout.n;
  int64_t k =
      cast<RankedTensorType>(lhs.getType()).getDimSize(layout.batched ? 2 : 1);
  bool column = n == 1; // the result is a column (else a row)
  auto at = [&](Value bi, Value r, Value c) { return layout.at(bi, r, c); };
  SmallVector<int8_t> codes;
  for (VectorRecipe r : plan.recipe)
    codes.push_back(static_cast<int8_t>(r));
  Value table = b.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(
               RankedTensorType::get({int64_t(codes.size())}, b.getI8Type()),
               ArrayRef(codes)));
  Value init = b.create<tensor::EmptyOp>(loc, outType.getShape(), f64);
  int64_t length = column ? m : n;
  return s.update(
      s.index(0), s.index(batch), init, [&](Scalars &sb, Value bi, Value out) {
        return sb.update(
            sb.index(0), sb.index(length), out,
            [&](Scalars &se, Value e, Value o) {
              Value zeroIndex = se.index(0);
              Value i = column ? e : zeroIndex, j = column ? zeroIndex : e;
              Product p = [&](Scalars &x, Value kk) {
                return x.mul(x.at(lhs, at(bi, i, kk)),
                             x.at(rhs, at(bi, kk, j)));
              };
              Value code = se.at(table, {e});
              Value sum = vectorSum(se, code, k, plan.blockColumns, p, f64);
              return se.put(sum, o, at(bi, i, j));
            });
      });
}

} // namespace kiln::eigen
