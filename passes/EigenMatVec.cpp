// Matrix-vector products in TensorFlow's order (EigenMatVec.h).
#include "passes/EigenMatVec.h"
#include "passes/ScalarLoops.h"

namespace kiln::eigen {

using namespace mlir;

namespace {

using Pred = arith::CmpIPredicate;

/// Index arithmetic on run-time values, and the products' terms.
struct MatVecBuilder : Scalars {
  Value lhs, rhs, i, j; // the element (i, j) being computed
  Type f32;
  Value batch = nullptr; // the matrix in a batch, if the operands are 3-D

  /// Where row `r`, column `c` of an operand (in this batch) is.
  SmallVector<Value> place(Value r, Value c) {
    return batch ? SmallVector<Value>{batch, r, c} : SmallVector<Value>{r, c};
  }
  /// An operand's rows (`d` 0) or columns (1).
  Value size(Value t, int64_t d) {
    return b.create<tensor::DimOp>(loc, t, d + (batch ? 1 : 0));
  }

  Value cmp(Pred p, Value x, Value y) {
    return b.create<arith::CmpIOp>(loc, p, x, y);
  }
  Value cmp(Pred p, Value x, int64_t y) { return cmp(p, x, index(y)); }
  Value isub(Value x, Value y) { return b.create<arith::SubIOp>(loc, x, y); }
  Value imul(Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y); }
  using Scalars::imul;
  Value iselect(Value c, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, c, x, y);
  }
  Value both(Value x, Value y) { return b.create<arith::AndIOp>(loc, x, y); }
  Value either(Value x, Value y) { return b.create<arith::OrIOp>(loc, x, y); }
  Value zero() { return real(f32, 0.0); }

  /// The rounded product of term k: lhs[i, k] * rhs[k, j].
  Value term(Scalars &s, Value k) {
    return s.mul(s.at(lhs, place(i, k)), s.at(rhs, place(k, j)));
  }

  /// This builder's element and operands at another insertion point.
  MatVecBuilder with(OpBuilder &nb, Location l) const {
    return MatVecBuilder{{nb, l}, lhs, rhs, i, j, f32, batch};
  }

  /// scf.if whose branches yield floats.
  using Branch = std::function<SmallVector<Value>(MatVecBuilder &)>;
  SmallVector<Value> choose(Value cond, const Branch &then,
                            const Branch &otherwise) {
    auto branch = [&](const Branch &fn) {
      return [&, fn](OpBuilder &nb, Location l) {
        MatVecBuilder inner = with(nb, l);
        nb.create<scf::YieldOp>(l, fn(inner));
      };
    };
    auto op = b.create<scf::IfOp>(loc, cond, branch(then), branch(otherwise));
    return SmallVector<Value>(op.getResults());
  }

  /// Eigen's predux of 8 lanes: lanes i and i + 4 added, then
  /// (t0 + t2) + (t1 + t3).
  Value predux8(ArrayRef<Value> c) {
    Value t[4];
    for (int l = 0; l < 4; ++l)
      t[l] = add(c[l], c[l + 4]);
    return predux4(t);
  }
  Value predux4(ArrayRef<Value> t) {
    return add(add(t[0], t[2]), add(t[1], t[3]));
  }

  /// Terms from `from` to `k` added one at a time to `sum`.
  Value tail(Value from, Value k, Value sum) {
    return update(from, k, sum, [&](Scalars &s, Value kk, Value acc) {
      return s.add(acc, term(s, kk));
    });
  }

  /// The plain dot product: the first term, then the others added in
  /// order.
  Value sequential(Value k) { return tail(index(1), k, term(*this, index(0))); }

