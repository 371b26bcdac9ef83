//===- KilnDialect.td - the kiln dialect ---------------------------------===//
//
// The kiln dialect holds TensorFlow-level tensor operations as kiln traces
// them from a tf.function: one op per TensorFlow op kind, operating on
// builtin ranked tensors, with TensorFlow's broadcasting and dtype rules
// checked by the verifiers. It is lowered to linalg/tensor/arith/math by
// passes/LowerKilnToLinalg.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef KILN_DIALECT_TD
#define KILN_DIALECT_TD

include "mlir/IR/OpBase.td"

def Kiln_Dialect : Dialect {
  let name = "kiln";
  let cppNamespace = "::kiln";
  let summary = "TensorFlow-level tensor operations traced from tf.function";
  let description = [{
    Ops mirror TensorFlow ops (AddV2, MatMul, Sum, ...) on builtin ranked
    tensors. Element types follow TensorFlow dtypes: f16, bf16, f32, f64,
    i1 (bool), i8, i16, i32 and i64 (uint8 is carried as i8; codegen widens
    it to i32 for the ops whose result depends on signedness). Every op
    carries the location of the user's source line that created it, so an
    error in any later pass points at the user's code.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let hasConstantMaterializer = 1;
}

class Kiln_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kiln_Dialect, mnemonic, traits>;

#endif // KILN_DIALECT_TD
