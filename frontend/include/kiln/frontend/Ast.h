// kiln's AST for the Python subset. Every node carries its exact source
// range. Nodes are built once from the ANTLR parse tree (AstBuilder), which
// is then dropped; later stages (resolution, the trace-time interpreter,
// AutoGraph) work on these classes only. Kinds follow Python's `ast` module
// so that dumps read like `ast.dump` to a Python user.
#pragma once

#include "kiln/frontend/SourceFile.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kiln::ast {

struct Scope; // filled in by the resolver (Resolver.h)

enum class ExprKind {
  Name,
  Constant,
  JoinedStr,
  FormattedValue,
  BinOp,
  UnaryOp,
  BoolOp,
  Compare,
  IfExp,
  Lambda,
  Call,
  Attribute,
  Subscript,
  Slice,
  Starred,
  List,
  Tuple,
  Dict,
  Set,
  ListComp,
  SetComp,
  DictComp,
  GeneratorExp,
  Yield,
  NamedExpr,
};

enum class StmtKind {
  FunctionDef,
  ClassDef,
  Return,
  Delete,
  Assign,
  AugAssign,
  AnnAssign,
  For,
  While,
  If,
  With,
  Raise,
  Try,
  Assert,
  Import,
  ImportFrom,
  Global,
  Nonlocal,
  Expr,
  Pass,
  Break,
  Continue,
};

