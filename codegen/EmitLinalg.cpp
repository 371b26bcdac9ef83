// The LU ops of tf.linalg (MatrixDeterminant, LogMatrixDeterminant,
// MatrixInverse, MatrixSolve; tracer/tf/TfLinalgLu.cpp), computed operation
// for operation as TensorFlow's CPU kernels compute them with Eigen, so that
// the results agree to the last bit:
//
// - PartialPivLU's unblocked factorization (Eigen's path up to 16 columns):
//   for each column k the row with the largest magnitude (the first NaN
//   wins; ties keep the lower row) becomes the pivot row, the column below
//   it is divided by the pivot (skipped for a zero pivot), and the trailing
//   block loses the product of column and row, each product rounded before
//   the subtraction.
// - The determinant is not the diagonal's product but sign * exp(sum of
//   log |u_ii|) (SLogDet): Eigen's array log and sum, 8 floats (4 doubles)
//   to a packet with Eigen's polynomial log, the tail with the C library's.
// - Inverse and solve permute the right-hand side (the identity for the
//   inverse), then solve the unit lower and the upper triangle in one
//   panel of Eigen's triangular_solve_matrix (16 floats, 8 doubles): each
//   element loses its products one at a time, and the upper solve multiplies
//   by the diagonal's reciprocal rather than dividing.
//
// The tracer refuses the sizes past those paths. Each op runs over the
// batch of matrices in a loop; inverse and solve fail the call when a pivot
// is zero, as the kernels' check of the smallest |u_ii| does.
#include "Emitter.h"
#include "passes/EigenMath.h"
#include "passes/ScalarLoops.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>
#include <limits>

namespace kiln {

namespace {

/// Eigen's and the C library's logs, in the kernels' order.
struct Logs : Scalars {
  /// The C library's log as TensorFlow's kernels call it (glibc's
  /// compatibility logf/log, whose test of x <= 0 sees flushed denormals
  /// as 0): -inf at 0, NaN below.
  Value libmLog(Value x) {
    Type t = x.getType();
    Value zero = real(t, 0.0);
    return select(cmp(arith::CmpFPredicate::OLE, x, zero),
                  select(cmp(arith::CmpFPredicate::OEQ, x, zero),
                         real(t, -std::numeric_limits<double>::infinity()),
                         real(t, std::numeric_limits<double>::quiet_NaN())),
                  b.create<math::LogOp>(loc, x));
  }

  /// Eigen's packet log of one lane (plog_float, plog_double).
  Value packetLog(Value x) {
    if (x.getType().isF32())
      return eigen::packetForm(b, loc, "log", x);
    return packetLogDouble(x);
  }

  /// Eigen's plog_double (Cephes' rational approximation) on a lane, every
  /// multiply-add rounded twice: NaN (all bits set) for NaN and negative
  /// lanes, -inf at 0, +inf at +inf.
  Value packetLogDouble(Value x0) {
    Type f64 = x0.getType(), i64 = b.getI64Type();
    auto bits = [&](uint64_t v) {
      return b.create<arith::ConstantIntOp>(loc, int64_t(v), 64);
    };
    // frexp of a positive normal: mantissa in [0.5, 1), exponent.
    Value raw = b.create<arith::BitcastOp>(loc, i64, x0);
    Value biased = b.create<arith::AndIOp>(
        loc, b.create<arith::ShRUIOp>(loc, raw, bits(52)), bits(0x7ff));
    Value e = b.create<arith::SIToFPOp>(
        loc, f64, b.create<arith::SubIOp>(loc, biased, bits(1022)));
    Value x = b.create<arith::BitcastOp>(
        loc, f64,
        b.create<arith::OrIOp>(
            loc, b.create<arith::AndIOp>(loc, raw, bits(~(0x7ffull << 52))),
            bits(1022ull << 52)));
    Value small =
        cmp(arith::CmpFPredicate::OLT, x, real(f64, 0.70710678118654752440E0));
    Value tmp = select(small, x, real(f64, 0.0));
    x = sub(x, real(f64, 1.0));
    e = sub(e, select(small, real(f64, 1.0), real(f64, 0.0)));
    x = add(x, tmp);
    Value x2 = mul(x, x), x3 = mul(x2, x);
    auto madd = [&](Value a, double c, Value z) {
      return add(mul(a, z), real(f64, c));
    };
    auto cmadd = [&](double c, Value a, double d) {
      return add(mul(real(f64, c), a), real(f64, d));
    };
    Value y = cmadd(1.01875663804580931796E-4, x, 4.97494994976747001425E-1);
    Value y1 = cmadd(1.44989225341610930846E1, x, 1.79368678507819816313E1);
    y = madd(y, 4.70579119878881725854E0, x);
    y1 = madd(y1, 7.70838733755885391666E0, x);
    Value num = add(mul(y, x3), y1);
    y = cmadd(1.0, x, 1.12873587189167450590E1);
    y1 = cmadd(8.29875266912776603211E1, x, 7.11544750618563894466E1);
    y = madd(y, 4.52279145837532221105E1, x);
    y1 = madd(y1, 2.31251620126765340583E1, x);
    Value den = add(mul(y, x3), y1);
    y = div(mul(num, x3), den);
    y = add(mul(real(f64, -0.5), x2), y);
    x = add(x, y);
    Value result =
        add(mul(e, real(f64, 0.693147180559945309417232121458176568)), x);
    Value allOnes = b.create<arith::BitcastOp>(loc, f64, bits(~0ull));
    Value zero = real(f64, 0.0);
    Value inf = real(f64, std::numeric_limits<double>::infinity());
    result = select(cmp(arith::CmpFPredicate::OEQ, x0, inf), inf, result);
    result =
        select(cmp(arith::CmpFPredicate::OEQ, x0, zero),
               real(f64, -std::numeric_limits<double>::infinity()), result);
    return select(cmp(arith::CmpFPredicate::ULT, x0, zero), allOnes, result);
  }

