// The stateful random ops of a tf.function (RandomUniform,
// RandomStandardNormal, RandomUniformInt, TruncatedNormal;
// tracer/tf/TfRandom.cpp): every element computed from Philox4x32-10 as
// TensorFlow's CPU kernels compute it, so that a seeded script prints the
// same numbers. The kernel's generator has key `seed` and counter {0, 0,
// seed2} advanced by the offset the node reads (its first input, a variable
// of the function); element i is word i % 4 of the Philox block at counter +
// i / 4 (i % 2 and i / 2 for 64-bit types), converted as
// random_distributions.h converts it. TruncatedNormal draws a variable
// number of words per element instead: see truncatedNormal below. The
// second input, when there is one, is the shape (dimensions known at run
// time only). The stateless kernels of a shape known at run time only are
// compiled here too: their key is `seed`, their counter's high half
// `seed2` and its low half the offset input; or, with the attr
// `seed_input`, both scrambled from the seed tensor that is their third
// input.
#include "Emitter.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <array>
#include <map>

namespace kiln {

namespace {

using Words = std::array<Value, 4>;

/// A generator's key (two 32-bit words) and its counter's high half.
struct KeyCounter {
  Value k0, k1, seed2;
};

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

  /// Ten rounds on `c` under key {k0, k1} (i32 values; constants fold).
  Words rounds(Words c, Value k0, Value k1) {
    for (int round = 0; round < 10; ++round) {
      Value p0 = b.create<arith::MulIOp>(loc, u64(0xD2511F53u), wide(c[0]));
      Value p1 = b.create<arith::MulIOp>(loc, u64(0xCD9E8D57u), wide(c[2]));
      c = {xor3(high(p1), c[1], k0), low(p1), xor3(high(p0), c[3], k1),
           low(p0)};
      k0 = b.create<arith::AddIOp>(loc, k0, u32(0x9E3779B9u));
      k1 = b.create<arith::AddIOp>(loc, k1, u32(0xBB67AE85u));
    }
    return c;
  }

  /// The block at 128-bit counter {low64 = offset + group, high64 = seed2
  /// plus the carry}.
  Words block(Value offset, Value group, const KeyCounter &key) {
    Value lo = b.create<arith::AddIOp>(loc, offset, group);
    Value carry = b.create<arith::ExtUIOp>(
        loc, b.getI64Type(),
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, lo, group));
    Value hi = b.create<arith::AddIOp>(loc, key.seed2, carry);
    return rounds({low(lo), high(lo), low(hi), high(hi)}, key.k0, key.k1);
  }

  /// StatelessRandomGetKeyCounter of seed words {s0, s1} (i64 values): one
  /// Philox block under a fixed key gives the key and the counter's high
  /// half (its low half is 0).
  KeyCounter scramble(Value s0, Value s1) {
    Words mix = rounds({low(s0), high(s0), low(s1), high(s1)}, u32(0x3ec8f720u),
                       u32(0x02461e29u));
    Value seed2 = b.create<arith::OrIOp>(
        loc, wide(mix[2]), b.create<arith::ShLIOp>(loc, wide(mix[3]), u64(32)));
    return {mix[0], mix[1], seed2};
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

  /// The uniforms of Box-Muller pair `k` (an i64) of block `w`: words 2k
  /// and 2k + 1 as floats, or the whole block as two doubles.
  std::pair<Value, Value> uniformPair(const Words &w, Value k, bool is64) {
    if (is64)
      return {toDouble(w[0], w[1]), toDouble(w[2], w[3])};
    auto [u, v] = pickPair(w, k);
    return {toFloat(u), toFloat(v)};
  }

  /// Box-Muller as BoxMullerFloat/BoxMullerDouble: a pair of normals (the
  /// sine's, then the cosine's) from a pair of uniforms.
  std::pair<Value, Value> boxMuller(Value first, Value second) {
    Type ft = first.getType();
    auto fconst = [&](double v) {
      return b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, v));
    };
    Value u1 = b.create<arith::MaximumFOp>(loc, first, fconst(1.0e-7));
    // 2 * M_PI is a double: the float case multiplies in double and
    // rounds the angle to float.
    Value v1;
    if (ft.isF64()) {
      v1 = b.create<arith::MulFOp>(loc, fconst(2.0 * M_PI), second);
    } else {
      Value angle = b.create<arith::MulFOp>(
          loc, b.create<arith::ConstantOp>(loc, b.getF64FloatAttr(2.0 * M_PI)),
          b.create<arith::ExtFOp>(loc, b.getF64Type(), second));
      v1 = b.create<arith::TruncFOp>(loc, ft, angle);
    }
    Value u2 = b.create<math::SqrtOp>(
        loc, b.create<arith::MulFOp>(loc, fconst(-2.0),
                                     b.create<math::LogOp>(loc, u1)));
    return {b.create<arith::MulFOp>(loc, b.create<math::SinOp>(loc, v1), u2),
            b.create<arith::MulFOp>(loc, b.create<math::CosOp>(loc, v1), u2)};
  }

  /// TruncatedNormalDistribution under FillPhiloxRandomTask's variable-
  /// sample path: output group `group` (of 4 floats or 2 doubles) starts
  /// at block group * 256 (doubles: 128) and draws Box-Muller pairs from
  /// successive blocks, keeping the normals below 2 in magnitude in turn;
  /// element `k` of the group is the (k+1)-th kept one.
  Value truncatedNormal(Value offset, Value group, Value k, bool is64,
                        const KeyCounter &key) {
    Type ft = is64 ? Type(b.getF64Type()) : Type(b.getF32Type());
    Value first = b.create<arith::MulIOp>(loc, group, u64(is64 ? 128 : 256));
    Value zero = u64(0);
    Value none = b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, 0.0));
    auto loop = b.create<scf::WhileOp>(
        loc, TypeRange{zero.getType(), zero.getType(), ft},
        ValueRange{zero, zero, none},
        [&](OpBuilder &cb, Location cl, ValueRange args) {
          Value more = cb.create<arith::CmpIOp>(cl, arith::CmpIPredicate::ule,
                                                args[1], k);
          cb.create<scf::ConditionOp>(cl, more, args);
        },
        [&](OpBuilder &bb, Location bl, ValueRange args) {
          PhiloxBuilder p{bb, bl};
          Value pair = args[0], kept = args[1], out = args[2];
          // Floats: two pairs a block; doubles: one.
          Value block =
              is64 ? pair : bb.create<arith::DivUIOp>(bl, pair, p.u64(2));
          Words w =
              p.block(offset, bb.create<arith::AddIOp>(bl, first, block), key);
          auto [u, v] = p.uniformPair(
              w, bb.create<arith::RemUIOp>(bl, pair, p.u64(2)), is64);
          auto [z0, z1] = p.boxMuller(u, v);
          Value two =
              bb.create<arith::ConstantOp>(bl, bb.getFloatAttr(ft, 2.0));
          for (Value z : {z0, z1}) {
            Value inside =
                bb.create<arith::CmpFOp>(bl, arith::CmpFPredicate::OLT,
                                         bb.create<math::AbsFOp>(bl, z), two);
            Value take = bb.create<arith::AndIOp>(
                bl, inside,
                bb.create<arith::CmpIOp>(bl, arith::CmpIPredicate::eq, kept,
                                         k));
            out = bb.create<arith::SelectOp>(bl, take, z, out);
            kept = bb.create<arith::AddIOp>(
                bl, kept,
                bb.create<arith::ExtUIOp>(bl, bb.getI64Type(), inside));
          }
          bb.create<scf::YieldOp>(
              bl, ValueRange{bb.create<arith::AddIOp>(bl, pair, p.u64(1)), kept,
                             out});
        });
    return loop.getResult(2);
  }
};

} // namespace