  /// Eigen's inner product of two contiguous rows: four accumulators of 8
  /// lanes over packets of 8 terms (packet p into accumulator p % 4 while
  /// whole groups of four remain, then the remaining packets into the
  /// first ones), folded r0 + (r1 + (r2 + r3)), the lanes reduced, the
  /// tail added. Below 8 terms, sequential().
  Value innerProduct(Value k) {
    Value packets = idiv(k, 8);
    Value packetEnd = imul(packets, 8);
    Value quadEnd = imul(idiv(k, 32), 32);
    auto packet = [&](Scalars &s, Value base, int l) {
      return term(s, s.iadd(base, s.index(l)));
    };
    auto lanes = [&](Scalars &s, Value base) {
      SmallVector<Value> v;
      for (int l = 0; l < 8; ++l)
        v.push_back(packet(s, base, l));
      return v;
    };
    auto addLanes = [](Scalars &s, ArrayRef<Value> x, ArrayRef<Value> y) {
      SmallVector<Value> v;
      for (size_t l = 0; l < x.size(); ++l)
        v.push_back(s.add(x[l], y[l]));
      return v;
    };
    auto folded = [&](MatVecBuilder &s) -> SmallVector<Value> {
      // Two or three packets: r0 + r1, r0 + (r1 + r2).
      auto few = [&](MatVecBuilder &s) {
        return s.choose(
            s.cmp(Pred::eq, packets, 2),
            [&](MatVecBuilder &s) {
              return addLanes(s, lanes(s, s.index(0)), lanes(s, s.index(8)));
            },
            [&](MatVecBuilder &s) {
              SmallVector<Value> r12 =
                  addLanes(s, lanes(s, s.index(8)), lanes(s, s.index(16)));
              return addLanes(s, lanes(s, s.index(0)), r12);
            });
      };
      auto many = [&](MatVecBuilder &s) {
        SmallVector<Value> init;
        for (int64_t r = 0; r < 4; ++r)
          llvm::append_range(init, lanes(s, s.index(8 * r)));
        SmallVector<Value> acc = s.loop(
            s.index(1), s.idiv(k, 32), init,
            [&](Scalars &sc, Value q, ValueRange state) {
              MatVecBuilder in = s.with(sc.b, sc.loc);
              SmallVector<Value> next;
              for (int64_t r = 0; r < 4; ++r) {
                Value base = in.iadd(in.imul(q, 32), in.index(8 * r));
                llvm::append_range(
                    next,
                    addLanes(in, SmallVector<Value>(state.slice(8 * r, 8)),
                             lanes(in, base)));
              }
              return next;
            });
        // The packets past the last group of four, into r0, r1, r2.
        Value rem = s.idiv(s.isub(packetEnd, quadEnd), 8);
        for (int64_t r = 0; r < 3; ++r) {
          Value has = s.cmp(Pred::sgt, rem, r);
          // An absent packet reads (and drops) the first terms.
          Value base =
              s.iselect(has, s.iadd(quadEnd, s.index(8 * r)), s.index(0));
          SmallVector<Value> more = lanes(s, base);
          for (int l = 0; l < 8; ++l)
            acc[8 * r + l] =
                s.select(has, s.add(acc[8 * r + l], more[l]), acc[8 * r + l]);
        }
        ArrayRef<Value> a(acc);
        SmallVector<Value> r23 = addLanes(s, a.slice(16, 8), a.slice(24, 8));
        SmallVector<Value> r123 = addLanes(s, a.slice(8, 8), r23);
        return addLanes(s, a.slice(0, 8), r123);
      };
      return s.choose(
          s.cmp(Pred::eq, packets, 1),
          [&](MatVecBuilder &s) { return lanes(s, s.index(0)); },
          [&](MatVecBuilder &s) {
            return s.choose(s.cmp(Pred::sge, packets, 4), many, few);
          });
    };
    return choose(
               cmp(Pred::slt, k, 8),
               [&](MatVecBuilder &s) {
                 return SmallVector<Value>{s.sequential(k)};
               },
               [&](MatVecBuilder &s) {
                 Value sum = s.predux8(folded(s));
                 return SmallVector<Value>{s.tail(packetEnd, k, sum)};
               })
        .front();
  }

  // Eigen's GEBP kernel as TensorFlow's wheel builds it (8-float packets,
  // no fused multiply-adds), for the terms [lo, hi) of one element, by the
  // register block the element falls in:

  /// One accumulator, the terms in order (16-wide blocks of the result's
  /// columns, and rows past the last full group of 4).
  Value gebpPlain(Value lo, Value hi) {
    return update(lo, hi, zero(), [&](Scalars &s, Value k, Value acc) {
      return s.add(acc, term(s, k));
    });
  }

  /// The terms [from, to) in pairs: the even ones added to `sums[0]`, the
  /// odd ones to `sums[1]` (to - from is even).
  SmallVector<Value> pairSums(Value from, Value to, ValueRange sums) {
    return loop(index(0), idiv(isub(to, from), 2), sums,
                [&](Scalars &s, Value q, ValueRange state) {
                  Value k = s.iadd(from, s.imul(q, 2));
                  return SmallVector<Value>{
                      s.add(state[0], term(s, k)),
                      s.add(state[1], term(s, s.iadd(k, s.index(1))))};
                });
  }

