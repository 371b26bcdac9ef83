// TensorFlow's CPU Multinomial kernel; see Multinomial.h.
#include "Multinomial.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace kiln::tf {

namespace {

int64_t divUp(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The fraction of `threads` that `blocks` blocks keep busy.
double efficiency(int64_t blocks, int64_t threads) {
  return double(blocks) / double(divUp(blocks, threads) * threads);
}

} // namespace

int64_t parallelForBlockSize(int64_t n, double costPerUnit, int64_t threads) {
  if (n <= 1 || threads <= 1)
    return n;
  // TensorCostModel::numThreads: 100,000 cycles to start, 100,000 more per
  // extra thread.
  double wanted = (double(n) * costPerUnit - 100000) / 100000 + 0.9;
  if (wanted < 2)
    return n;
  // CalculateParallelForBlock: tasks of about 40,000 cycles, at most four
  // blocks a thread, then coarser blocks (up to twice the size) while the
  // threads stay as busy.
  int64_t size = std::min(
      n, std::max(divUp(n, 4 * threads), int64_t(40000 / costPerUnit)));
  int64_t largest = std::min(n, 2 * size);
  int64_t count = divUp(n, size);
  double best = efficiency(count, threads);
  for (int64_t previous = count; best < 1.0 && previous > 1;) {
    int64_t coarser = divUp(n, previous - 1);
    if (coarser > largest)
      break;
    int64_t coarserCount = divUp(n, coarser);
    previous = coarserCount;
    double e = efficiency(coarserCount, threads);
    if (e + 0.01 >= best) {
      size = coarser;
      count = coarserCount;
      best = std::max(best, e);
    }
  }
  return count <= 1 ? n : size;
}

int64_t multinomialRowCost(int64_t samples, int64_t classes) {
  return int64_t(50 *
                 (double(samples) * std::log(double(classes)) / std::log(2.0) +
                  double(classes)));
}

int64_t multinomialShardRows(int64_t rows, int64_t samples, int64_t classes,
                             int64_t threads) {
  return parallelForBlockSize(
      rows, double(multinomialRowCost(samples, classes)), threads);
}

graph::HostTensorPtr multinomial(const graph::HostTensor &logits,
                                 int64_t samples, graph::DType out,
                                 philox::Key key, philox::Block counter,
                                 int64_t threads) {
  int64_t rows = logits.type.shape[0], classes = logits.type.shape[1];
  auto result =
      graph::HostTensor::zeros(graph::TensorType{out, {rows, samples}});
  if (rows * samples == 0)
    return result;
  int64_t shard = multinomialShardRows(rows, samples, classes, threads);
  std::vector<double> cdf(static_cast<size_t>(classes));
  for (int64_t row = 0; row < rows; ++row) {
    // Every logit is exact in double, so the maximum may be taken there
    // (with no finite logit it is never used).
    double max = std::numeric_limits<double>::lowest();
    auto logit = [&](int64_t j) {
      return logits.elementAsDouble(size_t(row * classes + j));
    };
    for (int64_t j = 0; j < classes; ++j)
      if (std::isfinite(logit(j)))
        max = std::max(max, logit(j));
    double total = 0;
    for (int64_t j = 0; j < classes; ++j) {
      if (std::isfinite(logit(j)))
        total += std::exp(logit(j) - max);
      cdf[size_t(j)] = total;
    }
    for (int64_t j = 0; j < samples; ++j) {
      uint64_t word = multinomialWord(row, j, samples, shard);
      philox::Block x = philox::philox(philox::skip(counter, word / 4), key);
      double toFind = philox::toDouble(x[word % 4], x[word % 4 + 1]) * total;
      int64_t index =
          std::upper_bound(cdf.begin(), cdf.end(), toFind) - cdf.begin();
      if (out == graph::DType::Int32) {
        int32_t v = int32_t(index);
        std::memcpy(result->bytes.data() + (row * samples + j) * 4, &v, 4);
      } else {
        std::memcpy(result->bytes.data() + (row * samples + j) * 8, &index, 8);
      }
    }
  }
  return result;
}

} // namespace kiln::tf
