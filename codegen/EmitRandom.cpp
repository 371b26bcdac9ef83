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
// input; a tf.random.Generator's draws (attr `state_input`) read the key
// and counter from the generator's state, their third input. Multinomial and
// StatelessMultinomial (tf.random.categorical) read the same generator a pair
// of words per sample, at the positions tracer/tf/Multinomial.h describes, and
// take the logits as their second input.
#include "Emitter.h"
#include "tf/Multinomial.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <thread>

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
  /// A float16 or bfloat16 (`ft`) in [0, 1) from the low 10 or 7 bits of
  /// `x`, as Uint16ToHalf and Uint16ToGfloat16.
  Value toHalf(Value x, Type ft) {
    bool half = ft.isF16();
    Value bits = b.create<arith::OrIOp>(
        loc, b.create<arith::AndIOp>(loc, x, u32(half ? 0x3ffu : 0x7fu)),
        u32(half ? 0x3c00u : 0x3f80u));
    Value f = b.create<arith::BitcastOp>(
        loc, ft, b.create<arith::TruncIOp>(loc, b.getI16Type(), bits));
    return b.create<arith::SubFOp>(
        loc, f, b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, 1.0)));
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

/// The generator of random node `n`: its key and counter's high half
/// (attrs `seed`, `seed2`); for a stateless kernel's seed known at run
/// time only (`seed` the tensor), the seed scrambled; for a
/// tf.random.Generator's draw (attr `state_input`), the key and counter
/// its state tensor holds ({counter low, counter high, key}).
KeyCounter generatorKey(OpBuilder &b, Location loc, const graph::Node &n,
                        Value seed) {
  PhiloxBuilder p{b, loc};
  if (seed) {
    auto word = [&](int64_t i) {
      return b
          .create<tensor::ExtractOp>(
              loc, seed, ValueRange{b.create<arith::ConstantIndexOp>(loc, i)})
          .getResult();
    };
    auto state = n.attrs.find("state_input");
    if (state != n.attrs.end() && std::get<bool>(state->second))
      return {p.low(word(2)), p.high(word(2)), word(1)};
    return p.scramble(word(0), word(1));
  }
  auto number = [&](const char *name) {
    return uint64_t(std::get<int64_t>(n.attrs.at(name)));
  };
  uint64_t key = number("seed");
  return {p.u32(uint32_t(key)), p.u32(uint32_t(key >> 32)),
          p.u64(number("seed2"))};
}

} // namespace

Value Emitter::emitRandom(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  // The stateless kernels of a run-time shape draw the same distributions
  // from their own key and counter.
  static const std::map<std::string, std::string> stateful = {
      {"StatelessRandomUniformV2", "RandomUniform"},
      {"StatelessRandomUniformIntV2", "RandomUniformInt"},
      {"StatelessRandomUniformFullIntV2", "RandomUniformInt"},
      {"StatelessRandomNormalV2", "RandomStandardNormal"},
      {"StatelessTruncatedNormalV2", "TruncatedNormal"}};
  auto named = stateful.find(n.op);
  const std::string &op = named == stateful.end() ? n.op : named->second;
  KeyCounter key = generatorKey(b, loc, n, seedInput(n));
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
    Value size = shapeElement(loc, input(n, 1), d);
    // The kernels' check; a negative size makes no elements meanwhile.
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
    Value nonNegative =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, size, zero);
    check(n, nonNegative, "Dimension {int} must be >= 0", {size});
    size = b.create<arith::SelectOp>(loc, nonNegative, size, zero);
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
    // float16 and bfloat16 normals are the float ones rounded.
    auto yield = [&](Value out) {
      if (out.getType() != et)
        out = nb.create<arith::TruncFOp>(l, et, out);
      nb.create<tensor::YieldOp>(l, out);
    };
    if (op == "TruncatedNormal") {
      // Its output groups are as large as the other ops' blocks.
      yield(p.truncatedNormal(offset, group, k, is64, key));
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
        // Range 0: the full-range kernels, all the bits.
        out = range == 0 ? bits
                         : nb.create<arith::AddIOp>(l, p.u64(lo),
                                                    nb.create<arith::RemUIOp>(
                                                        l, bits, p.u64(range)))
                               .getResult();
      } else {
        Value bits = p.pick(x, k);
        out =
            range == 0
                ? bits
                : nb.create<arith::AddIOp>(l, p.u32(uint32_t(lo)),
                                           nb.create<arith::RemUIOp>(
                                               l, bits, p.u32(uint32_t(range))))
                      .getResult();
      }
    } else if (op == "RandomUniform") {
      if (is64) {
        auto [x0, x1] = p.pickPair(x, k);
        out = p.toDouble(x0, x1);
      } else if (et.getIntOrFloatBitWidth() == 16) {
        out = p.toHalf(p.pick(x, k), et);
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
    yield(out);
  };
  return b.create<tensor::GenerateOp>(loc, type, dynamic, body).getResult();
}

} // namespace kiln

