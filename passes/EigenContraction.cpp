// TensorFlow's k pieces of a 2-D float32 MatMul (see EigenContraction.h):
// Eigen's TensorContractionThreadPool decisions, its cache blocking
// heuristic, TensorFlow's refinement of the block size for its oneDNN
// contraction kernel, and oneDNN's own k blocking. Eigen's constants are
// those of TensorFlow's wheel, built for AVX (8-float packets, a 16x4
// register block, no fused multiply-add in Eigen's own code).
#include "EigenContraction.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace kiln::eigen {

namespace {

constexpr int64_t kPacket = 8, kMr = 16, kNr = 4, kFloat = 4;
constexpr bool kEigenUsesFma = false;

int64_t divup(int64_t a, int64_t b) { return (a + b - 1) / b; }

struct Sizes {
  int64_t k, m, n;
};

/// evaluateProductBlockingSizesHeuristic<float, float, 1>.
Sizes heuristic(Sizes s, int64_t threads, const CacheSizes &c) {
  int64_t k = s.k, m = s.m, n = s.n;
  const int64_t kDiv = kMr * kFloat + kNr * kFloat, kSub = kMr * kNr * kFloat;
  if (threads > 1) {
    // Past 320 terms a longer k hides no more latency (Eigen's comment).
    int64_t kCache =
        std::max<int64_t>(8, std::min<int64_t>((c.l1 - kSub) / kDiv, 320));
    if (kCache < k)
      k = kCache - kCache % 8;
    int64_t nCache = (c.l2 - c.l1) / (kNr * kFloat * k);
    int64_t perThread = divup(n, threads);
    if (nCache <= perThread)
      n = nCache - nCache % kNr;
    else
      n = std::min(n, (perThread + kNr - 1) - ((perThread + kNr - 1) % kNr));
    if (c.l3 > c.l2) {
      int64_t mCache = (c.l3 - c.l2) / (kFloat * k * threads);
      int64_t mPerThread = divup(m, threads);
      if (mCache < mPerThread && mCache >= kMr)
        m = mCache - mCache % kMr;
      else
        m = std::min(m,
                     (mPerThread + kMr - 1) - ((mPerThread + kMr - 1) % kMr));
    }
    return {k, m, n};
  }
  if (std::max({k, m, n}) < 48)
    return {k, m, n};
  const int64_t maxKc =
      std::max<int64_t>(((c.l1 - kSub) / kDiv) & ~int64_t(7), 1);
  const int64_t oldK = k;
  if (k > maxKc)
    k = k % maxKc == 0
            ? maxKc
            : maxKc - 8 * ((maxKc - 1 - (k % maxKc)) / (8 * (k / maxKc + 1)));
  const int64_t actualL2 = 1572864; // Eigen's fixed 1.5 MiB
  int64_t remaining = c.l1 - kSub - m * k * kFloat;
  int64_t maxNc = remaining >= kNr * kFloat * k
                      ? remaining / (k * kFloat)
                      : (3 * actualL2) / (2 * 2 * maxKc * kFloat);
  int64_t nc =
      std::min<int64_t>(actualL2 / (2 * k * kFloat), maxNc) & ~(kNr - 1);
  if (n > nc) {
    n = n % nc == 0 ? nc : nc - kNr * ((nc - (n % nc)) / (kNr * (n / nc + 1)));
  } else if (oldK == k) {
    int64_t problem = k * n * kFloat, l2 = actualL2, maxMc = m;
    if (problem <= 1024) {
      l2 = c.l1;
    } else if (c.l3 != 0 && problem <= 32768) {
      l2 = c.l2;
      maxMc = std::min<int64_t>(576, maxMc);
    }
    int64_t mc = std::min(l2 / (3 * k * kFloat), maxMc);
    if (mc > kMr)
      mc -= mc % kMr;
    else if (mc == 0)
      return {k, m, n};
    m = m % mc == 0 ? mc : mc - kMr * ((mc - (m % mc)) / (kMr * (m / mc + 1)));
  }
  return {k, m, n};
}

/// TensorContractionBlocking's block sizes (Eigen's k, m and n), with
/// TensorFlow's refinement for its contraction kernel: k in equal slices
/// rounded up to a multiple of 8, m to a multiple of 48 (after 1.5 times
/// Eigen's), n to a multiple of 24.
Sizes blocking(int64_t k, int64_t m, int64_t n, int64_t threads, bool byCol,
               const CacheSizes &c) {
  Sizes s = byCol ? heuristic({k, m, n}, threads, c)
                  : heuristic({k, n, m}, threads, c);
  if (!byCol)
    std::swap(s.m, s.n);
  if (s.k <= 0 || s.m <= 0 || s.n <= 0)
    return s;
  int64_t slices = std::max<int64_t>(1, divup(k, s.k));
  return {std::min(k, divup(k / slices, 8) * 8),
          std::min(m, divup(s.m + s.m / 2, 48) * 48),
          std::min(n, divup(s.n, 24) * 24)};
}

int64_t blockK(int64_t k, int64_t m, int64_t n, int64_t threads, bool byCol,
               const CacheSizes &c) {
  return blocking(k, m, n, threads, byCol, c).k;
}

bool shardByCol(int64_t m, int64_t n, int64_t threads) {
  if (m / threads >= kNr &&
      (n / threads < kNr ||
       (n / threads < 4 * kNr && n % (threads * kNr) != 0 &&
        (m % (threads * kNr) == 0 || m / n >= 6))))
    return false;
  if (n / threads < 16 * kNr && m > n * 32)
    return false;
  return true;
}

double totalCost(double size, double load, double store, double compute) {
  return size * (11.0 / 64 * load + 11.0 / 64 * store + compute);
}

double bandwidth(bool byCol, int64_t bm, int64_t bn, int64_t bk) {
  double cost = bk == 1                                                ? 4.0
                : ((byCol ? bn : bm) < kNr || (byCol ? bm : bn) < kMr) ? 2.0
                                                                       : 0.5;
  if (!kEigenUsesFma && cost == 0.5)
    cost = 1.0;
  return cost;
}

/// numThreadsInnerDim: the threads worth sharding k over. `patchCost`: the
/// cost per coefficient of computing the right operand (a convolution's
/// image patches), 0 for a plain matrix.
int64_t innerThreads(int64_t m, int64_t n, int64_t k, int64_t threads,
                     double patchCost) {
  double compute = bandwidth(true, m, n, k) * double(m) * double(n) / kPacket +
                   patchCost * double(n);
  double perCoeff = totalCost(double(k), 4.0 * double(n), 4.0, compute);
  double reduction = totalCost(double(m) * double(n), 2, 1, 1.0 / kPacket);
  int64_t best = 1;
  double least = perCoeff;
  for (int64_t t = 2; t <= threads; t += 2) {
    double cost =
        perCoeff / double(t) + 100000 + double(t) * (reduction + 3000);
    if (cost < least) {
      best = t;
      least = cost;
    }
  }
  return best;
}

bool shardByInner(int64_t m, int64_t n, int64_t k, int64_t threads,
                  int64_t innerThreads, const CacheSizes &c) {
  int64_t buffer = m * n * kFloat;
  if (n == 1 || innerThreads < 2 || innerThreads < threads ||
      buffer > c.l3 / innerThreads || k / innerThreads < 2 * kNr)
    return false;
  return std::max(m, n) / threads < kNr ||
         (k / innerThreads > 8 * kNr &&
          (std::min(m, n) < 2 * kNr || innerThreads > threads));
}

/// [a, b) in blocks of `kc`, each cut again by oneDNN's sgemm: pieces of
/// 384 while 768 or more remain, then halves of what is left.
void appendPieces(int64_t a, int64_t b, int64_t kc, std::vector<int64_t> &out) {
  out.push_back(a);
  for (int64_t block = a; block < b; block += kc) {
    int64_t end = std::min(block + kc, b);
    for (int64_t at = block; at < end;) {
      int64_t rest = end - at;
      if (rest >= 768)
        rest = 384;
      else if (rest > 384)
        rest = (rest + 1) / 2;
      at += rest;
      out.push_back(at);
    }
  }
}

} // namespace

