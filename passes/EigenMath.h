// float32 exp, log, log1p, expm1, sin, cos, tanh, logistic, reciprocal and
// rsqrt computed the way TensorFlow's CPU kernels compute them, so that
// printed values agree to the last bit.
//
// TensorFlow evaluates these ops with Eigen. On x86 its wheels are built for
// AVX without FMA: each element of a full 8-wide packet goes through Eigen's
// polynomial approximations (every multiply-add rounded twice), and the last
// `size % 8` elements of the tensor go through the scalar functor, which for
// exp, log, log1p, expm1, sin, cos and logistic calls the C library. tanh uses
// the same rational approximation on both paths. The packet reciprocal and
// rsqrt refine the processor's approximate rcpps/rsqrtps by a Newton step;
// their scalar forms divide exactly. The algorithms here follow
// Eigen's (constants and order of operations), written for MLIR's arith
// dialect.
#pragma once

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace kiln::eigen {

/// Elements of a tensor that TensorFlow's CPU kernels evaluate in 8-wide
/// float32 packets: those before `size - size % 8`.
inline constexpr int64_t kFloatPacketSize = 8;

/// The functions of this file that have a packet form (`fn` names the kiln
/// unary function: exp, log, log1p, expm1, sin, cos, sigmoid, tanh,
/// reciprocal, rsqrt).
bool hasPacketForm(llvm::StringRef fn);

/// Whether the scalar (tail) form differs from the packet form, so that the
/// result depends on the element's position in the tensor.
bool dependsOnPosition(llvm::StringRef fn);

/// Eigen's packet algorithm for `fn` on the f32 scalar `x`.
mlir::Value packetForm(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::StringRef fn, mlir::Value x);

/// Eigen's packet pow (generic_pow) on f32 scalars `x` and `y`: exp2 of
/// y * log2(x) in double-word arithmetic, with C's special cases. Its
/// scalar form is the C library's powf.
mlir::Value powPacketForm(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                          mlir::Value y);
/// Eigen's packet atan2 (patan2) on f32 or f64 scalars: the packet atan
/// of y / x (of +-1 where |x| == |y|, of +-0 where x | y is zero), plus pi
/// with y's sign where x has its sign bit set (and y's signed zero
/// otherwise). Its scalar form is the C library's atan2. The f32 form
/// calls kRcpHelper (through atan).
mlir::Value atan2PacketForm(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value y, mlir::Value x);
/// The packet reciprocal and rsqrt read the processor's approximations
/// (rcpss, rsqrtss: the tables TensorFlow's _mm256_rcp_ps and
/// _mm256_rsqrt_ps read; their values differ between vendors, so kiln and
/// TensorFlow agree when they run on the same machine) through calls of
/// these private helpers: codegen declares them in every module
/// (declareX86Helpers), and kiln-emit-entry-points defines them with the
/// LLVM intrinsics once the module is in the LLVM dialect
/// (defineX86Helpers). Intrinsic calls in linalg bodies would stop
/// bufferization, which needs to know every op's memory effects.
inline constexpr llvm::StringLiteral kRcpHelper = "kiln_x86_rcp_ss";
inline constexpr llvm::StringLiteral kRsqrtHelper = "kiln_x86_rsqrt_ss";

/// The helper `fn`'s packet form calls, or "" when it calls none.
llvm::StringRef x86HelperFor(llvm::StringRef fn);
void declareX86Helpers(mlir::ModuleOp module);
void defineX86Helpers(mlir::ModuleOp module);

/// Eigen's scalar functor for logistic on f32: exp(x) / (1 + exp(x)) with
/// x capped at 16.6355324 and exp from the C library. The scalar functors of
/// the other functions are the C library's, as kiln lowers them elsewhere.
mlir::Value logisticScalar(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value x);
/// Eigen's scalar erfc on f32 (generic_fast_erfc with the C library's exp
/// and an exact reciprocal).
mlir::Value erfcScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);

/// float64: elements before `size - size % 4` take 4-wide packets.
inline constexpr int64_t kDoublePacketSize = 4;

/// The float64 functions whose packet form kiln reproduces (exp, log,
/// tanh, sigmoid, erf, erfc; EigenMath64.cpp). Their scalar forms differ,
/// so the result depends on the element's position.
bool hasPacketForm64(llvm::StringRef fn);
/// Eigen's packet algorithm for `fn` on the f64 scalar `x`.
mlir::Value packetForm64(mlir::OpBuilder &b, mlir::Location loc,
                         llvm::StringRef fn, mlir::Value x);
/// Eigen's scalar functor for `fn` on f64: the C library's exp, log and
/// tanh; logistic, erf and erfc by Eigen's formulas with the C library's
/// exp.
mlir::Value scalarForm64(mlir::OpBuilder &b, mlir::Location loc,
                         llvm::StringRef fn, mlir::Value x);

/// lgamma and digamma (EigenGamma.cpp): Eigen's scalar functors, the only
/// forms it has. lgamma calls the C library's lgammaf (lgamma for f64),
/// which a module must declare first (declareLgamma, for values of type
/// `t`; GraphToKiln does so for each Lgamma node).
llvm::StringRef lgammaFunction(mlir::Type t);
void declareLgamma(mlir::ModuleOp module, mlir::Type t);
mlir::Value lgammaScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);
mlir::Value digammaScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value x);

} // namespace kiln::eigen