namespace kiln {

namespace {

/// tf::multinomialShardRows computed at run time, for logits whose shape
/// trace time does not know: `rows` and `classes` are i64 values.
Value runTimeShardRows(OpBuilder &b, Location loc, Value rows, Value classes,
                       int64_t samples, int64_t threads) {
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  // No rows or no classes sample nothing (or fail a check): at least one
  // of each keeps the divisions below defined.
  Value least = b.create<arith::ConstantIntOp>(loc, 1, 64);
  rows = b.create<arith::MaxSIOp>(loc, rows, least);
  classes = b.create<arith::MaxSIOp>(loc, classes, least);
  auto real = [&](double v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(f64, v));
  };
  auto integer = [&](int64_t v) -> Value {
    return b.create<arith::ConstantIntOp>(loc, v, 64);
  };
  auto toReal = [&](Value v) -> Value {
    return b.create<arith::SIToFPOp>(loc, f64, v);
  };
  auto divUp = [&](OpBuilder &nb, Value a, Value d) -> Value {
    return nb.create<arith::CeilDivSIOp>(loc, a, d);
  };
  auto efficiency = [&](OpBuilder &nb, Value blocks) -> Value {
    Value t = integer(threads);
    Value used = nb.create<arith::MulIOp>(loc, divUp(nb, blocks, t), t);
    return nb.create<arith::DivFOp>(loc, toReal(blocks), toReal(used));
  };
  // The row cost: 50 * (samples * log2(classes) + classes), truncated.
  Value c = toReal(classes);
  Value log2 = b.create<arith::DivFOp>(loc, b.create<math::LogOp>(loc, c),
                                       real(std::log(2.0)));
  Value cost = toReal(b.create<arith::FPToSIOp>(
      loc, i64,
      b.create<arith::MulFOp>(
          loc, real(50),
          b.create<arith::AddFOp>(
              loc, b.create<arith::MulFOp>(loc, real(double(samples)), log2),
              c))));
  Value wanted = b.create<arith::AddFOp>(
      loc,
      b.create<arith::DivFOp>(
          loc,
          b.create<arith::SubFOp>(
              loc, b.create<arith::MulFOp>(loc, toReal(rows), cost),
              real(100000)),
          real(100000)),
      real(0.9));
  Value one = b.create<arith::OrIOp>(
      loc,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, rows, integer(1)),
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::ULT, wanted, real(2)));
  Value size = b.create<arith::MinSIOp>(
      loc, rows,
      b.create<arith::MaxSIOp>(
          loc, divUp(b, rows, integer(4 * threads)),
          b.create<arith::FPToSIOp>(
              loc, i64, b.create<arith::DivFOp>(loc, real(40000), cost))));
  Value largest = b.create<arith::MinSIOp>(
      loc, rows, b.create<arith::MulIOp>(loc, size, integer(2)));
  Value count = divUp(b, rows, size);
  Value best = efficiency(b, count);
  Value no = b.create<arith::ConstantIntOp>(loc, 0, 1);
  // Coarser blocks while the threads stay as busy; state: the previous
  // block count, size, count, best efficiency, and whether a block grew
  // past `largest`.
  auto loop = b.create<scf::WhileOp>(
      loc, TypeRange{i64, i64, i64, f64, no.getType()},
      ValueRange{count, size, count, best, no},
      [&](OpBuilder &nb, Location nl, ValueRange s) {
        Value go = nb.create<arith::AndIOp>(
            nl,
            nb.create<arith::CmpFOp>(nl, arith::CmpFPredicate::OLT, s[3],
                                     real(1.0)),
            nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::sgt, s[0],
                                     integer(1)));
        go = nb.create<arith::AndIOp>(
            nl, go,
            nb.create<arith::XOrIOp>(
                nl, s[4], nb.create<arith::ConstantIntOp>(nl, 1, 1)));
        nb.create<scf::ConditionOp>(nl, go, s);
      },
      [&](OpBuilder &nb, Location nl, ValueRange s) {
        Value coarser =
            divUp(nb, rows, nb.create<arith::SubIOp>(nl, s[0], integer(1)));
        Value stop = nb.create<arith::CmpIOp>(nl, arith::CmpIPredicate::sgt,
                                              coarser, largest);
        Value coarserCount = divUp(nb, rows, coarser);
        Value e = efficiency(nb, coarserCount);
        Value take = nb.create<arith::AndIOp>(
            nl,
            nb.create<arith::CmpFOp>(
                nl, arith::CmpFPredicate::OGE,
                nb.create<arith::AddFOp>(nl, e, real(0.01)), s[3]),
            nb.create<arith::XOrIOp>(
                nl, stop, nb.create<arith::ConstantIntOp>(nl, 1, 1)));
        auto pick = [&](Value a, Value b2) {
          return nb.create<arith::SelectOp>(nl, take, a, b2).getResult();
        };
        nb.create<scf::YieldOp>(
            nl,
            ValueRange{nb.create<arith::SelectOp>(nl, stop, s[0], coarserCount),
                       pick(coarser, s[1]), pick(coarserCount, s[2]),
                       pick(nb.create<arith::MaximumFOp>(nl, s[3], e), s[3]),
                       stop});
      });
  Value whole = b.create<arith::OrIOp>(
      loc, one,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, loop.getResult(2),
                              integer(1)));
  return b.create<arith::SelectOp>(loc, whole, rows, loop.getResult(1));
}

} // namespace

