// The stateful random ops of a tf.function (RandomUniform,
// RandomStandardNormal, RandomUniformInt; tracer/tf/TfRandom.cpp): every
// element computed from Philox4x32-10 as TensorFlow's CPU kernels compute
// it, so that a seeded script prints the same numbers. The kernel's
// generator has key `seed` and counter {0, 0, seed2} advanced by the offset
// the node reads (its first input, a variable of the function); element i
// is word i % 4 of the Philox block at counter + i / 4 (i % 2 and i / 2 for
// 64-bit types), converted as random_distributions.h converts it. The
// second input, when there is one, is the shape (dimensions known at run
// time only).
#include "Emitter.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <array>

namespace kiln {

namespace {

using Words = std::array<Value, 4>;

/// Builds Philox and the conversions of its 32-bit words.
struct PhiloxBuilder {
  OpBuilder &b;
  Location loc;

  Value u32(uint32_t v) {
    return b.create<arith::ConstantIntOp>(loc, int64_t(v), 32);
  }
  Value u64(uint64_t v) {
    return b.create<arith::ConstantIntOp>(loc, int64_t(v), 64);
  }
  Value wide(Value x) {
    return b.create<arith::ExtUIOp>(loc, b.getI64Type(), x);
  }
  Value low(Value x) {
    return b.create<arith::TruncIOp>(loc, b.getI32Type(), x);
  }
  Value high(Value x) { return low(b.create<arith::ShRUIOp>(loc, x, u64(32))); }
  Value xor3(Value a, Value c, Value d) {
    return b.create<arith::XOrIOp>(loc, b.create<arith::XOrIOp>(loc, a, c), d);
  }

  /// Ten rounds on `c` under key {k0, k1} (constants).
  Words rounds(Words c, uint32_t k0, uint32_t k1) {
    for (int round = 0; round < 10; ++round) {
      Value p0 = b.create<arith::MulIOp>(loc, u64(0xD2511F53u), wide(c[0]));
      Value p1 = b.create<arith::MulIOp>(loc, u64(0xCD9E8D57u), wide(c[2]));
      c = {xor3(high(p1), c[1], u32(k0)), low(p1),
           xor3(high(p0), c[3], u32(k1)), low(p0)};
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    return c;
  }

  /// The block at 128-bit counter {low64 = offset + group, high64 = seed2
  /// plus the carry}.
  Words block(Value offset, Value group, uint64_t seed, uint64_t seed2) {
    Value lo = b.create<arith::AddIOp>(loc, offset, group);
    Value carry = b.create<arith::ExtUIOp>(
        loc, b.getI64Type(),
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, lo, group));
    Value hi = b.create<arith::AddIOp>(loc, u64(seed2), carry);
    return rounds({low(lo), high(lo), low(hi), high(hi)}, uint32_t(seed),
                  uint32_t(seed >> 32));
  }

  /// Words 2k and 2k + 1 of `w` (k an i64 in [0, 2)): a 64-bit sample's
  /// low and high halves.
  std::pair<Value, Value> pickPair(const Words &w, Value k) {
    Value k2 = b.create<arith::MulIOp>(loc, k, u64(2));
    return {pick(w, k2), pick(w, b.create<arith::AddIOp>(loc, k2, u64(1)))};
  }

  /// Word `k` (an i64 in [0, 4)) of `w`.
  Value pick(const Words &w, Value k) {
    Value out = w[3];
    for (int j = 2; j >= 0; --j)
      out = b.create<arith::SelectOp>(
          loc,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, k, u64(j)),
          w[j], out);
    return out;
  }

  /// A float in [0, 1) from 23 random mantissa bits.
  Value toFloat(Value x) {
    Value bits = b.create<arith::OrIOp>(
        loc, b.create<arith::AndIOp>(loc, x, u32(0x7fffffu)), u32(0x3f800000u));
    Value f = b.create<arith::BitcastOp>(loc, b.getF32Type(), bits);
    return b.create<arith::SubFOp>(
        loc, f,
        b.create<arith::ConstantFloatOp>(loc, APFloat(1.0f), b.getF32Type()));
  }
  /// A double in [0, 1) from 52 random mantissa bits (20 of x0, 32 of x1).
  Value toDouble(Value x0, Value x1) {
    Value bits = b.create<arith::OrIOp>(
        loc,
        b.create<arith::OrIOp>(
            loc,
            b.create<arith::ShLIOp>(
                loc, wide(b.create<arith::AndIOp>(loc, x0, u32(0xfffffu))),
                u64(32)),
            wide(x1)),
        u64(0x3ff0000000000000ull));
    Value d = b.create<arith::BitcastOp>(loc, b.getF64Type(), bits);
    return b.create<arith::SubFOp>(
        loc, d,
        b.create<arith::ConstantFloatOp>(loc, APFloat(1.0), b.getF64Type()));
  }
};

} // namespace