CacheSizes hostCacheSizes() {
  // Eigen's defaults, for what cpuid does not report.
  CacheSizes c{32 * 1024, 256 * 1024, 2 * 1024 * 1024};
#if defined(__x86_64__) || defined(__i386__)
  unsigned a, b, cx, d;
  if (!__get_cpuid(0, &a, &b, &cx, &d))
    return c;
  unsigned maxStd = a;
  char vendor[12];
  std::memcpy(vendor, &b, 4);
  std::memcpy(vendor + 4, &d, 4);
  std::memcpy(vendor + 8, &cx, 4);
  int64_t l1 = 0, l2 = 0, l3 = 0;
  if (!std::memcmp(vendor, "AuthenticAMD", 12) ||
      !std::memcmp(vendor, "AMDisbetter!", 12)) {
    __cpuid(0x80000000, a, b, cx, d);
    if (a >= 0x80000006) {
      __cpuid(0x80000005, a, b, cx, d);
      l1 = int64_t(cx >> 24) * 1024;
      __cpuid(0x80000006, a, b, cx, d);
      l2 = int64_t(cx >> 16) * 1024;
      // Eigen's mask (one F short) is kept: it is what TensorFlow reads.
      l3 = int64_t((d & 0xFFFC000) >> 18) * 512 * 1024;
    }
  } else if (maxStd >= 4) {
    // Intel's deterministic cache parameters, as Eigen enumerates them.
    for (unsigned id = 0; id < 16; ++id) {
      __cpuid_count(4, id, a, b, cx, d);
      unsigned type = a & 0x0F;
      if (type == 0)
        break;
      if (type != 1 && type != 3) // data or unified caches
        continue;
      int64_t size = int64_t((b >> 22) + 1) * (((b >> 12) & 0x3FF) + 1) *
                     ((b & 0xFFF) + 1) * (int64_t(cx) + 1);
      switch ((a & 0xE0) >> 5) {
      case 1:
        l1 = size;
        break;
      case 2:
        l2 = size;
        break;
      case 3:
        l3 = size;
        break;
      default:
        break;
      }
    }
  }
  if (l1 > 0)
    c.l1 = l1;
  if (l2 > 0)
    c.l2 = l2;
  if (l3 > 0)
    c.l3 = l3;
#endif
  return c;
}