  /// Eigen's abs_diag.log().sum() of `d` (a static count): packets of
  /// `lanes` in two accumulators, folded as predux does, then the tail
  /// through the C library's log, added one at a time.
  Value sumOfLogs(ArrayRef<Value> d, int64_t lanes) {
    int64_t n = d.size(), full = n / lanes * lanes;
    int64_t pairs = n / (2 * lanes) * (2 * lanes);
    if (full == 0) {
      Value sum = libmLog(d[0]);
      for (int64_t i = 1; i < n; ++i)
        sum = add(sum, libmLog(d[i]));
      return sum;
    }
    SmallVector<Value> p0, p1;
    for (int64_t l = 0; l < lanes; ++l)
      p0.push_back(packetLog(d[l]));
    if (full > lanes) {
      for (int64_t l = 0; l < lanes; ++l)
        p1.push_back(packetLog(d[lanes + l]));
      for (int64_t at = 2 * lanes; at < pairs; at += 2 * lanes)
        for (int64_t l = 0; l < lanes; ++l) {
          p0[l] = add(p0[l], packetLog(d[at + l]));
          p1[l] = add(p1[l], packetLog(d[at + lanes + l]));
        }
      for (int64_t l = 0; l < lanes; ++l)
        p0[l] = add(p0[l], p1[l]);
      if (full > pairs)
        for (int64_t l = 0; l < lanes; ++l)
          p0[l] = add(p0[l], packetLog(d[pairs + l]));
    }
    // predux: 8 lanes ((0+4)+(2+6))+((1+5)+(3+7)); 4 lanes (0+2)+(1+3).
    Value sum;
    if (lanes == 8) {
      sum = add(add(add(p0[0], p0[4]), add(p0[2], p0[6])),
                add(add(p0[1], p0[5]), add(p0[3], p0[7])));
    } else {
      sum = add(add(p0[0], p0[2]), add(p0[1], p0[3]));
    }
    for (int64_t i = full; i < n; ++i)
      sum = add(sum, libmLog(d[i]));
    return sum;
  }
};

/// An n x n matrix factored in place as PartialPivLU leaves it: `lu`
/// holds L below the diagonal (unit diagonal implied) and U on and above
/// it, `pivots[k]` the row swapped with row k, `swaps` how many swaps
/// moved a row (an index).
struct Factored {
  Value lu, pivots, swaps;
};

Factored factor(Scalars &s, Value a, int64_t n) {
  Value zero = s.index(0), one = s.index(1), size = s.index(n);
  Value pivots = s.b.create<tensor::EmptyOp>(s.loc, ArrayRef<int64_t>{n},
                                             s.b.getIndexType());
  Type et = cast<RankedTensorType>(a.getType()).getElementType();
  auto done = s.loop(
      zero, size, ValueRange{a, pivots, zero},
      [&](Scalars &s, Value k, ValueRange state) {
        Value lu = state[0];
        Value next = s.b.create<arith::AddIOp>(s.loc, k, one);
        // The pivot: the largest magnitude in column k from row k down.
        auto best =
            s.loop(next, size, ValueRange{k, s.abs(s.at(lu, {k, k}))},
                   [&](Scalars &s, Value i, ValueRange st) {
                     Value v = s.abs(s.at(lu, {i, k}));
                     Value take = s.b.create<arith::OrIOp>(
                         s.loc,
                         s.b.create<arith::AndIOp>(
                             s.loc, s.isNaN(v),
                             s.cmp(arith::CmpFPredicate::ORD, st[1], st[1])),
                         s.cmp(arith::CmpFPredicate::OGT, v, st[1]));
                     return SmallVector<Value>{s.select(take, i, st[0]),
                                               s.select(take, v, st[1])};
                   });
        Value row = best[0];
        Value moved =
            s.b.create<arith::CmpIOp>(s.loc, arith::CmpIPredicate::ne, row, k);
        Value swaps = s.b.create<arith::AddIOp>(
            s.loc, state[2],
            s.b.create<arith::IndexCastOp>(
                s.loc, s.b.getIndexType(),
                s.b.create<arith::ExtUIOp>(s.loc, s.b.getI64Type(), moved)));
        // A zero pivot (the whole column is 0) moves nothing: row == k.
        lu = s.update(zero, size, lu, [&](Scalars &s, Value j, Value t) {
          Value top = s.at(t, {k, j}), other = s.at(t, {row, j});
          return s.put(top, s.put(other, t, {k, j}), {row, j});
        });
        Value pivot = s.at(lu, {k, k});
        Value nonzero =
            s.cmp(arith::CmpFPredicate::UNE, best[1], s.real(et, 0.0));
        lu = s.update(next, size, lu, [&](Scalars &s, Value i, Value t) {
          Value x = s.at(t, {i, k});
          return s.put(s.select(nonzero, s.div(x, pivot), x), t, {i, k});
        });
        // The trailing block loses column k times row k.
        lu = s.update(next, size, lu, [&](Scalars &s, Value i, Value t) {
          Value lik = s.at(t, {i, k});
          return s.update(next, size, t, [&](Scalars &s, Value j, Value t) {
            Value x = s.at(t, {i, j});
            return s.put(s.sub(x, s.mul(lik, s.at(t, {k, j}))), t, {i, j});
          });
        });
        return SmallVector<Value>{lu, s.put(row, state[1], {k}), swaps};
      });
  return {done[0], done[1], done[2]};
}

/// Whether every pivot is nonzero as the kernels test it: the smallest
/// |u_ii|, found as Eigen's minCoeff finds it, is > 0.
Value invertible(Scalars &s, const Factored &f, int64_t n) {
  if (n == 0)
    return s.b.create<arith::ConstantIntOp>(s.loc, 1, 1);
  Value least = s.abs(s.at(f.lu, {s.index(0), s.index(0)}));
  least = s.loop(s.index(1), s.index(n), least,
                 [&](Scalars &s, Value i, ValueRange st) {
                   Value v = s.abs(s.at(f.lu, {i, i}));
                   return SmallVector<Value>{s.select(
                       s.cmp(arith::CmpFPredicate::OLT, v, st[0]), v, st[0])};
                 })
              .front();
  Type et = least.getType();
  return s.cmp(arith::CmpFPredicate::OGT, least, s.real(et, 0.0));
}

/// PartialPivLU's solve of the n x m right-hand side `x`.
Value solve(Scalars &s, const Factored &f, Value x, int64_t n, int64_t m) {
  Value zero = s.index(0), size = s.index(n), cols = s.index(m);
  // P * x: the rows swapped in the factorization's order.
  x = s.update(zero, size, x, [&](Scalars &s, Value k, Value t) {
    Value row = s.at(f.pivots, {k});
    return s.update(zero, cols, t, [&](Scalars &s, Value r, Value t) {
      Value top = s.at(t, {k, r}), other = s.at(t, {row, r});
      return s.put(top, s.put(other, t, {k, r}), {row, r});
    });
  });
  // Unit lower triangle, forwards: row j loses x[k] * L[j][k] for k < j.
  x = s.update(zero, size, x, [&](Scalars &s, Value j, Value t) {
    return s.update(zero, j, t, [&](Scalars &s, Value k, Value t) {
      Value l = s.at(f.lu, {j, k});
      return s.update(zero, cols, t, [&](Scalars &s, Value r, Value t) {
        return s.put(s.sub(s.at(t, {j, r}), s.mul(s.at(t, {k, r}), l)), t,
                     {j, r});
      });
    });
  });
  // Upper triangle, backwards: row j loses x[t] * U[j][t] for t > j, then
  // is multiplied by 1 / U[j][j].
  Value last = s.index(n - 1), one = s.index(1);
  return s.update(zero, size, x, [&](Scalars &s, Value back, Value t) {
    Value j = s.b.create<arith::SubIOp>(s.loc, last, back);
    Value after = s.b.create<arith::AddIOp>(s.loc, j, one);
    t = s.update(after, size, t, [&](Scalars &s, Value c, Value t) {
      Value u = s.at(f.lu, {j, c});
      return s.update(zero, cols, t, [&](Scalars &s, Value r, Value t) {
        return s.put(s.sub(s.at(t, {j, r}), s.mul(s.at(t, {c, r}), u)), t,
                     {j, r});
      });
    });
    Value diag = s.at(f.lu, {j, j});
    Value inverse = s.div(s.real(diag.getType(), 1.0), diag);
    return s.update(zero, cols, t, [&](Scalars &s, Value r, Value t) {
      return s.put(s.mul(s.at(t, {j, r}), inverse), t, {j, r});
    });
  });
}

/// SLogDet: the sign and log |det| of a factored n x n matrix.
std::pair<Value, Value> signAndLog(Scalars &s, const Factored &f, int64_t n,
                                   Type et) {
  if (n == 0)
    return {s.real(et, 1.0), s.real(et, 0.0)};
  Value odd = s.b.create<arith::TruncIOp>(
      s.loc, s.b.getI1Type(),
      s.b.create<arith::IndexCastOp>(s.loc, s.b.getI64Type(), f.swaps));
  Value sign = s.select(odd, s.real(et, -1.0), s.real(et, 1.0));
  SmallVector<Value> magnitudes;
  for (int64_t i = 0; i < n; ++i) {
    Value d = s.at(f.lu, {s.index(i), s.index(i)});
    magnitudes.push_back(s.abs(d));
    // numext::sign: NaN stays NaN, +-0 is +0.
    Value unit = s.select(
        s.cmp(arith::CmpFPredicate::OGT, d, s.real(et, 0.0)), s.real(et, 1.0),
        s.select(s.cmp(arith::CmpFPredicate::OLT, d, s.real(et, 0.0)),
                 s.real(et, -1.0), s.real(et, 0.0)));
    sign = s.mul(sign, s.select(s.isNaN(d), d, unit));
  }
  Logs logs{{s.b, s.loc}};
  Value log =
      s.add(s.real(et, 0.0), logs.sumOfLogs(magnitudes, et.isF32() ? 8 : 4));
  return {sign, log};
}

} // namespace

Value Emitter::emitLinalgLu(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  Scalars s{b, loc};
  Value a = input(n, 0);
  auto aType = cast<RankedTensorType>(a.getType());
  Type et = aType.getElementType();
  int64_t rank = aType.getRank(), size = aType.getDimSize(rank - 1);
  // Every op works on [batch, n, n] matrices (and [batch, n, m] sides);
  // one batch dimension may be known at run time only (the tracer allows
  // no more).
  int64_t batch = 1;
  for (int64_t d = 0; d < rank - 2; ++d)
    batch = aType.isDynamicDim(d) || batch == ShapedType::kDynamic
                ? ShapedType::kDynamic
                : batch * aType.getDimSize(d);
  auto matrices = RankedTensorType::get({batch, size, size}, et);
  Value original = a;
  a = reshapeTo(loc, a, matrices);
  SmallVector<Value> batchSizes;
  if (ShapedType::isDynamic(batch))
    batchSizes.push_back(dimSize(loc, a, 0));
  const bool *adjoint = attr<bool>(n, "adjoint");
  if (adjoint && *adjoint)
    a = b.create<TransposeOp>(loc, matrices, a,
                              b.getDenseI64ArrayAttr({0, 2, 1}));
  int64_t cols = size;
  Value rhs;
  if (n.op == "MatrixSolve") {
    rhs = input(n, 1);
    cols = cast<RankedTensorType>(rhs.getType()).getShape().back();
    if (ShapedType::isDynamic(batch)) {
      // The kernel's check of the batch dimensions shape inference could
      // not compare.
      Value same = b.create<arith::ConstantIntOp>(loc, 1, 1);
      for (int64_t d = 0; d < rank - 2; ++d)
        same = b.create<arith::AndIOp>(
            loc, same,
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                    dimSize(loc, original, d),
                                    dimSize(loc, rhs, d)));
      check(n, same, "All input tensors must have the same outer dimensions.",
            {});
    }
    rhs = reshapeTo(loc, rhs, RankedTensorType::get({batch, size, cols}, et));
  }
  bool isSolve = n.op == "MatrixSolve" || n.op == "MatrixInverse";
  auto matrixType = RankedTensorType::get({size, size}, et);
  auto sideType = RankedTensorType::get({size, cols}, et);
  auto batchOf = [&](RankedTensorType t) {
    SmallVector<int64_t> shape{batch};
    shape.append(t.getShape().begin(), t.getShape().end());
    return RankedTensorType::get(shape, et);
  };
  auto slice = [&](OpBuilder &nb, Location l, Value from, Value i,
                   RankedTensorType piece) -> Value {
    SmallVector<OpFoldResult> offsets(3, nb.getIndexAttr(0)), sizes,
        strides(3, nb.getIndexAttr(1));
    offsets[0] = i;
    sizes.push_back(nb.getIndexAttr(1));
    for (int64_t d : piece.getShape())
      sizes.push_back(nb.getIndexAttr(d));
    return nb.create<tensor::ExtractSliceOp>(l, piece, from, offsets, sizes,
                                             strides);
  };

