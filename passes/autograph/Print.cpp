// Printing converted functions as Python (`kiln dump --stage=autograph`).
// The output reads like TensorFlow's `autograph.to_code` would if it kept
// statements instead of turning them into `ag__.if_stmt` calls: the state
// flags are visible, and each if/for/while carries a comment with what
// activity analysis found.
#include "Autograph.h"

#include "kiln/frontend/Resolver.h"

#include <ostream>
#include <sstream>

namespace kiln::autograph {

using namespace ast;

namespace {

// Python's operator precedence, loosest first.
enum Prec {
  PLambda = 1,
  PIfExp,
  POr,
  PAnd,
  PNot,
  PCompare,
  PBitOr,
  PBitXor,
  PBitAnd,
  PShift,
  PArith,
  PTerm,
  PUnary,
  PPower,
  PAtom
};

int binaryPrec(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
    return PArith;
  case BinaryOp::Pow:
    return PPower;
  case BinaryOp::LShift:
  case BinaryOp::RShift:
    return PShift;
  case BinaryOp::BitOr:
    return PBitOr;
  case BinaryOp::BitXor:
    return PBitXor;
  case BinaryOp::BitAnd:
    return PBitAnd;
  default:
    return PTerm;
  }
}

std::string quote(const std::string &s, char q) {
  std::string out(1, q);
  for (unsigned char c : s) {
    if (c == '\\' || c == static_cast<unsigned char>(q))
      out += '\\', out += static_cast<char>(c);
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else
      out += static_cast<char>(c);
  }
  return out + q;
}

std::string expr(const Expr &e, int prec);

std::string list(const ExprList &items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + expr(*items[i], PIfExp);
  return out;
}

std::string arguments(const Arguments &a) {
  std::vector<std::string> parts;
  size_t positional = a.posonly.size() + a.args.size();
  size_t firstDefault = positional - a.defaults.size();
  size_t index = 0;
  auto param = [&](const Arg &arg) {
    std::string p = arg.name;
    if (index >= firstDefault)
      p += "=" + expr(*a.defaults[index - firstDefault], PIfExp);
    ++index;
    parts.push_back(p);
  };
  for (auto &arg : a.posonly)
    param(arg);
  if (!a.posonly.empty())
    parts.push_back("/");
  for (auto &arg : a.args)
    param(arg);
  if (a.vararg)
    parts.push_back("*" + a.vararg->name);
  else if (!a.kwonly.empty())
    parts.push_back("*");
  for (size_t i = 0; i < a.kwonly.size(); ++i)
    parts.push_back(
        a.kwonly[i].name +
        (a.kwDefaults[i] ? "=" + expr(*a.kwDefaults[i], PIfExp) : ""));
  if (a.kwarg)
    parts.push_back("**" + a.kwarg->name);
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ", " : "") + parts[i];
  return out;
}

std::string comprehension(const ComprehensionExpr &c) {
  std::string out;
  for (auto &g : c.generators) {
    out += " for " + expr(*g.target, PArith) + " in " + expr(*g.iter, POr);
    for (auto &i : g.ifs)
      out += " if " + expr(*i, POr);
  }
  return out;
}