namespace {

/// One shard of k, [begin, end), and the block sizes Eigen walks it by:
/// kc, and mc and nc (of its m and n) where the plan records them.
struct Shard {
  int64_t begin, end, kc, mc = 0, nc = 0;
};

/// TensorContractionThreadPool's plan for Eigen's [m, k] x [k, n]
/// contraction: its cost model picks one thread, sharding by the inner
/// dimension, or sharding the result; each path has its own kc.
std::vector<Shard> contractionShards(int64_t m, int64_t n, int64_t k,
                                     int64_t threads, const CacheSizes &c,
                                     bool innerShards, double patchCost) {
  threads = std::max<int64_t>(1, threads);
  bool byCol = shardByCol(m, n, threads);
  int64_t bk = blockK(k, m, n, threads, byCol, c);
  Sizes block = byCol ? heuristic({k, m, n}, threads, c)
                      : heuristic({k, n, m}, threads, c);
  // contractionCost with the refined block sizes (only k's matters here:
  // the register-block test reads m's and n's blocks after TensorFlow
  // rounds them to multiples of 48 and 24).
  int64_t bm = byCol ? block.m : block.n, bn = byCol ? block.n : block.m;
  bm = std::min(m, divup(bm + bm / 2, 48) * 48);
  bn = std::min(n, divup(bn, 24) * 24);
  double compute = double(bk) * bandwidth(false, bm, bn, bk) / kPacket +
                   patchCost * double(bk) / double(m);
  double load =
      byCol ? 4.0 * double(bk) / double(m) : 4.0 * double(bk) / double(n);
  double cost =
      (totalCost(double(n) * double(m), load, 4.0, compute) - 100000) / 100000 +
      0.9;
  int64_t pool = std::min<int64_t>(
      threads, std::max<int64_t>(1, static_cast<int64_t>(cost)));
  int64_t inner = innerThreads(m, n, k, threads, patchCost);
  std::vector<Shard> shards;
  if (innerShards && shardByInner(m, n, k, pool, inner, c)) {
    int64_t size =
        std::min(k, std::max(12 * kPacket, divup(divup(k, inner), 8) * 8));
    for (int64_t a = 0; a < k; a += size) {
      int64_t b = std::min(a + size, k);
      Sizes s = blocking(b - a, m, n, divup(k, size), true, c);
      shards.push_back({a, b, s.k, s.m, s.n});
    }
    return shards;
  }
  if (n == 1)
    pool = 1;
  Sizes s = pool == 1 ? blocking(k, m, n, 1, true, c)
                      : blocking(k, m, n, pool, shardByCol(m, n, pool), c);
  shards.push_back({0, k, s.k, s.m, s.n});
  return shards;
}

} // namespace

