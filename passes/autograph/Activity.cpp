// Activity analysis of a converted function: per if/for/while, the locals it
// modifies, the locals live after it, and for loops the loop-carried ones.
//
// Liveness is the classic backward dataflow over the structured AST (there
// are no jumps left after jump lowering). Reads inside nested functions,
// lambdas and comprehensions count as reads where they are defined, and a
// `try` neither kills nor reorders anything: both are conservative, which
// can only make more variables outputs of a staged statement.
#include "Autograph.h"

#include "kiln/frontend/AstChildren.h"
#include "kiln/frontend/Resolver.h"

#include <algorithm>
#include <optional>
#include <set>

namespace kiln::autograph {

using namespace ast;

namespace {

using Vars = std::set<int>;

class Activity {
public:
  Activity(const Scope &scope, ModuleInfo &info) : scope(scope), info(info) {}

  Vars block(const StmtList &b, Vars live) {
    for (auto it = b.rbegin(); it != b.rend(); ++it)
      live = stmt(**it, std::move(live));
    return live;
  }

private:
  const Scope &scope;
  ModuleInfo &info;

  // ---- reads and writes of expressions ----
  void reads(const Expr *e, Vars &out) {
    if (!e)
      return;
    switch (e->kind) {
    case ExprKind::Name: {
      auto &n = as<NameExpr>(*e);
      if (n.ctx == ExprContext::Load)
        if (std::optional<int> id = nameId(n))
          out.insert(*id);
      return;
    }
    case ExprKind::Lambda:
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp:
      innerReads(*e, out);
      return;
    case ExprKind::IfExp:
      markNestedIfExps(*as<IfExpExpr>(*e).body);
      markNestedIfExps(*as<IfExpExpr>(*e).orelse);
      forEachChild(*e, [&](const Expr *c) { reads(c, out); });
      return;
    default:
      forEachChild(*e, [&](const Expr *c) { reads(c, out); });
    }
  }

  void markNestedIfExps(const Expr &e) {
    if (e.kind == ExprKind::IfExp)
      info.unconvertedIfExps.insert(&e);
    forEachChild(e, [&](const Expr *c) {
      if (c)
        markNestedIfExps(*c);
    });
  }

  /// Every name an inner scope reads that is one of our locals.
  void innerReads(const Expr &e, Vars &out) {
    forEachChild(e, [&](const Expr *c) {
      if (!c)
        return;
      if (c->kind == ExprKind::Name)
        innerRead(as<NameExpr>(*c).id, out);
      innerReads(*c, out);
    });
  }

  /// A name read by an inner scope, matched by spelling: one of our
  /// locals, or a name we declare global.
  void innerRead(const std::string &name, Vars &out) {
    auto it = scope.localIndex.find(name);
    if (it != scope.localIndex.end())
      out.insert(it->second);
    else if (scope.globals.count(name))
      out.insert(rootId(name, NameBinding::Global, -1, 0));
  }

  /// Locals a store target binds, and what the target itself reads (the
  /// object of `a.b = ...`, the key of `a[k] = ...`).
  void target(const Expr &t, Vars &defs, Vars &uses) {
    switch (t.kind) {
    case ExprKind::Name:
      if (std::optional<int> id = nameId(as<NameExpr>(t)))
        defs.insert(*id);
      return;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (auto &e : as<SequenceExpr>(t).elts)
        target(*e, defs, uses);
      return;
    case ExprKind::Starred:
      target(*as<StarredExpr>(t).value, defs, uses);
      return;
    default:
      reads(&t, uses);
    }
  }

  /// The variable a name is: a local's slot, the symbol of a name the
  /// function declares global or nonlocal, or nullopt (a name it only
  /// reads from outside, which it cannot rebind).
  std::optional<int> nameId(const NameExpr &n) {
    if (n.binding == NameBinding::Local)
      return n.slot;
    if ((n.binding == NameBinding::Global && scope.globals.count(n.id)) ||
        (n.binding == NameBinding::Free && scope.nonlocals.count(n.id)))
      return rootId(n.id, n.binding, n.slot, n.depth);
    return std::nullopt;
  }

  /// The id of the symbol `name` (a global or nonlocal name, without
  /// steps), registering it.
  int rootId(const std::string &name, NameBinding binding, int slot,
             int depth) {
    Symbol sym;
    sym.binding = binding;
    sym.slot = slot;
    sym.depth = depth;
    sym.root = sym.name = name;
    return registerSymbol(std::move(sym));
  }