std::string exprRaw(const Expr &e, int &mine) {
  mine = PAtom;
  switch (e.kind) {
  case ExprKind::Name:
    return as<NameExpr>(e).id;
  case ExprKind::Constant: {
    auto &c = as<ConstantExpr>(e);
    switch (c.type) {
    case ConstantExpr::Type::None:
      return "None";
    case ConstantExpr::Type::Bool:
      return c.boolValue ? "True" : "False";
    case ConstantExpr::Type::Int:
      return std::to_string(c.intValue);
    case ConstantExpr::Type::Float:
    case ConstantExpr::Type::Imaginary: {
      std::ostringstream os;
      os.precision(17);
      os << c.floatValue;
      std::string s = os.str();
      if (s.find_first_of(".eni") == std::string::npos)
        s += ".0";
      return c.type == ConstantExpr::Type::Imaginary ? s + "j" : s;
    }
    case ConstantExpr::Type::Str:
      return quote(c.strValue, '\'');
    case ConstantExpr::Type::Bytes:
      return "b" + quote(c.strValue, '\'');
    case ConstantExpr::Type::Ellipsis:
      return "...";
    }
    return "";
  }
  case ExprKind::JoinedStr: {
    std::string body;
    for (auto &v : as<JoinedStrExpr>(e).values) {
      if (v->kind == ExprKind::Constant) {
        for (char ch : as<ConstantExpr>(*v).strValue)
          body += ch == '{' ? "{{" : ch == '}' ? "}}" : std::string(1, ch);
        continue;
      }
      auto &f = as<FormattedValueExpr>(*v);
      body += "{" + expr(*f.value, PIfExp);
      if (f.conversion)
        body += std::string("!") + f.conversion;
      if (f.formatSpec) {
        body += ":";
        for (auto &p : as<JoinedStrExpr>(*f.formatSpec).values)
          body +=
              p->kind == ExprKind::Constant
                  ? as<ConstantExpr>(*p).strValue
                  : "{" + expr(*as<FormattedValueExpr>(*p).value, PIfExp) + "}";
      }
      body += "}";
    }
    return "f" + quote(body, '\'');
  }
  case ExprKind::FormattedValue:
    return expr(*as<FormattedValueExpr>(e).value, PIfExp);
  case ExprKind::BinOp: {
    auto &b = as<BinOpExpr>(e);
    mine = binaryPrec(b.op);
    bool pow = b.op == BinaryOp::Pow; // right-associative
    return expr(*b.left, pow ? mine + 1 : mine) + " " + binaryOpSymbol(b.op) +
           " " + expr(*b.right, pow ? mine : mine + 1);
  }
  case ExprKind::UnaryOp: {
    auto &u = as<UnaryOpExpr>(e);
    if (u.op == UnaryOpKind::Not) {
      mine = PNot;
      return "not " + expr(*u.operand, PNot);
    }
    mine = PUnary;
    const char *sym = u.op == UnaryOpKind::USub   ? "-"
                      : u.op == UnaryOpKind::UAdd ? "+"
                                                  : "~";
    return sym + expr(*u.operand, PUnary);
  }
  case ExprKind::BoolOp: {
    auto &b = as<BoolOpExpr>(e);
    mine = b.op == BoolOpKind::And ? PAnd : POr;
    std::string out;
    for (size_t i = 0; i < b.values.size(); ++i)
      out += (i ? (b.op == BoolOpKind::And ? " and " : " or ") : "") +
             expr(*b.values[i], mine + 1);
    return out;
  }
  case ExprKind::Compare: {
    auto &c = as<CompareExpr>(e);
    mine = PCompare;
    std::string out = expr(*c.left, PCompare + 1);
    for (size_t i = 0; i < c.ops.size(); ++i)
      out += std::string(" ") + cmpOpSymbol(c.ops[i]) + " " +
             expr(*c.comparators[i], PCompare + 1);
    return out;
  }
  case ExprKind::IfExp: {
    auto &i = as<IfExpExpr>(e);
    mine = PIfExp;
    return expr(*i.body, POr) + " if " + expr(*i.test, POr) + " else " +
           expr(*i.orelse, PIfExp);
  }
  case ExprKind::Lambda: {
    auto &l = as<LambdaExpr>(e);
    mine = PLambda;
    std::string args = arguments(l.args);
    return "lambda" + (args.empty() ? "" : " " + args) + ": " +
           expr(*l.body, PIfExp);
  }
  case ExprKind::Call: {
    auto &c = as<CallExpr>(e);
    std::string out = expr(*c.func, PAtom) + "(" + list(c.args);
    bool first = c.args.empty();
    for (auto &k : c.keywords) {
      out += first ? "" : ", ";
      first = false;
      out += (k.arg.empty() ? "**" : k.arg + "=") + expr(*k.value, PIfExp);
    }
    return out + ")";
  }
  case ExprKind::Attribute:
    return expr(*as<AttributeExpr>(e).value, PAtom) + "." +
           as<AttributeExpr>(e).attr;
  case ExprKind::Subscript: {
    auto &s = as<SubscriptExpr>(e);
    std::string key = s.slice->kind == ExprKind::Tuple &&
                              !as<SequenceExpr>(*s.slice).elts.empty()
                          ? list(as<SequenceExpr>(*s.slice).elts)
                          : expr(*s.slice, PIfExp);
    return expr(*s.value, PAtom) + "[" + key + "]";
  }
  case ExprKind::Slice: {
    auto &s = as<SliceExpr>(e);
    std::string out = (s.lower ? expr(*s.lower, PIfExp) : "") + ":" +
                      (s.upper ? expr(*s.upper, PIfExp) : "");
    if (s.step)
      out += ":" + expr(*s.step, PIfExp);
    return out;
  }
  case ExprKind::Starred:
    return "*" + expr(*as<StarredExpr>(e).value, PBitOr);
  case ExprKind::List:
    return "[" + list(as<SequenceExpr>(e).elts) + "]";
  case ExprKind::Tuple: {
    auto &elts = as<SequenceExpr>(e).elts;
    return "(" + list(elts) + (elts.size() == 1 ? ",)" : ")");
  }
  case ExprKind::Set:
    return "{" + list(as<SequenceExpr>(e).elts) + "}";
  case ExprKind::Dict: {
    auto &d = as<DictExpr>(e);
    std::string out = "{";
    for (size_t i = 0; i < d.keys.size(); ++i) {
      out += i ? ", " : "";
      out += d.keys[i] ? expr(*d.keys[i], PIfExp) + ": " : "**";
      out += expr(*d.values[i], PIfExp);
    }
    return out + "}";
  }
  case ExprKind::ListComp:
  case ExprKind::SetComp:
  case ExprKind::GeneratorExp: {
    auto &c = as<ComprehensionExpr>(e);
    const char *open = e.kind == ExprKind::ListComp  ? "["
                       : e.kind == ExprKind::SetComp ? "{"
                                                     : "(";
    const char *close = e.kind == ExprKind::ListComp  ? "]"
                        : e.kind == ExprKind::SetComp ? "}"
                                                      : ")";
    return open + expr(*c.elt, PIfExp) + comprehension(c) + close;
  }
  case ExprKind::DictComp: {
    auto &c = as<ComprehensionExpr>(e);
    return "{" + expr(*c.elt, PIfExp) + ": " + expr(*c.value, PIfExp) +
           comprehension(c) + "}";
  }
  case ExprKind::Yield: {
    // Looser than a lambda: parenthesized wherever it is a value.
    auto &y = as<YieldExpr>(e);
    mine = 0;
    return std::string(y.from ? "yield from" : "yield") +
           (y.value ? " " + expr(*y.value, PLambda) : "");
  }
  case ExprKind::NamedExpr: {
    // Python wants parentheses around `:=` almost everywhere; always
    // writing them keeps the printed code valid.
    auto &n = as<NamedExprExpr>(e);
    mine = PAtom;
    return "(" + expr(*n.target, PAtom) + " := " + expr(*n.value, PIfExp) + ")";
  }
  }
  return "";
}