std::vector<std::vector<int64_t>> matMulPieces(int64_t rows, int64_t k,
                                               int64_t cols, int64_t threads,
                                               const CacheSizes &c,
                                               bool innerShards) {
  // An empty product is one chain: nothing for Eigen's blocking to cut
  // (whose heuristics divide by these sizes).
  if (rows <= 0 || k <= 0 || cols <= 0)
    return {{0, std::max<int64_t>(k, 0)}};
  // Eigen sees TensorFlow's row-major product transposed: its m is the
  // result's columns, its n the rows.
  std::vector<std::vector<int64_t>> pieces;
  for (const Shard &shard :
       contractionShards(cols, rows, k, threads, c, innerShards, 0.0)) {
    pieces.emplace_back();
    appendPieces(shard.begin, shard.end, shard.kc, pieces.back());
  }
  return pieces;
}

std::vector<std::vector<int64_t>>
oneChannelConvSlices(int64_t positions, int64_t taps, bool patches,
                     int64_t threads, const CacheSizes &c) {
  const double patchCost = patches ? kImagePatchCost : 0.0;
  if (positions <= 0 || taps <= 0)
    return {{0, std::max<int64_t>(taps, 0)}};
  std::vector<std::vector<int64_t>> slices;
  for (const Shard &shard :
       contractionShards(1, positions, taps, threads, c, true, patchCost)) {
    slices.emplace_back();
    for (int64_t at = shard.begin; at < shard.end; at += shard.kc)
      slices.back().push_back(at);
    slices.back().push_back(shard.end);
  }
  return slices;
}

std::vector<RowRange> matMulPiecesByRows(int64_t k, int64_t cols,
                                         int64_t threads, const CacheSizes &c) {
  std::vector<RowRange> table;
  auto at = [&](int64_t rows) {
    return matMulPieces(rows, k, cols, threads, c);
  };
  auto note = [&](int64_t rows, std::vector<std::vector<int64_t>> pieces) {
    if (table.empty() || table.back().pieces != pieces)
      table.push_back({rows, std::move(pieces)});
  };
  // Every count up to 4096; past it, doublings, each searched by bisection
  // for where the pieces change.
  for (int64_t rows = 2; rows <= 4096; ++rows)
    note(rows, at(rows));
  const int64_t limit = int64_t(1) << 40;
  for (int64_t low = 4096; low < limit;) {
    int64_t high = std::min(low * 2, limit);
    while (at(high) != table.back().pieces) {
      int64_t same = low, changed = high;
      while (changed - same > 1) {
        int64_t mid = same + (changed - same) / 2;
        (at(mid) == table.back().pieces ? same : changed) = mid;
      }
      note(changed, at(changed));
      low = changed;
    }
    low = high;
  }
  return table;
}

bool hostHasAvx512() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) // OSXSAVE
    return false;
  unsigned lo, hi;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  (void)hi;
  if ((lo & 0xE6) != 0xE6) // SSE, AVX and the three AVX-512 states
    return false;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
    return false;
  const unsigned core = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31);
  return (b & core) == core; // F, DQ, BW, VL
#else
  return false;
#endif
}

