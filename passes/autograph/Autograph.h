// AutoGraph over kiln's AST, as TensorFlow's AutoGraph converts a function
// before tracing it:
//
//  1. Jump lowering (Jumps.cpp): `break`, `continue` and `return` inside
//     loops and branches become assignments to state flags (`break_`,
//     `continue_`, `do_return`/`retval_`) and the statements they would skip
//     are guarded by `if not flag:`. After it, a converted function's
//     if/for/while bodies always run to their end, which is what staging
//     them as graph regions needs. The rewrite keeps Python semantics, so
//     the converted body is also what runs when nothing is staged.
//  2. Activity analysis (Activity.cpp): for every if/for/while, the local
//     variables it modifies, those live after it, and for loops the ones
//     carried from one iteration to the next.
//
// The tracer decides at trace time, from the value of each condition or
// iterable, whether a statement is staged (a tensor) or run as Python.
#pragma once

#include "kiln/frontend/Ast.h"

#include <iosfwd>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kiln::autograph {

/// What activity analysis found for one if/for/while statement. Variables
/// are local slots of the enclosing function (ids >= 0), or symbols as
/// AutoGraph tracks them beyond locals (ids -1, -2, ..., see
/// ModuleInfo::symbols), in id order.
struct ControlFlowInfo {
  std::vector<int> modified;
  std::vector<int> liveOut;
  /// Loops: modified variables whose value one iteration passes to the
  /// next or to the code after the loop.
  std::vector<int> loopVars;
  /// Loops: a `tf.autograph.experimental.set_loop_options(...)` call at
  /// the top of the body, evaluated before the body is staged.
  const ast::CallExpr *loopOptions = nullptr;
};

struct FunctionInfo {
  bool converted = false;
  /// Why AutoGraph left the function as it is (TensorFlow's wording).
  std::string notConverted;
  /// TensorFlow's warning (its logger's message) when it runs the function
  /// `repr` names as it is.
  std::string notConvertedWarning(const std::string &repr) const;
  /// TensorFlow failed inside a converter rather than refusing a known
  /// construct, and asks for a bug report in its warning.
  bool internalError = false;
};

/// Whether `scope` is a lambda's (Convert.cpp, where Scope is complete).
bool isLambda(const ast::Scope *scope);

/// A variable that is not a local slot: a name the function declares
/// `global` or `nonlocal`, or one of AutoGraph's composite symbols, a
/// name followed by attributes and subscripts with a constant or a
/// variable key (`self.total`, `d['b']`, `cache[k].n`). A staged statement
/// carries it as it carries a local.
struct Symbol {
  /// The name it starts from: a local (slot), a nonlocal's cell (Free,
  /// slot and depth), or a module global (Global).
  ast::NameBinding binding = ast::NameBinding::Local;
  int slot = -1;
  int depth = 0;
  std::string root;
  struct Step {
    std::string attr;               // `.attr`, when key is null
    const ast::Expr *key = nullptr; // `[key]`: a Constant or a Name
  };
  std::vector<Step> steps;
  /// The variables that must be live into a statement for it to carry a
  /// composite symbol (AutoGraph's support set, less the names that the
  /// function cannot rebind, which are always there).
  std::vector<int> support;
  /// As AutoGraph prints it in messages, and sorts it.
  std::string name;

  bool composite() const { return !steps.empty(); }
};

struct ModuleInfo {
  std::unordered_map<const ast::Stmt *, ControlFlowInfo> statements;
  /// Per function, its symbols: id -1 - k is element k.
  std::unordered_map<const ast::Scope *, std::vector<Symbol>> symbols;
  std::unordered_map<const ast::Scope *, FunctionInfo> functions;
  /// Conditional expressions inside the arms of another one: TensorFlow
  /// 2.20 wraps the arms in lambdas it does not convert, so these stay
  /// Python (a tensor condition there is an error).
  std::unordered_set<const ast::Expr *> unconvertedIfExps;

  const ControlFlowInfo *find(const ast::Stmt *s) const {
    auto it = statements.find(s);
    return it == statements.end() ? nullptr : &it->second;
  }
  const Symbol &symbol(const ast::Scope *scope, int id) const {
    return symbols.at(scope).at(-1 - id);
  }
  /// A variable's name as AutoGraph prints it (`x`, `self.total`,
  /// `d['b']`).
  std::string varName(const ast::Scope &scope, int id) const;
  /// Whether code in `scope` runs converted. Lambdas are converted
  /// wherever AutoGraph reaches them (they hold only expressions).
  bool isConverted(const ast::Scope *scope) const {
    if (isLambda(scope))
      return true;
    auto it = functions.find(scope);
    return it != functions.end() && it->second.converted;
  }
};

/// Converts every function of a resolved module in place and analyses it.
void convertModule(ast::Module &module, ModuleInfo &info);

/// Prints a converted function as Python, with the analysis of each
/// control-flow statement as a comment (`kiln dump --stage=autograph`).
void printConverted(const ast::FunctionDefStmt &fn, const ModuleInfo &info,
                    std::ostream &os);

/// Python source for an expression (the unparser behind printConverted).
std::string unparse(const ast::Expr &e);

/// Where loop body `body` calls tf.autograph.experimental.set_loop_options:
/// the index of that call among its leading call statements (where
/// AutoGraph reads the loop's options), or body.size() when there is none.
size_t loopOptionsIndex(const ast::StmtList &body);

// Internal steps, exposed for unit tests.
void lowerJumps(ast::FunctionDefStmt &fn, FunctionInfo &info);
void analyzeActivity(const ast::FunctionDefStmt &fn, ModuleInfo &info);

} // namespace kiln::autograph