enum class BinaryOp {
  Add,
  Sub,
  Mult,
  MatMult,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitOr,
  BitXor,
  BitAnd
};
enum class UnaryOpKind { UAdd, USub, Invert, Not };
enum class BoolOpKind { And, Or };
enum class CmpOp { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
/// Whether a Name, Attribute, Subscript, Starred, List or Tuple is read,
/// assigned or deleted.
enum class ExprContext { Load, Store, Del };

const char *binaryOpName(BinaryOp op);   // "Add"
const char *binaryOpSymbol(BinaryOp op); // "+"
const char *unaryOpName(UnaryOpKind op);
const char *cmpOpName(CmpOp op);
const char *cmpOpSymbol(CmpOp op);

struct Node {
  SourceRange range;
};

struct Expr : Node {
  explicit Expr(ExprKind kind) : kind(kind) {}
  virtual ~Expr() = default;
  const ExprKind kind;
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

struct Stmt : Node {
  explicit Stmt(StmtKind kind) : kind(kind) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

/// How the resolver bound a Name: a local slot of its function, a cell of
/// an enclosing function, the module's globals, or a class body's namespace.
enum class NameBinding { Unresolved, Local, Free, Global, ClassBody };

struct NameExpr : Expr {
  NameExpr() : Expr(ExprKind::Name) {}
  std::string id;
  ExprContext ctx = ExprContext::Load;
  NameBinding binding = NameBinding::Unresolved;
  int slot = -1; // Local: index into the frame; Free: index in the scope
  int depth = 0; // Free: how many function scopes outward
};

struct ConstantExpr : Expr {
  enum class Type { None, Bool, Int, Float, Imaginary, Str, Bytes, Ellipsis };
  ConstantExpr() : Expr(ExprKind::Constant) {}
  Type type = Type::None;
  bool boolValue = false;
  int64_t intValue = 0;
  double floatValue = 0;
  std::string strValue; // UTF-8 for Str, raw bytes for Bytes
};

struct FormattedValueExpr : Expr {
  FormattedValueExpr() : Expr(ExprKind::FormattedValue) {}
  ExprPtr value;
  char conversion = 0; // 0, 's', 'r' or 'a'
  ExprPtr formatSpec;  // a JoinedStr, or null
};

/// An f-string: constant Str parts and FormattedValues.
struct JoinedStrExpr : Expr {
  JoinedStrExpr() : Expr(ExprKind::JoinedStr) {}
  ExprList values;
};

struct BinOpExpr : Expr {
  BinOpExpr() : Expr(ExprKind::BinOp) {}
  BinaryOp op = BinaryOp::Add;
  ExprPtr left, right;
};

struct UnaryOpExpr : Expr {
  UnaryOpExpr() : Expr(ExprKind::UnaryOp) {}
  UnaryOpKind op = UnaryOpKind::USub;
  ExprPtr operand;
};

struct BoolOpExpr : Expr {
  BoolOpExpr() : Expr(ExprKind::BoolOp) {}
  BoolOpKind op = BoolOpKind::And;
  ExprList values;
};

struct CompareExpr : Expr {
  CompareExpr() : Expr(ExprKind::Compare) {}
  ExprPtr left;
  std::vector<CmpOp> ops;
  ExprList comparators;
};

struct IfExpExpr : Expr {
  IfExpExpr() : Expr(ExprKind::IfExp) {}
  ExprPtr test, body, orelse;
};

struct Arg : Node {
  std::string name;
  ExprPtr annotation;
};

/// Parameters in Python's layout: positional (with trailing defaults),
/// *args, keyword-only (each with an optional default), **kwargs.
struct Arguments {
  std::vector<Arg> posonly; // before a `/`
  std::vector<Arg> args;
  ExprList defaults; // for the last posonly+args
  std::unique_ptr<Arg> vararg;
  std::vector<Arg> kwonly;
  ExprList kwDefaults; // one per kwonly, null where none
  std::unique_ptr<Arg> kwarg;
};

struct LambdaExpr : Expr {
  LambdaExpr() : Expr(ExprKind::Lambda) {}
  Arguments args;
  ExprPtr body;
  Scope *scope = nullptr;
};

struct Keyword : Node {
  std::string arg; // empty for **mapping
  ExprPtr value;
};

struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::Call) {}
  ExprPtr func;
  ExprList args; // may contain Starred
  std::vector<Keyword> keywords;
};

struct AttributeExpr : Expr {
  AttributeExpr() : Expr(ExprKind::Attribute) {}
  ExprPtr value;
  std::string attr;
  ExprContext ctx = ExprContext::Load;
};

struct SubscriptExpr : Expr {
  SubscriptExpr() : Expr(ExprKind::Subscript) {}
  ExprPtr value;
  ExprPtr slice; // a Slice, a Tuple of subscripts, or any expression
  ExprContext ctx = ExprContext::Load;
};

struct SliceExpr : Expr {
  SliceExpr() : Expr(ExprKind::Slice) {}
  ExprPtr lower, upper, step; // each may be null
};

/// `yield value` (value null for a bare yield) or `yield from value`.
struct YieldExpr : Expr {
  YieldExpr() : Expr(ExprKind::Yield) {}
  ExprPtr value;
  bool from = false;
};

/// `target := value`: binds a name and yields the value. The target binds
/// in the nearest enclosing function (or the module), even from inside a
/// comprehension, as PEP 572 specifies.
struct NamedExprExpr : Expr {
  NamedExprExpr() : Expr(ExprKind::NamedExpr) {}
  ExprPtr target; // a NameExpr in Store context
  ExprPtr value;
};

struct StarredExpr : Expr {
  StarredExpr() : Expr(ExprKind::Starred) {}
  ExprPtr value;
  ExprContext ctx = ExprContext::Load;
};

/// List, Tuple and Set displays share one class.
struct SequenceExpr : Expr {
  explicit SequenceExpr(ExprKind kind) : Expr(kind) {}
  ExprList elts;
  ExprContext ctx = ExprContext::Load;
};

struct DictExpr : Expr {
  DictExpr() : Expr(ExprKind::Dict) {}
  ExprList keys; // null key: `**value`
  ExprList values;
};

struct Comprehension : Node {
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};

/// List, set and dict comprehensions and generator expressions; `value` is
/// only set for DictComp (then `elt` is the key).
struct ComprehensionExpr : Expr {
  explicit ComprehensionExpr(ExprKind kind) : Expr(kind) {}
  ExprPtr elt;
  ExprPtr value;
  std::vector<Comprehension> generators;
  Scope *scope = nullptr;
};

struct FunctionDefStmt : Stmt {
  FunctionDefStmt() : Stmt(StmtKind::FunctionDef) {}
  std::string name;
  Arguments args;
  StmtList body;
  ExprList decorators;
  ExprPtr returns;
  Scope *scope = nullptr;
  /// Where the binding of `name` goes in the enclosing scope.
  NameExpr target;
};

struct ClassDefStmt : Stmt {
  ClassDefStmt() : Stmt(StmtKind::ClassDef) {}
  std::string name;
  ExprList bases;
  std::vector<Keyword> keywords;
  StmtList body;
  ExprList decorators;
  Scope *scope = nullptr;
  NameExpr target;
};

struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::Return) {}
  ExprPtr value; // may be null
};