namespace {

/// oneDNN's blocks of a size in its nocopy driver: `block` while twice as
/// many remain, halves (rounded up) while more than `halveOver` remain,
/// then the rest; as boundaries from 0.
std::vector<int64_t> splitBlocks(int64_t size, int64_t block,
                                 int64_t halveOver) {
  std::vector<int64_t> out{0};
  for (int64_t at = 0; at < size;) {
    int64_t rest = size - at;
    if (rest >= 2 * block)
      rest = block;
    else if (rest > halveOver)
      rest = (rest + 1) / 2;
    at += rest;
    out.push_back(at);
  }
  return out;
}

/// gemm_driver's nocopy_checker_avx2 for one thread and untransposed
/// operands (how TensorFlow calls sgemm): m and n are oneDNN's, the
/// block's columns and rows.
bool nocopyAvx2(int64_t m, int64_t n, int64_t k) {
  if (1.0 / double(m) + 1.0 / double(n) >= 0.0038)
    return true;
  if (m <= 378 && n <= 378 && k >= 378)
    return false;
  if (m >= 378 && k >= 378)
    return false;
  return (m <= 128 && n <= 128) || n <= 16 || k <= 2 || (m <= 64 && n >= 16);
}

std::vector<int64_t> boundaries(int64_t begin, int64_t end, int64_t step) {
  std::vector<int64_t> out;
  for (int64_t at = begin; at < end; at += std::max<int64_t>(step, 1))
    out.push_back(at);
  out.push_back(end);
  return out;
}

} // namespace

namespace {

/// The sizes of the blocks of `step` that cut `size`: the step, and the
/// rest after the last whole one.
std::vector<int64_t> blockSizes(int64_t size, int64_t step) {
  if (step <= 0 || step >= size)
    return {size};
  std::vector<int64_t> sizes{step};
  if (size % step)
    sizes.push_back(size % step);
  return sizes;
}

/// The calls of `shard` that take oneDNN's copy-based kernel, as
/// rectangles: the column blocks' runs of rows in a k block.
std::vector<Avx2CopyBlock> copyBlocks(const Avx2Shard &shard) {
  std::vector<Avx2CopyBlock> out;
  const auto &kb = shard.kBlocks, &rb = shard.rowBlocks, &cb = shard.colBlocks;
  for (size_t k = 0; k + 1 < kb.size(); ++k)
    for (size_t q = 0; q + 1 < cb.size(); ++q)
      for (size_t r = 0; r + 1 < rb.size(); ++r) {
        int64_t n = rb[r + 1] - rb[r], m = cb[q + 1] - cb[q],
                kk = kb[k + 1] - kb[k];
        if (n < 2 || m < 2 || nocopyAvx2(m, n, kk))
          continue;
        if (!out.empty() && out.back().kBlock == k && out.back().c0 == cb[q] &&
            out.back().r1 == rb[r])
          out.back().r1 = rb[r + 1]; // the next block of the same run
        else
          out.push_back({k, rb[r], rb[r + 1], cb[q], cb[q + 1]});
      }
  return out;
}

/// avx2MatMulPlan, with the row blocks as boundaries (`rowBoundaries`) or
/// as Avx2Shard::rowBlock (for any number of rows, however large).
std::vector<Avx2Shard> avx2Plan(int64_t rows, int64_t k, int64_t cols,
                                int64_t threads, const CacheSizes &c,
                                double patchCost, bool rowBoundaries) {
  std::vector<Avx2Shard> plan;
  if (rows < 2 || cols < 2 || k <= 0)
    return plan;
  // Each k block is a few products of its own in the compiled code, and
  // compiling slows down faster than their count grows: past 64 of them
  // (k above about 20,000), kiln keeps the AVX-512 orders.
  const size_t kMaxKBlocks = 64;
  size_t kBlocks = 0;
  // Eigen's m is the result's columns, its n the rows.
  for (const Shard &s :
       contractionShards(cols, rows, k, threads, c, true, patchCost)) {
    kBlocks += size_t(divup(s.end - s.begin, std::max<int64_t>(s.kc, 1)));
    if (kBlocks > kMaxKBlocks)
      return {};
    int64_t nc = s.nc > 0 ? s.nc : rows, mc = s.mc > 0 ? s.mc : cols;
    // A call of oneDNN's copy-based kernel sums one chain per element,
    // modeled up to 256 terms (one piece) and with the rows known; past
    // that it cuts pieces of its own.
    bool copies = false;
    for (int64_t n : blockSizes(rows, nc))
      for (int64_t m : blockSizes(cols, mc))
        for (int64_t kk : blockSizes(s.end - s.begin, s.kc))
          if (n > 1 && m > 1 && !nocopyAvx2(m, n, kk)) {
            if (kk > 256 || !rowBoundaries)
              return {};
            copies = true;
          }
    Avx2Shard shard;
    shard.kBlocks = boundaries(s.begin, s.end, s.kc);
    shard.colBlocks = boundaries(0, cols, mc);
    if (rowBoundaries)
      shard.rowBlocks = boundaries(0, rows, nc);
    else
      shard.rowBlock = nc < rows ? nc : 0;
    if (copies)
      shard.copyBlocks = copyBlocks(shard);
    plan.push_back(std::move(shard));
  }
  return plan;
}

} // namespace

