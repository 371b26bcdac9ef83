// tf.Variable's ops in a compiled function. The tracer threads a
// variable's value through its ops as data (tracer/tf/TfVariable.h): each
// op's first input is the value before it and its output the value after,
// so reads are copies and writes compute the new value.
#include "Emitter.h"

namespace kiln {

Value Emitter::emitVariableOp(const graph::Node &n, RankedTensorType type) {
  Location loc = locOf(n);
  if (n.op == "ReadVariableOp")
    return b.create<IdentityOp>(loc, type, input(n, 0));
  Value value = input(n, 1);
  auto valueType = cast<RankedTensorType>(value.getType());
  // The kernels want the variable's shape, which is static; a value whose
  // dimensions are known only at run time is checked then.
  bool sameShape = valueType.getShape() == type.getShape();
  if (!sameShape) {
    std::string message =
        n.op == "AssignVariableOp"
            // The kernel's check of a variable whose shape is fully
            // defined (validate_shape); a partly known one takes any value
            // its static shape allows (TfVariable.cpp).
            ? "Trying to assign to variable with tensor with wrong shape. "
              "Expected {shape} got {shape}"
            : "Cannot update variable with shape {shape} using a Tensor with "
              "shape {shape}, shapes must be equal.";
    // Statically different shapes fail on every call.
    bool compatible = valueType.getRank() == type.getRank();
    for (int64_t d = 0; compatible && d < type.getRank(); ++d)
      compatible = valueType.isDynamicDim(d) ||
                   valueType.getDimSize(d) == type.getDimSize(d);
    Value ok = b.create<arith::ConstantIntOp>(loc, compatible, 1);
    for (int64_t d = 0; compatible && d < type.getRank(); ++d)
      ok = b.create<arith::AndIOp>(
          loc, ok,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                  dimSize(loc, value, d),
                                  dimSize(loc, input(n, 0), d)));
    SmallVector<Value> ints;
    appendShape(loc, input(n, 0), ints);
    appendShape(loc, value, ints);
    check(n, ok, message, ints);
    if (!compatible)
      return input(n, 0); // the call has failed: the value is not read
    value = castTo(loc, value, type);
  }
  if (n.op == "AssignVariableOp")
    return b.create<IdentityOp>(loc, type, value);
  if (n.op == "AssignAddVariableOp")
    return b.create<AddOp>(loc, type, input(n, 0), value);
  return b.create<SubOp>(loc, type, input(n, 0), value);
}

} // namespace kiln