  int registerSymbol(Symbol sym) {
    auto &symbols = info.symbols[&scope];
    for (size_t k = 0; k < symbols.size(); ++k)
      if (symbols[k].name == sym.name)
        return -1 - static_cast<int>(k);
    symbols.push_back(std::move(sym));
    return -static_cast<int>(symbols.size());
  }

  /// AutoGraph's text for a subscript key: a string in single quotes, a
  /// number or a name as written.
  static std::string keyText(const Expr &key) {
    if (key.kind == ExprKind::Constant &&
        as<ConstantExpr>(key).type == ConstantExpr::Type::Str)
      return "'" + as<ConstantExpr>(key).strValue + "'";
    return unparse(key);
  }

  /// The id of the composite symbol a target such as `self.a.b` or
  /// `d['k']` names (attributes and subscripts with a constant or a
  /// name as key, on a name), registering it; 0 for other targets, which
  /// AutoGraph does not track.
  int compositeId(const Expr &t) {
    Symbol sym;
    const Expr *e = &t;
    for (;;) {
      Symbol::Step step;
      if (e->kind == ExprKind::Attribute) {
        step.attr = as<AttributeExpr>(*e).attr;
        e = as<AttributeExpr>(*e).value.get();
      } else if (e->kind == ExprKind::Subscript) {
        const Expr &key = *as<SubscriptExpr>(*e).slice;
        bool constant =
            key.kind == ExprKind::Constant &&
            as<ConstantExpr>(key).type != ConstantExpr::Type::Ellipsis;
        if (!constant && key.kind != ExprKind::Name)
          return 0;
        if (key.kind == ExprKind::Name)
          if (std::optional<int> id = nameId(as<NameExpr>(key)))
            sym.support.push_back(*id);
        step.key = &key;
        e = as<SubscriptExpr>(*e).value.get();
      } else {
        break;
      }
      sym.steps.insert(sym.steps.begin(), step);
    }
    if (sym.steps.empty() || e->kind != ExprKind::Name)
      return 0;
    auto &root = as<NameExpr>(*e);
    if (root.binding == NameBinding::ClassBody ||
        root.binding == NameBinding::Unresolved)
      return 0;
    sym.binding = root.binding;
    sym.slot = root.slot;
    sym.depth = root.depth;
    if (std::optional<int> id = nameId(root))
      sym.support.push_back(*id);
    sym.root = sym.name = root.id;
    for (auto &step : sym.steps)
      sym.name += step.key ? "[" + keyText(*step.key) + "]" : "." + step.attr;
    return registerSymbol(std::move(sym));
  }

  /// Keeps in `mod` the symbols a statement carries, and makes those live
  /// after it (`liveOut`) that AutoGraph always carries: a composite
  /// symbol whose support (its object, a variable key) comes from before
  /// the statement (is in `liveIn`), and a nonlocal. An object created
  /// inside has attributes of its own that AutoGraph leaves alone, as we
  /// do. A global is carried as a local is.
  void keepSymbolsFrom(const Vars &liveIn, Vars &mod, Vars &liveOut) {
    for (auto it = mod.begin(); it != mod.end() && *it < 0;) {
      const Symbol &sym = info.symbol(&scope, *it);
      bool supported = true;
      for (int v : sym.support)
        supported &= liveIn.count(v) > 0;
      if (sym.composite() && !supported) {
        it = mod.erase(it);
        continue;
      }
      if (sym.composite() || sym.binding == NameBinding::Free)
        liveOut.insert(*it);
      ++it;
    }
  }

  /// `a.b = v` and `a['k'] = v` modify the composite symbols `a.b` and
  /// `a['k']`, not `a`: as in AutoGraph, a staged statement carries the
  /// attribute or the entry, so that an entry may first be set inside.
  void mutatedBase(const Expr &t, Vars &out) {
    switch (t.kind) {
    case ExprKind::Attribute:
    case ExprKind::Subscript:
      if (int id = compositeId(t))
        out.insert(id);
      return;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (auto &e : as<SequenceExpr>(t).elts)
        mutatedBase(*e, out);
      return;
    case ExprKind::Starred:
      mutatedBase(*as<StarredExpr>(t).value, out);
      return;
    default:
      return;
    }
  }

