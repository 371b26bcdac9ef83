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

/// TensorContractionBlocking's kc, with TensorFlow's refinement for its
/// contraction kernel: k in equal slices, rounded up to a multiple of 8.
int64_t blockK(int64_t k, int64_t m, int64_t n, int64_t threads, bool byCol,
               const CacheSizes &c) {
  Sizes s = byCol ? heuristic({k, m, n}, threads, c)
                  : heuristic({k, n, m}, threads, c);
  if (s.k <= 0 || s.m <= 0 || s.n <= 0)
    return s.k;
  int64_t slices = std::max<int64_t>(1, divup(k, s.k));
  return std::min(k, divup(k / slices, 8) * 8);
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

/// One shard of k, [begin, end), and the block size kc Eigen walks it by.
struct Shard {
  int64_t begin, end, kc;
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
      shards.push_back({a, b, blockK(b - a, m, n, divup(k, size), true, c)});
    }
    return shards;
  }
  if (n == 1)
    pool = 1;
  int64_t kc = pool == 1 ? blockK(k, m, n, 1, true, c)
                         : blockK(k, m, n, pool, shardByCol(m, n, pool), c);
  shards.push_back({0, k, kc});
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
  // TensorImagePatchOp's cost per coefficient, vectorized: 3 * 24 + 6 + 8
  // operations over a packet of 8.
  const double patchCost = patches ? (3.0 * 24 + 6 + 8) / kPacket : 0.0;
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

} // namespace kiln::eigen