std::vector<Avx2Shard> avx2MatMulPlan(int64_t rows, int64_t k, int64_t cols,
                                      int64_t threads, const CacheSizes &c,
                                      double patchCost) {
  return avx2Plan(rows, k, cols, threads, c, patchCost, true);
}

std::vector<Avx2RowRange> avx2MatMulPlansByRows(int64_t k, int64_t cols,
                                                int64_t threads,
                                                const CacheSizes &c,
                                                double patchCost) {
  auto at = [&](int64_t rows) {
    return avx2Plan(rows, k, cols, threads, c, patchCost, false);
  };
  // Plans of one shape differ at most in their row blocks.
  auto sameShape = [](const std::vector<Avx2Shard> &x,
                      const std::vector<Avx2Shard> &y) {
    if (x.size() != y.size())
      return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i].kBlocks != y[i].kBlocks || x[i].colBlocks != y[i].colBlocks)
        return false;
    return true;
  };
  auto same = [&](const std::vector<Avx2Shard> &x,
                  const std::vector<Avx2Shard> &y) {
    if (!sameShape(x, y))
      return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i].rowBlock != y[i].rowBlock)
        return false;
    return true;
  };
  // Each entry is a whole product in the compiled code, each row block
  // step a comparison: past a few dozen entries or a few hundred steps,
  // kiln keeps the AVX-512 orders instead.
  const size_t kMaxEntries = 24, kMaxSteps = 512;
  size_t steps = 0;
  std::vector<Avx2RowRange> table;
  // table.back().plan holds the row blocks of the last row count noted.
  auto note = [&](int64_t rows, std::vector<Avx2Shard> plan) {
    if (!table.empty() && same(table.back().plan, plan))
      return true;
    if (table.empty() || !sameShape(table.back().plan, plan)) {
      for (Avx2Shard &shard : plan)
        shard.rowBlockSteps = {{rows, shard.rowBlock}};
      table.push_back({rows, std::move(plan)});
      return table.size() <= kMaxEntries;
    }
    for (size_t i = 0; i < plan.size(); ++i) {
      Avx2Shard &shard = table.back().plan[i];
      shard.rowBlock = plan[i].rowBlock;
      shard.rowBlockSteps.push_back({rows, shard.rowBlock});
    }
    return ++steps <= kMaxSteps;
  };
  for (int64_t rows = 2; rows <= 4096; ++rows)
    if (!note(rows, at(rows)))
      return {};
  // Past 4096, doublings, each searched by bisection for where the plans
  // change.
  const int64_t limit = int64_t(1) << 40;
  for (int64_t low = 4096; low < limit;) {
    int64_t high = std::min(low * 2, limit);
    while (!same(at(high), table.back().plan)) {
      int64_t kept = low, changed = high;
      while (changed - kept > 1) {
        int64_t mid = kept + (changed - kept) / 2;
        (same(at(mid), table.back().plan) ? kept : changed) = mid;
      }
      if (!note(changed, at(changed)))
        return {};
      low = changed;
    }
    low = high;
  }
  // One row block for all the row counts of an entry is its rowBlock.
  for (Avx2RowRange &range : table)
    for (Avx2Shard &shard : range.plan)
      if (shard.rowBlockSteps.size() == 1)
        shard.rowBlockSteps.clear();
  return table;
}

