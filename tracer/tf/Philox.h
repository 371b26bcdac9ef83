// Philox4x32-10, the counter-based generator behind TensorFlow's CPU random
// kernels, and the conversions of its 32-bit words into floats and doubles
// (random_distributions.h), for the kernels kiln runs on the host.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace kiln::tf::philox {

using Block = std::array<uint32_t, 4>;
using Key = std::array<uint32_t, 2>;

/// Philox4x32 with 10 rounds (Salmon et al., "Parallel random numbers: as
/// easy as 1, 2, 3").
inline Block philox(Block counter, Key key) {
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = uint64_t(0xD2511F53u) * counter[0];
    uint64_t p1 = uint64_t(0xCD9E8D57u) * counter[2];
    counter = {uint32_t(p1 >> 32) ^ counter[1] ^ key[0], uint32_t(p1),
               uint32_t(p0 >> 32) ^ counter[3] ^ key[1], uint32_t(p0)};
    key[0] += 0x9E3779B9u;
    key[1] += 0xBB67AE85u;
  }
  return counter;
}

/// `counter` + n, as one 128-bit number.
inline Block skip(Block counter, uint64_t n) {
  uint64_t low = (uint64_t(counter[1]) << 32 | counter[0]) + n;
  uint64_t high = uint64_t(counter[3]) << 32 | counter[2];
  if (low < n)
    ++high;
  return {uint32_t(low), uint32_t(low >> 32), uint32_t(high),
          uint32_t(high >> 32)};
}

/// StatelessRandomGetKeyCounter: the seeds scrambled by one Philox call
/// under a fixed key.
inline void keyCounter(uint64_t seed0, uint64_t seed1, Key &key,
                       Block &counter) {
  Block mix = philox({uint32_t(seed0), uint32_t(seed0 >> 32), uint32_t(seed1),
                      uint32_t(seed1 >> 32)},
                     {0x3ec8f720u, 0x02461e29u});
  key = {mix[0], mix[1]};
  counter = {0, 0, mix[2], mix[3]};
}

/// [1, 2): 23 random mantissa bits, minus 1.
inline float toFloat(uint32_t x) {
  uint32_t bits = (x & 0x7fffffu) | 0x3f800000u;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f - 1.0f;
}

/// [1, 2): 52 random mantissa bits (20 of x0, 32 of x1), minus 1
/// (Uint64ToDouble).
inline double toDouble(uint32_t x0, uint32_t x1) {
  uint64_t bits = (uint64_t(x0 & 0xfffffu) << 32 | x1) | 0x3ff0000000000000ull;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d - 1.0;
}

} // namespace kiln::tf::philox