  /// Two accumulators taking the even and the odd terms of each group of 8,
  /// added, then the terms past the last group (8- and 4-wide blocks).
  Value gebpDouble(Value lo, Value hi) {
    Value groups = iadd(lo, imul(idiv(isub(hi, lo), 8), 8));
    SmallVector<Value> cd = pairSums(lo, groups, {zero(), zero()});
    return tail(groups, hi, add(cd[0], cd[1]));
  }

  /// Eight accumulators over each group of 8 terms (pairs of lanes in four
  /// quarter packets), folded into an even and an odd sum that take the
  /// pairs past the last group, added, then the last odd term (the
  /// result's last columns, past a multiple of 4, where Eigen swaps the
  /// operands and vectorizes along k).
  Value gebpSwapped(Value lo, Value hi) {
    Value groups = iadd(lo, imul(idiv(isub(hi, lo), 8), 8));
    Value pairs = iadd(lo, imul(idiv(isub(hi, lo), 2), 2));
    SmallVector<Value> acc = loop(
        index(0), idiv(isub(groups, lo), 8), SmallVector<Value>(8, zero()),
        [&](Scalars &s, Value q, ValueRange state) {
          Value base = s.iadd(lo, s.imul(q, 8));
          SmallVector<Value> next;
          for (int l = 0; l < 8; ++l)
            next.push_back(s.add(state[l], term(s, s.iadd(base, s.index(l)))));
          return next;
        });
    // acc[2q + h]: quarter packet q, lane h (even or odd terms).
    auto fold = [&](int h) {
      return add(add(acc[h], acc[2 + h]), add(acc[4 + h], acc[6 + h]));
    };
    SmallVector<Value> eo = pairSums(groups, pairs, {fold(0), fold(1)});
    return tail(pairs, hi, add(eo[0], eo[1]));
  }

  /// Element (i, j) of an m x n product by Eigen's GEBP kernel: the
  /// register block's order over each chunk of k (Eigen's cache blocking,
  /// `maxKc` terms from the L1 size; chunks of a multiple of 8), the
  /// chunks' sums added in order to the zeroed result.
  Value gebp(Value m, Value k, Value n, int64_t maxKc) {
    Value j16 = imul(idiv(n, 16), 16), j4 = imul(idiv(n, 4), 4);
    Value fullRows = cmp(Pred::slt, i, imul(idiv(m, 4), 4));
    // The chunk size: k itself up to maxKc, else Eigen's even split.
    Value rest = b.create<arith::RemUIOp>(loc, k, index(maxKc));
    Value shrink =
        imul(b.create<arith::DivUIOp>(loc, isub(index(maxKc - 1), rest),
                                      imul(iadd(idiv(k, maxKc), index(1)), 8)),
             8);
    Value kc = iselect(cmp(Pred::ule, k, maxKc), k,
                       iselect(cmp(Pred::eq, rest, 0), index(maxKc),
                               isub(index(maxKc), shrink)));
    Value chunks = b.create<arith::CeilDivUIOp>(loc, k, kc);
    return update(
        index(0), chunks, zero(), [&](Scalars &sc, Value c, Value res) {
          MatVecBuilder s = with(sc.b, sc.loc);
          Value lo = s.imul(c, kc);
          Value hi = s.b.create<arith::MinUIOp>(s.loc, s.iadd(lo, kc), k);
          Value block =
              s.choose(
                   s.either(s.cmp(Pred::slt, j, j16),
                            s.b.create<arith::XOrIOp>(
                                s.loc, fullRows,
                                s.b.create<arith::ConstantIntOp>(s.loc, 1, 1))),
                   [&](MatVecBuilder &s) {
                     return SmallVector<Value>{s.gebpPlain(lo, hi)};
                   },
                   [&](MatVecBuilder &s) {
                     return s.choose(
                         s.cmp(Pred::slt, s.j, j4),
                         [&](MatVecBuilder &s) {
                           return SmallVector<Value>{s.gebpDouble(lo, hi)};
                         },
                         [&](MatVecBuilder &s) {
                           return SmallVector<Value>{s.gebpSwapped(lo, hi)};
                         });
                   })
                  .front();
          return s.add(res, block);
        });
  }