  // The outputs, filled matrix by matrix, and whether every pivot of
  // inverse and solve was nonzero.
  SmallVector<Value> init;
  if (isSolve)
    init.push_back(b.create<tensor::EmptyOp>(loc, batchOf(sideType).getShape(),
                                             et, batchSizes));
  else
    for (int k = 0; k < (n.op == "LogMatrixDeterminant" ? 2 : 1); ++k)
      init.push_back(b.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{batch},
                                               et, batchSizes));
  init.push_back(b.create<arith::ConstantIntOp>(loc, 1, 1));
  auto results = s.loop(
      s.index(0), dimSize(loc, a, 0), init,
      [&](Scalars &s, Value i, ValueRange state) {
        Factored f = factor(s, slice(s.b, s.loc, a, i, matrixType), size);
        SmallVector<Value> out(state.begin(), state.end());
        if (isSolve) {
          Value side;
          if (rhs) {
            side = slice(s.b, s.loc, rhs, i, sideType);
          } else { // the identity
            side = s.b.create<linalg::FillOp>(
                          s.loc, s.real(et, 0.0),
                          ValueRange{s.b.create<tensor::EmptyOp>(
                              s.loc, sideType.getShape(), et)})
                       .getResult(0);
            side = s.update(s.index(0), s.index(size), side,
                            [&](Scalars &s, Value k, Value t) {
                              return s.put(s.real(et, 1.0), t, {k, k});
                            });
          }
          Value x = solve(s, f, side, size, cols);
          SmallVector<OpFoldResult> offsets(3, s.b.getIndexAttr(0)),
              sizes{s.b.getIndexAttr(1), s.b.getIndexAttr(size),
                    s.b.getIndexAttr(cols)},
              strides(3, s.b.getIndexAttr(1));
          offsets[0] = i;
          out[0] = s.b.create<tensor::InsertSliceOp>(s.loc, x, out[0], offsets,
                                                     sizes, strides);
          out[1] =
              s.b.create<arith::AndIOp>(s.loc, out[1], invertible(s, f, size));
          return out;
        }
        auto [sign, log] = signAndLog(s, f, size, et);
        if (n.op == "LogMatrixDeterminant") {
          out[0] = s.put(sign, out[0], {i});
          out[1] = s.put(log, out[1], {i});
        } else {
          out[0] = s.put(s.mul(sign, s.b.create<math::ExpOp>(s.loc, log)),
                         out[0], {i});
        }
        return out;
      });
  if (isSolve)
    check(n, results.back(),
          n.op == "MatrixInverse" ? "Input is not invertible."
                                  : "Input matrix is not invertible.",
          {});
  // The second output of LogMatrixDeterminant (log |det|) as output 1.
  if (n.op == "LogMatrixDeterminant")
    values[key({static_cast<int>(&n - g.nodes.data()), 1})] =
        reshapeTo(loc, results[1], tensorType(n.outputs[1]));
  return reshapeTo(loc, results[0], type);
}

} // namespace kiln
