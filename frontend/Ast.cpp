// Names of AST operators, shared by dumps and the interpreter's messages.
#include "kiln/frontend/Ast.h"
#include "kiln/frontend/Resolver.h"

namespace kiln::ast {

Module::Module() = default;
Module::~Module() = default;

const char *binaryOpName(BinaryOp op) {
  static const char *names[] = {
      "Add", "Sub",    "Mult",   "MatMult", "Div",    "FloorDiv", "Mod",
      "Pow", "LShift", "RShift", "BitOr",   "BitXor", "BitAnd"};
  return names[static_cast<int>(op)];
}

const char *binaryOpSymbol(BinaryOp op) {
  static const char *symbols[] = {"+",  "-",  "*",  "@", "/", "//", "%",
                                  "**", "<<", ">>", "|", "^", "&"};
  return symbols[static_cast<int>(op)];
}

const char *unaryOpName(UnaryOpKind op) {
  static const char *names[] = {"UAdd", "USub", "Invert", "Not"};
  return names[static_cast<int>(op)];
}

const char *cmpOpName(CmpOp op) {
  static const char *names[] = {"Eq",  "NotEq", "Lt",    "LtE", "Gt",
                                "GtE", "Is",    "IsNot", "In",  "NotIn"};
  return names[static_cast<int>(op)];
}

const char *cmpOpSymbol(CmpOp op) {
  static const char *symbols[] = {"==", "!=",    "<",  ">=" /*unused*/,
                                  ">",  ">=",    "is", "is not",
                                  "in", "not in"};
  if (op == CmpOp::LtE)
    return "<=";
  return symbols[static_cast<int>(op)];
}

} // namespace kiln::ast