std::vector<Avx2KRange> avx2MatMulPlansByK(int64_t rows, int64_t cols,
                                           int64_t threads,
                                           const CacheSizes &c) {
  auto single = [](const std::vector<int64_t> &bounds) {
    for (size_t i = 0; i + 1 < bounds.size(); ++i)
      if (bounds[i + 1] - bounds[i] == 1)
        return true;
    return false;
  };
  const size_t kMaxEntries = 24;
  std::vector<Avx2KRange> table;
  for (int64_t k = 1; k <= kAvx2RunTimeK; ++k) {
    std::vector<Avx2Shard> plan = avx2MatMulPlan(rows, k, cols, threads, c);
    bool modeled = plan.size() == 1 && plan[0].kBlocks.size() == 2 &&
                   plan[0].copyBlocks.empty() && !single(plan[0].rowBlocks) &&
                   !single(plan[0].colBlocks);
    if (!modeled)
      plan.clear();
    const std::vector<Avx2Shard> *last =
        table.empty() ? nullptr : &table.back().plan;
    bool same = last && last->size() == plan.size() &&
                (plan.empty() || ((*last)[0].rowBlocks == plan[0].rowBlocks &&
                                  (*last)[0].colBlocks == plan[0].colBlocks));
    if (!same)
      table.push_back({k, std::move(plan)});
    if (table.size() > kMaxEntries)
      return {};
  }
  return table;
}

std::vector<int8_t> avx2RowKinds(const Avx2Shard &shard) {
  std::vector<int8_t> kinds;
  for (size_t r = 0; r + 1 < shard.rowBlocks.size(); ++r) {
    int64_t n = shard.rowBlocks[r + 1] - shard.rowBlocks[r];
    if (n == 1) {
      kinds.push_back(3);
      continue;
    }
    // oneDNN's blocks of 48 (or 96) rows, each in groups of 6 from its
    // first row.
    std::vector<int64_t> blocks =
        splitBlocks(n, shard.rowTile, shard.rowTile * 3 / 2);
    for (size_t i = 0; i + 1 < blocks.size(); ++i) {
      int64_t size = blocks[i + 1] - blocks[i], whole = size / 6 * 6,
              last = size - whole;
      kinds.insert(kinds.end(), whole, 0);
      kinds.insert(kinds.end(), last, last >= 4 ? 0 : last == 3 ? 1 : 2);
    }
  }
  return kinds;
}

std::vector<int8_t> avx2ColumnKinds(const Avx2Shard &shard) {
  std::vector<int8_t> kinds;
  for (size_t q = 0; q + 1 < shard.colBlocks.size(); ++q) {
    int64_t m = shard.colBlocks[q + 1] - shard.colBlocks[q];
    if (m == 1) {
      kinds.push_back(2);
      continue;
    }
    // oneDNN's blocks of 4032 columns, each in tiles of 16; a last tile
    // of 9 to 15 is a masked 16-wide one, of 1 to 8 an 8-wide one.
    std::vector<int64_t> blocks = splitBlocks(m, 4032, 4032 + 2016);
    for (size_t i = 0; i + 1 < blocks.size(); ++i) {
      int64_t size = blocks[i + 1] - blocks[i], whole = size / 16 * 16,
              last = size - whole;
      kinds.insert(kinds.end(), whole, 0);
      kinds.insert(kinds.end(), last, last > 8 ? 0 : 1);
    }
  }
  return kinds;
}

Avx2Order avx2Order(int8_t rowKind, int8_t columnKind) {
  if (columnKind == 2)
    return Avx2Order::LoneColumn;
  if (rowKind == 3)
    return Avx2Order::LoneRow;
  if (rowKind == 2)
    return Avx2Order::EvenOddRounded;
  return rowKind == 0 && columnKind == 0 ? Avx2Order::Chain
                                         : Avx2Order::EvenOddFma;
}

std::vector<int64_t> avx2Pieces(int64_t a, int64_t b) {
  std::vector<int64_t> pieces = splitBlocks(b - a, 256, 256);
  for (int64_t &p : pieces)
    p += a;
  return pieces;
}

} // namespace kiln::eigen