  static Vars transfer(Vars live, const Vars &defs, const Vars &uses) {
    for (int d : defs)
      live.erase(d);
    live.insert(uses.begin(), uses.end());
    return live;
  }

  static std::vector<int> sorted(const Vars &v) { return {v.begin(), v.end()}; }

  /// Locals that `b` may assign, at any depth (not in nested scopes).
  void modified(const StmtList &b, Vars &out) {
    for (auto &s : b)
      modified(*s, out);
  }
  void modified(const Stmt &s, Vars &out) {
    Vars ignored;
    switch (s.kind) {
    case StmtKind::Assign:
      for (auto &t : as<AssignStmt>(s).targets) {
        target(*t, out, ignored);
        mutatedBase(*t, out);
      }
      return;
    case StmtKind::AugAssign:
      target(*as<AugAssignStmt>(s).target, out, ignored);
      mutatedBase(*as<AugAssignStmt>(s).target, out);
      return;
    case StmtKind::AnnAssign:
      if (as<AnnAssignStmt>(s).value)
        target(*as<AnnAssignStmt>(s).target, out, ignored);
      return;
    case StmtKind::For:
      target(*as<ForStmt>(s).target, out, ignored);
      modified(as<ForStmt>(s).body, out);
      modified(as<ForStmt>(s).orelse, out);
      return;
    case StmtKind::While:
      modified(as<WhileStmt>(s).body, out);
      modified(as<WhileStmt>(s).orelse, out);
      return;
    case StmtKind::If:
      modified(as<IfStmt>(s).body, out);
      modified(as<IfStmt>(s).orelse, out);
      return;
    case StmtKind::With:
      for (auto &item : as<WithStmt>(s).items)
        if (item.optionalVars)
          target(*item.optionalVars, out, ignored);
      modified(as<WithStmt>(s).body, out);
      return;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      modified(t.body, out);
      for (auto &h : t.handlers) {
        if (!h.name.empty() && h.target.binding == NameBinding::Local)
          out.insert(h.target.slot);
        modified(h.body, out);
      }
      modified(t.orelse, out);
      modified(t.finalbody, out);
      return;
    }
    case StmtKind::FunctionDef:
      if (as<FunctionDefStmt>(s).target.binding == NameBinding::Local)
        out.insert(as<FunctionDefStmt>(s).target.slot);
      return;
    case StmtKind::ClassDef:
      if (as<ClassDefStmt>(s).target.binding == NameBinding::Local)
        out.insert(as<ClassDefStmt>(s).target.slot);
      return;
    case StmtKind::Delete:
      for (auto &t : as<DeleteStmt>(s).targets)
        target(*t, out, ignored);
      return;
    case StmtKind::Import:
    case StmtKind::ImportFrom: {
      auto &names = s.kind == StmtKind::Import ? as<ImportStmt>(s).names
                                               : as<ImportFromStmt>(s).names;
      for (auto &a : names)
        if (a.target.binding == NameBinding::Local)
          out.insert(a.target.slot);
      return;
    }
    default:
      return;
    }
  }

  /// A loop's state: modified variables that are live at the head of an
  /// iteration (read by the test or the body before being written) or
  /// after the loop.
  void loop(const Stmt &s, const Vars &liveOut, const Vars &headIn,
            const StmtList &body) {
    ControlFlowInfo &cf = info.statements[&s];
    Vars mod, out = liveOut;
    modified(s, mod);
    keepSymbolsFrom(headIn, mod, out);
    cf.modified = sorted(mod);
    cf.liveOut = sorted(out);
    cf.loopVars.clear();
    for (int v : mod)
      if (headIn.count(v) || out.count(v))
        cf.loopVars.push_back(v);
    size_t options = loopOptionsIndex(body);
    cf.loopOptions = options < body.size()
                         ? &as<CallExpr>(*as<ExprStmt>(*body[options]).value)
                         : nullptr;
  }