Value Emitter::emitMultinomial(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  KeyCounter key = generatorKey(b, loc, n, seedInput(n));
  Value offset = scalarOf(loc, input(n, 0));
  Value logits = input(n, 1);
  auto logitsType = cast<RankedTensorType>(logits.getType());
  int64_t samples = *attr<int64_t>(n, "num_samples");
  int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  Value rows = dimSize(loc, logits, 0), classes = dimSize(loc, logits, 1);
  auto wide = [&](OpBuilder &nb, Location nl, Value index) -> Value {
    return nb.create<arith::IndexCastOp>(nl, i64, index);
  };
  // The kernel's check, even of no rows (the tracer makes it for classes
  // known at trace time).
  if (logitsType.isDynamicDim(1))
    check(
        n,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, classes, zero),
        "num_classes should be positive, got {int}", {classes});
  Value shard;
  if (logitsType.hasStaticShape())
    shard = b.create<arith::ConstantIntOp>(
        loc,
        tf::multinomialShardRows(logitsType.getDimSize(0), samples,
                                 logitsType.getDimSize(1), threads),
        64);
  else
    shard = runTimeShardRows(b, loc, wide(b, loc, rows), wide(b, loc, classes),
                             samples, threads);

  // Per row: the unnormalized cumulative distribution of exp(logit - max)
  // over the finite logits, in double, and its total.
  SmallVector<Value> dynamicRows, dynamicBoth;
  if (logitsType.isDynamicDim(0)) {
    dynamicRows.push_back(rows);
    dynamicBoth.push_back(rows);
  }
  if (logitsType.isDynamicDim(1))
    dynamicBoth.push_back(classes);
  Value cdf = b.create<tensor::EmptyOp>(
      loc, RankedTensorType::get(logitsType.getShape(), f64), dynamicBoth);
  Value totals = b.create<tensor::EmptyOp>(
      loc, RankedTensorType::get({logitsType.getDimSize(0)}, f64), dynamicRows);
  auto logitAt = [&](OpBuilder &nb, Location nl, Value row, Value j) {
    Value v = nb.create<tensor::ExtractOp>(nl, logits, ValueRange{row, j});
    Value d = v.getType().isF64() ? v : nb.create<arith::ExtFOp>(nl, f64, v);
    // Not NaN and not infinite.
    Value finite = nb.create<arith::CmpFOp>(
        nl, arith::CmpFPredicate::OLT, nb.create<math::AbsFOp>(nl, d),
        nb.create<arith::ConstantOp>(
            nl, nb.getFloatAttr(f64, std::numeric_limits<double>::infinity())));
    return std::pair{d, finite};
  };
  auto perRow = b.create<scf::ForOp>(
      loc, zero, rows, one, ValueRange{cdf, totals},
      [&](OpBuilder &rb, Location rl, Value row, ValueRange st) {
        Value lowest = rb.create<arith::ConstantOp>(
            rl, rb.getFloatAttr(f64, std::numeric_limits<double>::lowest()));
        auto maxLoop = rb.create<scf::ForOp>(
            rl, zero, classes, one, ValueRange{lowest},
            [&](OpBuilder &mb, Location ml, Value j, ValueRange m) {
              auto [v, finite] = logitAt(mb, ml, row, j);
              mb.create<scf::YieldOp>(
                  ml, ValueRange{mb.create<arith::SelectOp>(
                          ml, finite, mb.create<arith::MaximumFOp>(ml, m[0], v),
                          m[0])});
            });
        Value max = maxLoop.getResult(0);
        Value none = rb.create<arith::ConstantOp>(rl, rb.getFloatAttr(f64, 0));
        auto sumLoop = rb.create<scf::ForOp>(
            rl, zero, classes, one, ValueRange{none, st[0]},
            [&](OpBuilder &sb, Location sl, Value j, ValueRange acc) {
              auto [v, finite] = logitAt(sb, sl, row, j);
              Value e = sb.create<math::ExpOp>(
                  sl, sb.create<arith::SubFOp>(sl, v, max));
              Value total = sb.create<arith::SelectOp>(
                  sl, finite, sb.create<arith::AddFOp>(sl, acc[0], e), acc[0]);
              Value written = sb.create<tensor::InsertOp>(sl, total, acc[1],
                                                          ValueRange{row, j});
              sb.create<scf::YieldOp>(sl, ValueRange{total, written});
            });
        Value newTotals = rb.create<tensor::InsertOp>(rl, sumLoop.getResult(0),
                                                      st[1], ValueRange{row});
        rb.create<scf::YieldOp>(rl,
                                ValueRange{sumLoop.getResult(1), newTotals});
      });
  cdf = perRow.getResult(0);
  totals = perRow.getResult(1);

  // Sample j of a row: its pair of words in the shard's stream, a double
  // in [0, 1) scaled by the row's total, and the upper bound of that in
  // the row's distribution.
  auto body = [&](OpBuilder &nb, Location l, ValueRange idx) {
    PhiloxBuilder p{nb, l};
    Value row = wide(nb, l, idx[0]), j = wide(nb, l, idx[1]);
    Value first = nb.create<arith::MulIOp>(
        l, nb.create<arith::DivSIOp>(l, row, shard), shard);
    Value word = nb.create<arith::AddIOp>(
        l,
        nb.create<arith::AddIOp>(
            l,
            nb.create<arith::MulIOp>(
                l,
                nb.create<arith::DivUIOp>(
                    l, nb.create<arith::MulIOp>(l, first, p.u64(samples + 3)),
                    p.u64(4)),
                p.u64(4)),
            nb.create<arith::MulIOp>(l, nb.create<arith::SubIOp>(l, row, first),
                                     p.u64(2 * uint64_t(samples)))),
        nb.create<arith::MulIOp>(l, j, p.u64(2)));
    Words x =
        p.block(offset, nb.create<arith::DivUIOp>(l, word, p.u64(4)), key);
    Value k = nb.create<arith::RemUIOp>(l, word, p.u64(4));
    Value u = p.toDouble(p.pick(x, k),
                         p.pick(x, nb.create<arith::AddIOp>(l, k, p.u64(1))));
    Value toFind = nb.create<arith::MulFOp>(
        l, u, nb.create<tensor::ExtractOp>(l, totals, ValueRange{idx[0]}));
    Type index = nb.getIndexType();
    auto search = nb.create<scf::WhileOp>(
        l, TypeRange{index, index}, ValueRange{zero, classes},
        [&](OpBuilder &cb, Location cl, ValueRange s) {
          cb.create<scf::ConditionOp>(
              cl,
              cb.create<arith::CmpIOp>(cl, arith::CmpIPredicate::ult, s[0],
                                       s[1]),
              s);
        },
        [&](OpBuilder &sb, Location sl, ValueRange s) {
          Value mid = sb.create<arith::DivUIOp>(
              sl, sb.create<arith::AddIOp>(sl, s[0], s[1]),
              sb.create<arith::ConstantIndexOp>(sl, 2));
          Value c =
              sb.create<tensor::ExtractOp>(sl, cdf, ValueRange{idx[0], mid});
          Value below = sb.create<arith::CmpFOp>(sl, arith::CmpFPredicate::OLE,
                                                 c, toFind);
          Value next = sb.create<arith::AddIOp>(
              sl, mid, sb.create<arith::ConstantIndexOp>(sl, 1));
          sb.create<scf::YieldOp>(
              sl, ValueRange{sb.create<arith::SelectOp>(sl, below, next, s[0]),
                             sb.create<arith::SelectOp>(sl, below, s[1], mid)});
        });
    nb.create<tensor::YieldOp>(
        l, nb.create<arith::IndexCastOp>(l, type.getElementType(),
                                         search.getResult(0)));
  };
  return b.create<tensor::GenerateOp>(loc, type, dynamicRows, body).getResult();
}

} // namespace kiln
