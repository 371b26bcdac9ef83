// The Mersenne Twister (MT19937) that Python's random module and NumPy's
// legacy np.random both draw from, with both ways of seeding it: CPython's
// random.seed(n) (init_by_array over n's 32-bit words) and NumPy's
// np.random.seed(n) (init_genrand of a 32-bit n). The same 32-bit outputs
// follow either way.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace kiln::tf {

class Mt19937 {
public:
  /// Python's random.Random(n).
  void seedByArray(uint64_t n) {
    std::vector<uint32_t> key;
    for (; n; n >>= 32)
      key.push_back(uint32_t(n));
    if (key.empty())
      key.push_back(0);
    seedGenrand(19650218u);
    uint32_t i = 1, j = 0;
    for (size_t k = std::max<size_t>(N, key.size()); k; --k) {
      mt[i] =
          (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + j;
      if (++i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (++j >= key.size())
        j = 0;
    }
    for (uint32_t k = N - 1; k; --k) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - i;
      if (++i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000u;
    next = N;
  }
  /// NumPy's np.random.seed(n) for 0 <= n < 2**32.
  void seedGenrand(uint32_t seed) {
    mt[0] = seed;
    for (uint32_t i = 1; i < N; ++i)
      mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    next = N;
  }
  uint32_t genrand() {
    if (next >= N) {
      for (uint32_t k = 0; k < N; ++k) {
        uint32_t y = (mt[k] & 0x80000000u) | (mt[(k + 1) % N] & 0x7fffffffu);
        mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0);
      }
      next = 0;
    }
    uint32_t y = mt[next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }
  /// A double in [0, 1) from 53 random bits (two outputs), as both
  /// random.random() and NumPy's random_sample make it.
  double nextDouble() {
    uint32_t a = genrand() >> 5, b = genrand() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }
  /// Python's randint(0, 2**31 - 1): 32 random bits until they fall
  /// below 2**31.
  int64_t randint31() {
    for (;;) {
      uint32_t r = genrand();
      if (r < 0x80000000u)
        return r;
    }
  }

private:
  static constexpr uint32_t N = 624, M = 397;
  std::array<uint32_t, N> mt{};
  uint32_t next = N;
};

} // namespace kiln::tf