  /// Eigen's row-major matrix-vector kernel for one row: 8 lanes summing
  /// the terms k = 8c + l from zero, reduced; for the last row of an odd
  /// count (`single`) the next 4 terms in 4 lanes, reduced and added; the
  /// tail; and the result added to zero.
  Value rowMajor(Value k, Value single) {
    Value whole = imul(idiv(k, 8), 8);
    SmallVector<Value> init(8, zero());
    SmallVector<Value> c = loop(
        index(0), idiv(k, 8), init, [&](Scalars &s, Value q, ValueRange state) {
          SmallVector<Value> next;
          for (int l = 0; l < 8; ++l)
            next.push_back(
                s.add(state[l], term(s, s.iadd(s.imul(q, 8), s.index(l)))));
          return next;
        });
    Value sum = predux8(c);
    Value half = imul(idiv(k, 4), 4);
    SmallVector<Value> h(4, zero());
    h = loop(index(0), idiv(isub(half, whole), 4), h,
             [&](Scalars &s, Value q, ValueRange state) {
               SmallVector<Value> next;
               for (int l = 0; l < 4; ++l)
                 next.push_back(s.add(
                     state[l],
                     term(s, s.iadd(whole, s.iadd(s.imul(q, 4), s.index(l))))));
               return next;
             });
    sum = select(single, add(sum, predux4(h)), sum);
    sum = tail(iselect(single, half, whole), k, sum);
    return add(zero(), sum);
  }

  /// Eigen's column-major matrix-vector kernel for one element: blocks of
  /// 16 terms (4 when the stored matrix's rows are 8000 or more apart; all
  /// of k below 128), each summed from zero, the sums added to zero.
  Value columnMajor(Value k, Value stride) {
    Value size = iselect(
        cmp(Pred::slt, k, 128), k,
        iselect(cmp(Pred::slt, imul(stride, 4), 32000), index(16), index(4)));
    Value blocks = b.create<arith::CeilDivUIOp>(loc, k, size);
    return update(
        index(0), blocks, zero(), [&](Scalars &s, Value blk, Value res) {
          Value from = s.b.create<arith::MulIOp>(s.loc, blk, size);
          Value to = s.b.create<arith::MinUIOp>(s.loc, s.iadd(from, size), k);
          return s.add(res, tail(from, to, s.real(f32, 0.0)));
        });
  }
};

/// Element (s.i, s.j) of an Eigen dense product of row-major maps whose
/// result is a row or column (or small: k + rows + columns < 20), as
/// matVec() and batchMatMul() describe it.
Value productElement(MatVecBuilder &s, bool lhsTransposed, bool rhsTransposed,
                     int64_t threads) {
  OpBuilder &nb = s.b;
  Location l = s.loc;
  // Both operands' rows contiguous: the single-element kernels take Eigen's
  // inner product.
  bool contiguous = !lhsTransposed && rhsTransposed;
  Value m = s.size(s.lhs, 0);
  Value k = s.size(s.lhs, 1);
  Value n = s.size(s.rhs, 1);
  // The result is a column (n == 1) or a row; p is the position along it.
  Value column = s.cmp(Pred::eq, n, 1);
  Value length = s.iselect(column, m, n);
  Value p = s.iselect(column, s.i, s.j);
  // TensorFlow's parallel kernel halves the result (in multiples of 64)
  // while a part has more than `limit` multiply-adds; p's block is found
  // by following its half.
  Value work = s.imul(s.imul(m, k), n);
  Value limit =
      nb.create<arith::MaxUIOp>(l, s.idiv(work, threads), s.index(16384));
  Value split = s.cmp(Pred::sgt, work, 16384);
  auto search = nb.create<scf::WhileOp>(
      l, TypeRange{nb.getIndexType(), nb.getIndexType()},
      ValueRange{s.index(0), length},
      [&](OpBuilder &wb, Location wl, ValueRange state) {
        MatVecBuilder w = s.with(wb, wl);
        Value more =
            w.both(split, w.both(w.cmp(Pred::sgt, w.imul(state[1], k), limit),
                                 w.cmp(Pred::sgt, state[1], 64)));
        wb.create<scf::ConditionOp>(wl, more, state);
      },
      [&](OpBuilder &wb, Location wl, ValueRange state) {
        MatVecBuilder w = s.with(wb, wl);
        Value start = state[0], size = state[1];
        Value half = w.imul(
            wb.create<arith::CeilDivUIOp>(wl, w.idiv(size, 2), w.index(64)),
            64);
        Value upper = w.cmp(Pred::sge, p, w.iadd(start, half));
        wb.create<scf::YieldOp>(
            wl, ValueRange{w.iselect(upper, w.iadd(start, half), start),
                           w.iselect(upper, w.isub(size, half), half)});
      });
  Value start = search.getResult(0), size = search.getResult(1);
  // A product of matrices (no split: the threads are for vectors) counts
  // both of its sizes.
  Value other = s.iselect(column, n, m);
  Value small = s.cmp(Pred::slt, s.iadd(k, s.iadd(size, other)), 20);
  Value alone = s.both(s.cmp(Pred::eq, size, 1), s.cmp(Pred::eq, other, 1));
  auto dot = [&](MatVecBuilder &s) -> SmallVector<Value> {
    Value d = contiguous ? s.innerProduct(k) : s.sequential(k);
    // A single element past the small sizes is added to the zero result;
    // so is a small row block of row-major operands, which Eigen
    // evaluates in packets of 4 columns, but for its last columns.
    Value addZero = s.b.create<arith::XOrIOp>(
        s.loc, small, s.b.create<arith::ConstantIntOp>(s.loc, 1, 1));
    if (!lhsTransposed && !rhsTransposed) {
      Value packetColumn =
          s.cmp(Pred::slt, s.isub(p, start), s.imul(s.idiv(size, 4), 4));
      addZero = s.either(
          addZero, s.both(s.both(small, s.cmp(Pred::ne, n, 1)),
                          s.both(s.cmp(Pred::sgt, size, 1), packetColumn)));
    }
    return {s.select(addZero, s.add(s.zero(), d), d)};
  };
  auto kernel = [&](MatVecBuilder &s) -> SmallVector<Value> {
    Value last =
        s.both(s.cmp(Pred::eq, s.irem(size, 2), 1),
               s.cmp(Pred::eq, p, s.isub(s.iadd(start, size), s.index(1))));
    // A column result multiplies the rows of lhs (row-major unless
    // transposed); a row result the rows of rhs's transpose.
    return s.choose(
        column,
        [&](MatVecBuilder &s) {
          return SmallVector<Value>{lhsTransposed ? s.columnMajor(k, m)
                                                  : s.rowMajor(k, last)};
        },
        [&](MatVecBuilder &s) {
          return SmallVector<Value>{rhsTransposed ? s.rowMajor(k, last)
                                                  : s.columnMajor(k, n)};
        });
  };
  return s
      .choose(
          s.cmp(Pred::eq, k, 0),
          [&](MatVecBuilder &s) { return SmallVector<Value>{s.zero()}; },
          [&](MatVecBuilder &s) {
            return s.choose(s.either(small, alone), dot, kernel);
          })
      .front();
}

} // namespace