  Vars stmt(const Stmt &s, Vars live) {
    Vars defs, uses;
    switch (s.kind) {
    case StmtKind::Expr:
      reads(as<ExprStmt>(s).value.get(), uses);
      return transfer(std::move(live), defs, uses);
    case StmtKind::Assign: {
      auto &a = as<AssignStmt>(s);
      for (auto &t : a.targets)
        target(*t, defs, uses);
      reads(a.value.get(), uses);
      return transfer(std::move(live), defs, uses);
    }
    case StmtKind::AugAssign: {
      auto &a = as<AugAssignStmt>(s);
      Vars ignored;
      target(*a.target, ignored, uses);
      if (a.target->kind == ExprKind::Name)
        if (std::optional<int> id = nameId(as<NameExpr>(*a.target)))
          uses.insert(*id);
      reads(a.value.get(), uses);
      return transfer(std::move(live), defs, uses);
    }
    case StmtKind::AnnAssign: {
      auto &a = as<AnnAssignStmt>(s);
      if (a.value) {
        target(*a.target, defs, uses);
        reads(a.value.get(), uses);
      }
      return transfer(std::move(live), defs, uses);
    }
    case StmtKind::Return:
      reads(as<ReturnStmt>(s).value.get(), uses);
      return uses;
    case StmtKind::Raise:
      reads(as<RaiseStmt>(s).exc.get(), uses);
      reads(as<RaiseStmt>(s).cause.get(), uses);
      return uses;
    case StmtKind::Assert:
      reads(as<AssertStmt>(s).test.get(), uses);
      reads(as<AssertStmt>(s).msg.get(), uses);
      return transfer(std::move(live), defs, uses);
    case StmtKind::Delete:
      for (auto &t : as<DeleteStmt>(s).targets)
        target(*t, defs, uses);
      return transfer(std::move(live), defs, uses);
    case StmtKind::If: {
      auto &i = as<IfStmt>(s);
      ControlFlowInfo &cf = info.statements[&s];
      Vars in = block(i.body, live);
      Vars other = block(i.orelse, live);
      in.insert(other.begin(), other.end());
      reads(i.test.get(), in);
      Vars mod;
      modified(s, mod);
      keepSymbolsFrom(in, mod, live);
      cf.modified = sorted(mod);
      cf.liveOut = sorted(live);
      return in;
    }
    case StmtKind::While: {
      auto &w = as<WhileStmt>(s);
      // head = test reads ∪ live after ∪ what the body needs from the head.
      Vars head = live;
      for (int round = 0; round < 8; ++round) {
        Vars next = live;
        Vars body = block(w.body, head);
        next.insert(body.begin(), body.end());
        reads(w.test.get(), next);
        if (next == head)
          break;
        head = std::move(next);
      }
      reads(w.test.get(), head);
      loop(s, live, head, w.body);
      Vars out = head;
      Vars orelse = block(w.orelse, live);
      out.insert(orelse.begin(), orelse.end());
      return out;
    }
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      Vars head = live, targetDefs, targetUses;
      target(*f.target, targetDefs, targetUses);
      for (int round = 0; round < 8; ++round) {
        Vars next = live;
        Vars body = transfer(block(f.body, head), targetDefs, targetUses);
        next.insert(body.begin(), body.end());
        reads(f.extraTest.get(), next);
        if (next == head)
          break;
        head = std::move(next);
      }
      reads(f.extraTest.get(), head);
      loop(s, live, head, f.body);
      Vars out = head;
      Vars orelse = block(f.orelse, live);
      out.insert(orelse.begin(), orelse.end());
      reads(f.iter.get(), out);
      return out;
    }
    case StmtKind::With: {
      auto &w = as<WithStmt>(s);
      Vars in = block(w.body, live);
      for (auto it = w.items.rbegin(); it != w.items.rend(); ++it) {
        Vars itemDefs, itemUses;
        if (it->optionalVars)
          target(*it->optionalVars, itemDefs, itemUses);
        reads(it->contextExpr.get(), itemUses);
        in = transfer(std::move(in), itemDefs, itemUses);
      }
      return in;
    }
    case StmtKind::Try: {
      // Any statement of a try may be the last one run, so nothing it
      // assigns kills a later read.
      auto &t = as<TryStmt>(s);
      Vars after = live, in;
      Vars fin = block(t.finalbody, live);
      after.insert(fin.begin(), fin.end());
      in = after;
      for (auto &h : t.handlers) {
        Vars hin = block(h.body, after);
        in.insert(hin.begin(), hin.end());
        reads(h.type.get(), in);
      }
      Vars orelse = block(t.orelse, after);
      in.insert(orelse.begin(), orelse.end());
      Vars bodyIn = block(t.body, in);
      in.insert(bodyIn.begin(), bodyIn.end());
      return in;
    }
    case StmtKind::FunctionDef: {
      auto &f = as<FunctionDefStmt>(s);
      if (f.target.binding == NameBinding::Local)
        defs.insert(f.target.slot);
      for (auto &d : f.decorators)
        reads(d.get(), uses);
      for (auto &d : f.args.defaults)
        reads(d.get(), uses);
      innerStmtReads(f.body, uses);
      return transfer(std::move(live), defs, uses);
    }
    case StmtKind::ClassDef: {
      auto &c = as<ClassDefStmt>(s);
      if (c.target.binding == NameBinding::Local)
        defs.insert(c.target.slot);
      for (auto &b : c.bases)
        reads(b.get(), uses);
      innerStmtReads(c.body, uses);
      return transfer(std::move(live), defs, uses);
    }
    default: {
      Vars mod;
      modified(s, mod);
      return transfer(std::move(live), mod, uses);
    }
    }
  }