Value Emitter::emitRandom(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  // The stateless kernels of a run-time shape draw the same distributions
  // from their own key and counter.
  static const std::map<std::string, std::string> stateful = {
      {"StatelessRandomUniformV2", "RandomUniform"},
      {"StatelessRandomUniformIntV2", "RandomUniformInt"},
      {"StatelessRandomNormalV2", "RandomStandardNormal"},
      {"StatelessTruncatedNormalV2", "TruncatedNormal"}};
  auto named = stateful.find(n.op);
  const std::string &op = named == stateful.end() ? n.op : named->second;
  // The generator: the node's key and counter, or (a stateless kernel's
  // seed known at run time only, its third input) the seed scrambled.
  KeyCounter key;
  {
    PhiloxBuilder p{b, loc};
    if (const bool *seedInput = attr<bool>(n, "seed_input");
        seedInput && *seedInput) {
      Value seed = input(n, 2);
      auto word = [&](int64_t i) {
        return b
            .create<tensor::ExtractOp>(
                loc, seed, ValueRange{b.create<arith::ConstantIndexOp>(loc, i)})
            .getResult();
      };
      key = p.scramble(word(0), word(1));
    } else {
      uint64_t seed = uint64_t(*attr<int64_t>(n, "seed"));
      key = {p.u32(uint32_t(seed)), p.u32(uint32_t(seed >> 32)),
             p.u64(uint64_t(*attr<int64_t>(n, "seed2")))};
    }
  }
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
    if (op == "TruncatedNormal") {
      // Its output groups are as large as the other ops' blocks.
      nb.create<tensor::YieldOp>(
          l, p.truncatedNormal(offset, group, k, is64, key));
      return;
    }
    Words x = p.block(offset, group, key);
    Value out;
    if (op == "RandomUniformInt") {
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
    } else if (op == "RandomUniform") {
      if (is64) {
        auto [x0, x1] = p.pickPair(x, k);
        out = p.toDouble(x0, x1);
      } else {
        out = p.toFloat(p.pick(x, k));
      }
    } else {
      // Element k of a float block is the sine's (k even) or the cosine's
      // (k odd) normal of pair k / 2; a double block is one pair.
      auto [u, v] =
          p.uniformPair(x, nb.create<arith::DivUIOp>(l, k, p.u64(2)), is64);
      auto [sine, cosine] = p.boxMuller(u, v);
      Value odd = nb.create<arith::CmpIOp>(
          l, arith::CmpIPredicate::eq,
          nb.create<arith::RemUIOp>(l, k, p.u64(2)), p.u64(1));
      out = nb.create<arith::SelectOp>(l, odd, cosine, sine);
    }
    nb.create<tensor::YieldOp>(l, out);
  };
  return b.create<tensor::GenerateOp>(loc, type, dynamic, body).getResult();
}

} // namespace kiln