std::string expr(const Expr &e, int prec) {
  int mine;
  std::string s = exprRaw(e, mine);
  return mine < prec ? "(" + s + ")" : s;
}

class Printer {
public:
  Printer(const Scope &scope, const ModuleInfo &info, std::ostream &os)
      : scope(scope), info(info), os(os) {}

  void function(const FunctionDefStmt &f, int depth) {
    for (auto &d : f.decorators)
      line(depth, "@" + expr(*d, PAtom));
    line(depth, "def " + f.name + "(" + arguments(f.args) + "):");
    block(f.body, depth + 1);
  }

private:
  const Scope &scope;
  const ModuleInfo &info;
  std::ostream &os;

  void line(int depth, const std::string &text) {
    os << std::string(4 * depth, ' ') << text << "\n";
  }

  std::string names(const std::vector<int> &slots) {
    std::string out;
    for (size_t i = 0; i < slots.size(); ++i)
      out += (i ? ", " : "") + info.varName(scope, slots[i]);
    return out.empty() ? "-" : out;
  }

  void note(const Stmt &s, int depth) {
    const ControlFlowInfo *cf = info.find(&s);
    if (!cf)
      return;
    std::string text = "# modified: " + names(cf->modified);
    if (s.kind != StmtKind::If)
      text += "; loop vars: " + names(cf->loopVars);
    text += "; live after: " + names(cf->liveOut);
    line(depth, text);
  }

