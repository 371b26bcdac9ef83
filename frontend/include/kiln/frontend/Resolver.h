// Name resolution: decides, as CPython's symbol table does, whether each name
// is a local of its function, a variable of an enclosing function (a cell),
// a global, or a class-body name, and reports the errors CPython raises at
// compile time (`'return' outside function`, `no binding for nonlocal`...).
// AutoGraph's activity analysis builds on the same scope information.
#pragma once

#include "kiln/frontend/Ast.h"
#include "kiln/frontend/Diagnostics.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kiln::ast {

struct Scope {
  enum class Kind { Module, Function, Class, Lambda, Comprehension };
  Kind kind = Kind::Module;
  std::string name; // the function or class name, "<lambda>", "<listcomp>"
  Scope *parent = nullptr;
  /// Local variables of a function-like scope, parameters first; each gets
  /// a cell in the frame so that inner functions can share it.
  std::vector<std::string> locals;
  std::map<std::string, int> localIndex;
  std::set<std::string> globals;
  std::set<std::string> nonlocals;
  /// Names a class body assigns (they live in the class namespace).
  std::set<std::string> classNames;

  /// A function or lambda whose body yields: calling it makes a generator.
  bool generator = false;

  bool isFunctionLike() const {
    return kind == Kind::Function || kind == Kind::Lambda ||
           kind == Kind::Comprehension;
  }
  int addLocal(const std::string &id);
};

} // namespace kiln::ast

namespace kiln {

/// Rewrites private names in class bodies (`__x` in class C is `_C__x`),
/// as Python's compiler does; resolveNames runs it first.
void manglePrivateNames(ast::Module &module);

/// Resolves every name in `module`, filling in Scope objects and NameExpr
/// bindings, after mangling private names. Returns false after reporting
/// errors. `warnUndefined` also warns at each read of a global the module never
/// binds and Python's builtins lack (`kiln check`: running the script, such a
/// read is a NameError only if it runs).
bool resolveNames(ast::Module &module, DiagnosticEngine &diags,
                  bool warnUndefined = false);

} // namespace kiln