  /// Names a nested function or class body reads that are our locals: a
  /// coarse walk that treats every name in it as a read (names are matched
  /// by spelling; their bindings belong to the inner scope).
  void innerStmtReads(const StmtList &b, Vars &out) {
    for (auto &s : b)
      collectNames(*s, out);
  }

  void collectNames(const Stmt &s, Vars &out) {
    auto visitExpr = [&](const Expr *e) {
      if (!e)
        return;
      if (e->kind == ExprKind::Name)
        innerRead(as<NameExpr>(*e).id, out);
      innerReads(*e, out);
    };
    switch (s.kind) {
    case StmtKind::Expr:
      visitExpr(as<ExprStmt>(s).value.get());
      break;
    case StmtKind::Assign:
      visitExpr(as<AssignStmt>(s).value.get());
      for (auto &t : as<AssignStmt>(s).targets)
        visitExpr(t.get());
      break;
    case StmtKind::AugAssign:
      visitExpr(as<AugAssignStmt>(s).target.get());
      visitExpr(as<AugAssignStmt>(s).value.get());
      break;
    case StmtKind::AnnAssign:
      visitExpr(as<AnnAssignStmt>(s).value.get());
      break;
    case StmtKind::Return:
      visitExpr(as<ReturnStmt>(s).value.get());
      break;
    case StmtKind::If:
      visitExpr(as<IfStmt>(s).test.get());
      for (auto &c : as<IfStmt>(s).body)
        collectNames(*c, out);
      for (auto &c : as<IfStmt>(s).orelse)
        collectNames(*c, out);
      break;
    case StmtKind::While:
      visitExpr(as<WhileStmt>(s).test.get());
      for (auto &c : as<WhileStmt>(s).body)
        collectNames(*c, out);
      break;
    case StmtKind::For:
      visitExpr(as<ForStmt>(s).iter.get());
      for (auto &c : as<ForStmt>(s).body)
        collectNames(*c, out);
      break;
    case StmtKind::With:
      for (auto &item : as<WithStmt>(s).items)
        visitExpr(item.contextExpr.get());
      for (auto &c : as<WithStmt>(s).body)
        collectNames(*c, out);
      break;
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      for (const StmtList *l : {&t.body, &t.orelse, &t.finalbody})
        for (auto &c : *l)
          collectNames(*c, out);
      for (auto &h : t.handlers)
        for (auto &c : h.body)
          collectNames(*c, out);
      break;
    }
    case StmtKind::FunctionDef:
      for (auto &c : as<FunctionDefStmt>(s).body)
        collectNames(*c, out);
      break;
    case StmtKind::ClassDef:
      for (auto &c : as<ClassDefStmt>(s).body)
        collectNames(*c, out);
      break;
    case StmtKind::Raise:
      visitExpr(as<RaiseStmt>(s).exc.get());
      break;
    case StmtKind::Assert:
      visitExpr(as<AssertStmt>(s).test.get());
      visitExpr(as<AssertStmt>(s).msg.get());
      break;
    default:
      break;
    }
  }
};

} // namespace

void analyzeActivity(const FunctionDefStmt &fn, ModuleInfo &info) {
  Activity(*fn.scope, info).block(fn.body, {});
}

size_t loopOptionsIndex(const StmtList &body) {
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i]->kind != StmtKind::Expr)
      break;
    auto &e = *as<ExprStmt>(*body[i]).value;
    if (e.kind != ExprKind::Call)
      break;
    auto &call = as<CallExpr>(e);
    if (call.func->kind == ExprKind::Attribute &&
        as<AttributeExpr>(*call.func).attr == "set_loop_options")
      return i;
  }
  return body.size();
}

} // namespace kiln::autograph