Value Emitter::emitRandom(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  uint64_t seed = uint64_t(*attr<int64_t>(n, "seed"));
  uint64_t seed2 = uint64_t(*attr<int64_t>(n, "seed2"));
  Type et = type.getElementType();
  bool is64 = et.getIntOrFloatBitWidth() == 64;
  int64_t perBlock = is64 ? 2 : 4;
  Value offset = scalarOf(loc, input(n, 0));
  Type i64 = b.getI64Type();
  // Dimensions known at run time come from the shape input.
  int64_t rank = type.getRank();
  SmallVector<Value> dynamic, sizes;
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d)) {
      sizes.push_back(
          b.create<arith::ConstantIntOp>(loc, type.getDimSize(d), 64));
      continue;
    }
    Value at = b.create<arith::ConstantIndexOp>(loc, d);
    Value size = b.create<tensor::ExtractOp>(loc, input(n, 1), ValueRange{at});
    if (!size.getType().isInteger(64))
      size = b.create<arith::ExtSIOp>(loc, i64, size);
    sizes.push_back(size);
    dynamic.push_back(
        b.create<arith::IndexCastOp>(loc, b.getIndexType(), size));
  }
  auto body = [&](OpBuilder &nb, Location l, ValueRange idx) {
    PhiloxBuilder p{nb, l};
    Value lin = p.u64(0);
    for (int64_t d = 0; d < rank; ++d)
      lin = nb.create<arith::AddIOp>(
          l, nb.create<arith::MulIOp>(l, lin, sizes[d]),
          nb.create<arith::IndexCastOp>(l, i64, idx[d]));
    Value group = nb.create<arith::DivUIOp>(l, lin, p.u64(perBlock));
    Value k = nb.create<arith::RemUIOp>(l, lin, p.u64(perBlock));
    Words x = p.block(offset, group, seed, seed2);
    Value out;
    if (n.op == "RandomUniformInt") {
      uint64_t lo = uint64_t(*attr<int64_t>(n, "minval"));
      uint64_t range = uint64_t(*attr<int64_t>(n, "range"));
      if (is64) {
        auto [x0, x1] = p.pickPair(x, k);
        Value bits = nb.create<arith::OrIOp>(
            l, p.wide(x0), nb.create<arith::ShLIOp>(l, p.wide(x1), p.u64(32)));
        out = nb.create<arith::AddIOp>(
            l, p.u64(lo), nb.create<arith::RemUIOp>(l, bits, p.u64(range)));
      } else {
        out = nb.create<arith::AddIOp>(
            l, p.u32(uint32_t(lo)),
            nb.create<arith::RemUIOp>(l, p.pick(x, k), p.u32(uint32_t(range))));
      }
    } else if (n.op == "RandomUniform") {
      if (is64) {
        auto [x0, x1] = p.pickPair(x, k);
        out = p.toDouble(x0, x1);
      } else {
        out = p.toFloat(p.pick(x, k));
      }
    } else {
      // Box-Muller as BoxMullerFloat/BoxMullerDouble: a pair of normals
      // from a pair of uniforms, sine for the first, cosine for the second.
      Value first, second;
      if (is64) {
        first = p.toDouble(x[0], x[1]);
        second = p.toDouble(x[2], x[3]);
      } else {
        auto [u, v] = p.pickPair(x, nb.create<arith::DivUIOp>(l, k, p.u64(2)));
        first = p.toFloat(u);
        second = p.toFloat(v);
      }
      Type ft = first.getType();
      auto fconst = [&](double v) {
        return nb.create<arith::ConstantOp>(l, nb.getFloatAttr(ft, v));
      };
      Value u1 = nb.create<arith::MaximumFOp>(l, first, fconst(1.0e-7));
      // 2 * M_PI is a double: the float case multiplies in double and
      // rounds the angle to float.
      Value v1;
      if (is64) {
        v1 = nb.create<arith::MulFOp>(l, fconst(2.0 * M_PI), second);
      } else {
        Value angle = nb.create<arith::MulFOp>(
            l, nb.create<arith::ConstantOp>(l, nb.getF64FloatAttr(2.0 * M_PI)),
            nb.create<arith::ExtFOp>(l, nb.getF64Type(), second));
        v1 = nb.create<arith::TruncFOp>(l, ft, angle);
      }
      Value u2 = nb.create<math::SqrtOp>(
          l, nb.create<arith::MulFOp>(l, fconst(-2.0),
                                      nb.create<math::LogOp>(l, u1)));
      Value odd = nb.create<arith::CmpIOp>(
          l, arith::CmpIPredicate::eq,
          nb.create<arith::RemUIOp>(l, k, p.u64(2)), p.u64(1));
      Value trig = nb.create<arith::SelectOp>(
          l, odd, nb.create<math::CosOp>(l, v1), nb.create<math::SinOp>(l, v1));
      out = nb.create<arith::MulFOp>(l, trig, u2);
    }
    nb.create<tensor::YieldOp>(l, out);
  };
  return b.create<tensor::GenerateOp>(loc, type, dynamic, body).getResult();
}

} // namespace kiln