  void block(const StmtList &b, int depth) {
    if (b.empty())
      line(depth, "pass");
    for (auto &s : b)
      stmt(*s, depth);
  }

  void ifChain(const IfStmt &i, int depth, const char *keyword) {
    line(depth, keyword + (" " + expr(*i.test, PIfExp)) + ":");
    block(i.body, depth + 1);
    if (i.orelse.empty())
      return;
    if (i.orelse.size() == 1 && i.orelse[0]->kind == StmtKind::If &&
        !info.find(i.orelse[0].get())) {
      ifChain(as<IfStmt>(*i.orelse[0]), depth, "elif");
      return;
    }
    line(depth, "else:");
    block(i.orelse, depth + 1);
  }

  void stmt(const Stmt &s, int depth) {
    switch (s.kind) {
    case StmtKind::FunctionDef: // its own locals
      Printer(*as<FunctionDefStmt>(s).scope, info, os)
          .function(as<FunctionDefStmt>(s), depth);
      return;
    case StmtKind::ClassDef: {
      auto &c = as<ClassDefStmt>(s);
      line(depth, "class " + c.name +
                      (c.bases.empty() ? "" : "(" + list(c.bases) + ")") + ":");
      block(c.body, depth + 1);
      return;
    }
    case StmtKind::Return: {
      auto &r = as<ReturnStmt>(s);
      line(depth, r.value ? "return " + expr(*r.value, PIfExp) : "return");
      return;
    }
    case StmtKind::Delete:
      line(depth, "del " + list(as<DeleteStmt>(s).targets));
      return;
    case StmtKind::Assign: {
      auto &a = as<AssignStmt>(s);
      std::string text;
      for (auto &t : a.targets)
        text += expr(*t, PIfExp) + " = ";
      line(depth, text + expr(*a.value, PIfExp));
      return;
    }
    case StmtKind::AugAssign: {
      auto &a = as<AugAssignStmt>(s);
      line(depth, expr(*a.target, PIfExp) + " " + binaryOpSymbol(a.op) + "= " +
                      expr(*a.value, PIfExp));
      return;
    }
    case StmtKind::AnnAssign: {
      auto &a = as<AnnAssignStmt>(s);
      line(depth, expr(*a.target, PIfExp) + ": " + expr(*a.annotation, PIfExp) +
                      (a.value ? " = " + expr(*a.value, PIfExp) : ""));
      return;
    }
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      note(s, depth);
      if (f.extraTest)
        line(depth, "# before each iteration: " + expr(*f.extraTest, PIfExp));
      line(depth, "for " + expr(*f.target, PIfExp) + " in " +
                      expr(*f.iter, PIfExp) + ":");
      block(f.body, depth + 1);
      if (!f.orelse.empty()) {
        line(depth, "else:");
        block(f.orelse, depth + 1);
      }
      return;
    }
    case StmtKind::While: {
      auto &w = as<WhileStmt>(s);
      note(s, depth);
      line(depth, "while " + expr(*w.test, PIfExp) + ":");
      block(w.body, depth + 1);
      if (!w.orelse.empty()) {
        line(depth, "else:");
        block(w.orelse, depth + 1);
      }
      return;
    }
    case StmtKind::If:
      note(s, depth);
      ifChain(as<IfStmt>(s), depth, "if");
      return;
    case StmtKind::With: {
      auto &w = as<WithStmt>(s);
      std::string text = "with ";
      for (size_t i = 0; i < w.items.size(); ++i) {
        text += (i ? ", " : "") + expr(*w.items[i].contextExpr, PIfExp);
        if (w.items[i].optionalVars)
          text += " as " + expr(*w.items[i].optionalVars, PIfExp);
      }
      line(depth, text + ":");
      block(w.body, depth + 1);
      return;
    }
    case StmtKind::Raise: {
      auto &r = as<RaiseStmt>(s);
      std::string text = "raise";
      if (r.exc)
        text += " " + expr(*r.exc, PIfExp);
      if (r.cause)
        text += " from " + expr(*r.cause, PIfExp);
      line(depth, text);
      return;
    }
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      line(depth, "try:");
      block(t.body, depth + 1);
      for (auto &h : t.handlers) {
        std::string text = "except";
        if (h.type)
          text += " " + expr(*h.type, PIfExp);
        if (!h.name.empty())
          text += " as " + h.name;
        line(depth, text + ":");
        block(h.body, depth + 1);
      }
      if (!t.orelse.empty()) {
        line(depth, "else:");
        block(t.orelse, depth + 1);
      }
      if (!t.finalbody.empty()) {
        line(depth, "finally:");
        block(t.finalbody, depth + 1);
      }
      return;
    }
    case StmtKind::Assert: {
      auto &a = as<AssertStmt>(s);
      line(depth, "assert " + expr(*a.test, PIfExp) +
                      (a.msg ? ", " + expr(*a.msg, PIfExp) : ""));
      return;
    }
    case StmtKind::Import:
    case StmtKind::ImportFrom: {
      bool from = s.kind == StmtKind::ImportFrom;
      auto &names =
          from ? as<ImportFromStmt>(s).names : as<ImportStmt>(s).names;
      std::string text;
      for (size_t i = 0; i < names.size(); ++i)
        text += (i ? ", " : "") + names[i].name +
                (names[i].asname.empty() ? "" : " as " + names[i].asname);
      if (from) {
        auto &f = as<ImportFromStmt>(s);
        line(depth, "from " + std::string(f.level, '.') + f.module +
                        " import " + text);
      } else {
        line(depth, "import " + text);
      }
      return;
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      std::string text = s.kind == StmtKind::Global ? "global " : "nonlocal ";
      auto &n = as<NameListStmt>(s).names;
      for (size_t i = 0; i < n.size(); ++i)
        text += (i ? ", " : "") + n[i];
      line(depth, text);
      return;
    }
    case StmtKind::Expr:
      line(depth, expr(*as<ExprStmt>(s).value, PLambda));
      return;
    case StmtKind::Pass:
      line(depth, "pass");
      return;
    case StmtKind::Break:
      line(depth, "break");
      return;
    case StmtKind::Continue:
      line(depth, "continue");
      return;
    }
  }
};

} // namespace

std::string unparse(const Expr &e) { return expr(e, PLambda); }

void printConverted(const FunctionDefStmt &fn, const ModuleInfo &info,
                    std::ostream &os) {
  auto it = info.functions.find(fn.scope);
  if (it != info.functions.end() && !it->second.converted)
    os << "# not converted: " << it->second.notConverted << "\n";
  Printer(*fn.scope, info, os).function(fn, 0);
}

} // namespace kiln::autograph