struct DeleteStmt : Stmt {
  DeleteStmt() : Stmt(StmtKind::Delete) {}
  ExprList targets;
};

struct AssignStmt : Stmt {
  AssignStmt() : Stmt(StmtKind::Assign) {}
  ExprList targets; // `a = b = value` has two
  ExprPtr value;
};

struct AugAssignStmt : Stmt {
  AugAssignStmt() : Stmt(StmtKind::AugAssign) {}
  ExprPtr target;
  BinaryOp op = BinaryOp::Add;
  ExprPtr value;
};

struct AnnAssignStmt : Stmt {
  AnnAssignStmt() : Stmt(StmtKind::AnnAssign) {}
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value; // may be null
};

struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::For) {}
  ExprPtr target;
  ExprPtr iter;
  StmtList body;
  StmtList orelse;
  /// Set by AutoGraph's jump lowering (`not break_`): checked before each
  /// iteration, so a loop whose `break` became a flag stops in time.
  ExprPtr extraTest;
};

struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::While) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse;
};

struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::If) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse; // an `elif` is a nested If here, as in Python's ast
};

struct WithItem : Node {
  ExprPtr contextExpr;
  ExprPtr optionalVars; // may be null
};

struct WithStmt : Stmt {
  WithStmt() : Stmt(StmtKind::With) {}
  std::vector<WithItem> items;
  StmtList body;
};

struct RaiseStmt : Stmt {
  RaiseStmt() : Stmt(StmtKind::Raise) {}
  ExprPtr exc;   // null: re-raise
  ExprPtr cause; // `from cause`, may be null
};

struct ExceptHandler : Node {
  ExprPtr type; // null: bare `except:`
  std::string name;
  NameExpr target; // binding of `name`, when present
  StmtList body;
};

struct TryStmt : Stmt {
  TryStmt() : Stmt(StmtKind::Try) {}
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse;
  StmtList finalbody;
};

struct AssertStmt : Stmt {
  AssertStmt() : Stmt(StmtKind::Assert) {}
  ExprPtr test;
  ExprPtr msg; // may be null
};

struct Alias : Node {
  std::string name;   // dotted module path or imported name
  std::string asname; // may be empty
  NameExpr target;    // the name this import binds
};

struct ImportStmt : Stmt {
  ImportStmt() : Stmt(StmtKind::Import) {}
  std::vector<Alias> names;
};

struct ImportFromStmt : Stmt {
  ImportFromStmt() : Stmt(StmtKind::ImportFrom) {}
  std::string module;
  std::vector<Alias> names; // a single "*" for `import *`
  int level = 0;
};

struct NameListStmt : Stmt {
  explicit NameListStmt(StmtKind kind) : Stmt(kind) {}
  std::vector<std::string> names;
};

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::Expr) {}
  ExprPtr value;
};

struct SimpleStmt : Stmt { // Pass, Break, Continue
  explicit SimpleStmt(StmtKind kind) : Stmt(kind) {}
};

struct Module {
  StmtList body;
  Scope *scope = nullptr;
  /// Scopes are owned here so AST nodes can point at them.
  std::vector<std::unique_ptr<Scope>> scopes;
  Module();
  ~Module();
};

/// Downcast helpers in the spirit of llvm::cast: the caller has checked kind.
template <typename T> T &as(Expr &e) { return static_cast<T &>(e); }
template <typename T> const T &as(const Expr &e) {
  return static_cast<const T &>(e);
}
template <typename T> T &as(Stmt &s) { return static_cast<T &>(s); }
template <typename T> const T &as(const Stmt &s) {
  return static_cast<const T &>(s);
}

} // namespace kiln::ast