Value matVec(OpBuilder &b, Location loc, Value lhs, Value rhs,
             RankedTensorType outType, ValueRange dynamicSizes,
             bool lhsTransposed, bool rhsTransposed, int64_t threads) {
  auto body = [&](OpBuilder &nb, Location l, ValueRange at) {
    MatVecBuilder s{{nb, l}, lhs, rhs, at[0], at[1], outType.getElementType()};
    nb.create<tensor::YieldOp>(
        l, productElement(s, lhsTransposed, rhsTransposed, threads));
  };
  return b.create<tensor::GenerateOp>(loc, outType, dynamicSizes, body)
      .getResult();
}

Value batchMatMul(OpBuilder &b, Location loc, Value lhs, Value rhs,
                  RankedTensorType outType, ValueRange dynamicSizes,
                  bool lhsTransposed, bool rhsTransposed, int64_t l1Bytes) {
  // Eigen's cache blocking: at most this many terms of k per pass.
  int64_t maxKc = ((l1Bytes - 256) / 80) & ~int64_t(7);
  auto body = [&](OpBuilder &nb, Location l, ValueRange at) {
    MatVecBuilder s{{nb, l}, lhs, rhs, at[1], at[2], outType.getElementType(),
                    at[0]};
    Value m = s.size(lhs, 0), k = s.size(lhs, 1), n = s.size(rhs, 1);
    // Both result sizes above 1 and k + m + n from 20 on: the GEBP kernel;
    // else Eigen's small or matrix-vector products.
    Value gebp = s.both(s.both(s.cmp(Pred::sgt, m, 1), s.cmp(Pred::sgt, n, 1)),
                        s.cmp(Pred::sge, s.iadd(k, s.iadd(m, n)), 20));
    Value v = s.choose(
                   gebp,
                   [&](MatVecBuilder &s) {
                     return SmallVector<Value>{s.gebp(m, k, n, maxKc)};
                   },
                   [&](MatVecBuilder &s) {
                     return SmallVector<Value>{productElement(
                         s, lhsTransposed, rhsTransposed, /*threads=*/1)};
                   })
                  .front();
    nb.create<tensor::YieldOp>(l, v);
  };
  return b.create<tensor::GenerateOp>(loc, outType, dynamicSizes, body)
      .getResult();
}

} // namespace kiln::eigen
