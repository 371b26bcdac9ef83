//===- KilnOps.td - kiln dialect operations -------------------------------===//

#ifndef KILN_OPS_TD
#define KILN_OPS_TD

include "KilnDialect.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Integers are signless, as the arith ops they lower to require; TensorFlow's
// uint8 is carried as i8 and codegen widens it where signedness matters.
def Kiln_Tensor : RankedTensorOf<[AnyFloat, AnySignlessInteger]>;

//===----------------------------------------------------------------------===//
// Constants and identity
//===----------------------------------------------------------------------===//

def Kiln_ConstantOp : Kiln_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A constant tensor (TensorFlow's Const)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Kiln_IdentityOp : Kiln_Op<"identity", [Pure, SameOperandsAndResultType]> {
  let summary = "Returns its input (TensorFlow's Identity)";
  let arguments = (ins Kiln_Tensor:$input);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise operations with TensorFlow broadcasting
//===----------------------------------------------------------------------===//

// Both operands have one element type; shapes broadcast as in NumPy. The
// result type is inferred: the broadcast shape, and the operands' element
// type (or i1 for comparisons).
class Kiln_BinaryOp<string mnemonic, list<Trait> traits = []>
    : Kiln_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let arguments = (ins Kiln_Tensor:$lhs, Kiln_Tensor:$rhs);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

class Kiln_ArithmeticOp<string mnemonic, string tfName>
    : Kiln_BinaryOp<mnemonic> {
  let summary = "Elementwise " # mnemonic # " with broadcasting (TensorFlow's " # tfName # ")";
  let hasFolder = 1;
}

def Kiln_AddOp : Kiln_ArithmeticOp<"add", "AddV2">;
def Kiln_SubOp : Kiln_ArithmeticOp<"sub", "Sub">;
def Kiln_MulOp : Kiln_ArithmeticOp<"mul", "Mul">;
def Kiln_DivOp : Kiln_ArithmeticOp<"div", "RealDiv">;
def Kiln_FloorDivOp : Kiln_ArithmeticOp<"floordiv", "FloorDiv">;
def Kiln_FloorModOp : Kiln_ArithmeticOp<"floormod", "FloorMod">;
def Kiln_PowOp : Kiln_ArithmeticOp<"pow", "Pow">;
def Kiln_MaximumOp : Kiln_ArithmeticOp<"maximum", "Maximum">;
def Kiln_MinimumOp : Kiln_ArithmeticOp<"minimum", "Minimum">;
def Kiln_Atan2Op : Kiln_ArithmeticOp<"atan2", "Atan2">;
def Kiln_LogicalAndOp : Kiln_ArithmeticOp<"logical_and", "LogicalAnd">;
def Kiln_LogicalOrOp : Kiln_ArithmeticOp<"logical_or", "LogicalOr">;

def Kiln_ShiftOp : Kiln_BinaryOp<"shift"> {
  let summary = "Elementwise bit shift with broadcasting (TensorFlow's "
                "LeftShift and RightShift)";
  let description = [{
    `kind` is `left`, `right_arithmetic` (signed integers) or
    `right_logical` (uint8, stored as i8). As TensorFlow's kernels, the
    shift amount is clamped to [0, bit width - 1].
  }];
  let arguments = (ins Kiln_Tensor:$lhs, Kiln_Tensor:$rhs, StrAttr:$kind);
  let assemblyFormat =
      "$kind `,` $lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
}

def Kiln_CompareOp : Kiln_BinaryOp<"compare"> {
  let summary = "Elementwise comparison with broadcasting (TensorFlow's "
                "Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual)";
  let arguments = (ins Kiln_Tensor:$lhs, Kiln_Tensor:$rhs,
                   StrAttr:$predicate);
  let assemblyFormat =
      "$predicate `,` $lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
}

def Kiln_UnaryOp : Kiln_Op<"unary", [Pure, SameOperandsAndResultType]> {
  let summary = "Elementwise unary function (Neg, Abs, Sign, Sqrt, Rsqrt, Exp, "
                "Log, Log1p, Sin, Cos, Tanh, Sigmoid, Relu, Square, Floor, "
                "Ceil, Round, LogicalNot, Erf, Expm1, Lgamma, Digamma, ...)";
  let description = [{
    `fn` names the TensorFlow op in lower case: neg, abs, sign, sqrt, rsqrt,
    exp, log, log1p, sin, cos, tanh, sigmoid, relu, square, floor, ceil,
    round (half to even, as TensorFlow), logical_not, erf, expm1, lgamma,
    digamma, and the trigonometric functions (see KilnOps.cpp).

    On f32, functions whose Eigen packet form differs from the scalar one
    use the packet form up to the last `size % 8` elements of the tensor.
    With the unit attribute `row_packets` the split is per row of the last
    dimension instead, as Eigen evaluates a function inside a reduction over
    that dimension; with `scalar_form` every element takes the scalar form,
    as a kernel's own scalar code computes it. An i64 `packet_block` splits
    the tensor into the runs Eigen's thread-pool executor evaluates (the
    Softmax kernel's exp), each with its own packets and scalar tail.
  }];
  let arguments = (ins Kiln_Tensor:$input, StrAttr:$fn);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$fn `,` $input attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kiln_CastOp : Kiln_Op<"cast", [Pure, SameOperandsAndResultShape]> {
  let summary = "Converts element types (TensorFlow's Cast)";
  let arguments = (ins Kiln_Tensor:$input);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

def Kiln_SelectOp : Kiln_Op<"select", [Pure]> {
  let summary = "Chooses elements by a boolean condition (TensorFlow's SelectV2)";
  let arguments = (ins RankedTensorOf<[I1]>:$condition, Kiln_Tensor:$on_true,
                   Kiln_Tensor:$on_false);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra, reductions and shapes
//===----------------------------------------------------------------------===//

def Kiln_MatMulOp : Kiln_Op<"matmul", [Pure]> {
  let summary = "Matrix product, batched over leading dimensions "
                "(TensorFlow's MatMul and BatchMatMulV2)";
  let description = [{
    The operands come transposed already; `lhs_transposed` and
    `rhs_transposed` record TensorFlow's transpose_a and transpose_b, whose
    operand layouts pick the kernel and so the order in which a
    matrix-vector product is summed.
  }];
  let arguments = (ins Kiln_Tensor:$lhs, Kiln_Tensor:$rhs,
                   UnitAttr:$lhs_transposed, UnitAttr:$rhs_transposed);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Kiln_ReduceOp : Kiln_Op<"reduce", [Pure]> {
  let summary = "Reduction over axes (TensorFlow's Sum, Mean, Max, Min, Prod, Any, All)";
  let description = [{
    `kind` is one of sum, mean, max, min, prod, any, all. `axes` are
    non-negative and sorted; with `keepdims` the reduced dimensions stay as
    size 1.
  }];
  let arguments = (ins Kiln_Tensor:$input, StrAttr:$kind,
                   DenseI64ArrayAttr:$axes, BoolAttr:$keepdims);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$kind `,` $input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kiln_ArgReduceOp : Kiln_Op<"arg_reduce", [Pure]> {
  let summary = "Index of the largest or smallest element along an axis "
                "(TensorFlow's ArgMax and ArgMin)";
  let arguments = (ins Kiln_Tensor:$input, StrAttr:$kind, I64Attr:$axis);
  let results = (outs RankedTensorOf<[I32, I64]>:$result);
  let assemblyFormat = "$kind `,` $input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kiln_ReshapeOp : Kiln_Op<"reshape", [Pure]> {
  let summary = "Reshapes to the result type's shape (TensorFlow's Reshape)";
  let arguments = (ins Kiln_Tensor:$input);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Kiln_TransposeOp : Kiln_Op<"transpose", [Pure]> {
  let summary = "Permutes dimensions (TensorFlow's Transpose)";
  let arguments = (ins Kiln_Tensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$input `,` $perm attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kiln_SliceOp : Kiln_Op<"slice", [Pure]> {
  let summary = "A strided window of a tensor (TensorFlow's StridedSlice, "
                "before its shrink and new-axis reshapes)";
  let description = [{
    For each dimension: the first index, the element count and a positive
    step. A count of -1 takes the whole (dynamic) dimension from index 0
    with step 1.
  }];
  let arguments = (ins Kiln_Tensor:$input, DenseI64ArrayAttr:$offsets,
                   DenseI64ArrayAttr:$sizes, DenseI64ArrayAttr:$strides);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kiln_ConcatOp : Kiln_Op<"concat", [Pure]> {
  let summary = "Joins tensors along an axis (TensorFlow's ConcatV2)";
  let arguments = (ins Variadic<Kiln_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs Kiln_Tensor:$result);
  let assemblyFormat = "$inputs attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Side effects
//===----------------------------------------------------------------------===//

def Kiln_PrintOp : Kiln_Op<"print"> {
  let summary = "Prints tensors and text on every execution (tf.print)";
  let description = [{
    `format` holds one string per printed item: a literal text, or "{}"
    for the next tensor operand. Items are joined by `sep` and followed by
    `end`, as tf.print does.
  }];
  let arguments = (ins Variadic<Kiln_Tensor>:$inputs, StrArrayAttr:$format,
                   StrAttr:$sep, StrAttr:$end, BoolAttr:$to_stderr);
  let assemblyFormat = "($inputs^ `:` type($inputs))? attr-dict";
  let hasVerifier = 1;
}

#endif // KILN_OPS_TD
