// AST dumps. Each node becomes an ordered JSON object first; the text form
// renders that object, so both formats always show the same fields.
#include "kiln/frontend/AstDump.h"

#include <nlohmann/json.hpp>

namespace kiln {

using namespace ast;
using Json = nlohmann::ordered_json;

namespace {

class JsonBuilder {
public:
  Json module(const Module &m) {
    Json j = node("Module", nullptr);
    j["body"] = stmts(m.body);
    return j;
  }

private:
  Json node(const char *kind, const Node *n) {
    Json j;
    j["kind"] = kind;
    if (n)
      j["range"] = {n->range.begin.line, n->range.begin.col, n->range.end.line,
                    n->range.end.col};
    return j;
  }

  Json stmts(const StmtList &list) {
    Json a = Json::array();
    for (auto &s : list)
      a.push_back(stmt(*s));
    return a;
  }

  Json exprs(const ExprList &list) {
    Json a = Json::array();
    for (auto &e : list)
      a.push_back(e ? expr(*e) : Json(nullptr));
    return a;
  }

  Json opt(const ExprPtr &e) { return e ? expr(*e) : Json(nullptr); }

  static const char *ctxName(ExprContext c) {
    return c == ExprContext::Load    ? "Load"
           : c == ExprContext::Store ? "Store"
                                     : "Del";
  }

  Json arg(const Arg &a) {
    Json j = node("arg", &a);
    j["name"] = a.name;
    if (a.annotation)
      j["annotation"] = expr(*a.annotation);
    return j;
  }

  Json arguments(const Arguments &args) {
    Json j;
    j["kind"] = "arguments";
    auto list = [&](const std::vector<Arg> &v) {
      Json a = Json::array();
      for (auto &x : v)
        a.push_back(arg(x));
      return a;
    };
    j["posonlyargs"] = list(args.posonly);
    j["args"] = list(args.args);
    j["vararg"] = args.vararg ? arg(*args.vararg) : Json(nullptr);
    j["kwonlyargs"] = list(args.kwonly);
    j["kw_defaults"] = exprs(args.kwDefaults);
    j["kwarg"] = args.kwarg ? arg(*args.kwarg) : Json(nullptr);
    j["defaults"] = exprs(args.defaults);
    return j;
  }

  Json keywords(const std::vector<Keyword> &kws) {
    Json a = Json::array();
    for (auto &k : kws) {
      Json j = node("keyword", &k);
      j["arg"] = k.arg.empty() ? Json(nullptr) : Json(k.arg);
      j["value"] = expr(*k.value);
      a.push_back(j);
    }
    return a;
  }

  Json comprehensions(const std::vector<Comprehension> &gens) {
    Json a = Json::array();
    for (auto &g : gens) {
      Json j = node("comprehension", &g);
      j["target"] = expr(*g.target);
      j["iter"] = expr(*g.iter);
      j["ifs"] = exprs(g.ifs);
      a.push_back(j);
    }
    return a;
  }

  Json constant(const ConstantExpr &c) {
    Json j = node("Constant", &c);
    switch (c.type) {
    case ConstantExpr::Type::None:
      j["type"] = "None";
      j["value"] = nullptr;
      break;
    case ConstantExpr::Type::Bool:
      j["type"] = "bool";
      j["value"] = c.boolValue;
      break;
    case ConstantExpr::Type::Int:
      j["type"] = "int";
      j["value"] = c.intValue;
      break;
    case ConstantExpr::Type::Float:
      j["type"] = "float";
      j["value"] = c.floatValue;
      break;
    case ConstantExpr::Type::Imaginary:
      j["type"] = "complex";
      j["value"] = c.floatValue;
      break;
    case ConstantExpr::Type::Str:
      j["type"] = "str";
      j["value"] = c.strValue;
      break;
    case ConstantExpr::Type::Bytes: {
      // Bytes need not be UTF-8: show them as a Python-style escaped string.
      std::string shown;
      for (unsigned char ch : c.strValue) {
        if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
          shown.push_back(static_cast<char>(ch));
        } else {
          char buf[5];
          snprintf(buf, sizeof buf, "\\x%02x", ch);
          shown += buf;
        }
      }
      j["type"] = "bytes";
      j["value"] = shown;
      break;
    }
    case ConstantExpr::Type::Ellipsis:
      j["type"] = "ellipsis";
      j["value"] = "...";
      break;
    }
    return j;
  }

  Json expr(const Expr &e) {
    switch (e.kind) {
    case ExprKind::Name: {
      auto &n = as<NameExpr>(e);
      Json j = node("Name", &e);
      j["id"] = n.id;
      j["ctx"] = ctxName(n.ctx);
      return j;
    }
    case ExprKind::Constant:
      return constant(as<ConstantExpr>(e));
    case ExprKind::JoinedStr: {
      Json j = node("JoinedStr", &e);
      j["values"] = exprs(as<JoinedStrExpr>(e).values);
      return j;
    }
    case ExprKind::FormattedValue: {
      auto &f = as<FormattedValueExpr>(e);
      Json j = node("FormattedValue", &e);
      j["conversion"] = f.conversion ? std::string(1, f.conversion) : "";
      j["value"] = expr(*f.value);
      j["format_spec"] = opt(f.formatSpec);
      return j;
    }
    case ExprKind::BinOp: {
      auto &b = as<BinOpExpr>(e);
      Json j = node("BinOp", &e);
      j["op"] = binaryOpName(b.op);
      j["left"] = expr(*b.left);
      j["right"] = expr(*b.right);
      return j;
    }
    case ExprKind::UnaryOp: {
      auto &u = as<UnaryOpExpr>(e);
      Json j = node("UnaryOp", &e);
      j["op"] = unaryOpName(u.op);
      j["operand"] = expr(*u.operand);
      return j;
    }
    case ExprKind::BoolOp: {
      auto &b = as<BoolOpExpr>(e);
      Json j = node("BoolOp", &e);
      j["op"] = b.op == BoolOpKind::And ? "And" : "Or";
      j["values"] = exprs(b.values);
      return j;
    }
    case ExprKind::Compare: {
      auto &c = as<CompareExpr>(e);
      Json j = node("Compare", &e);
      Json ops = Json::array();
      for (auto op : c.ops)
        ops.push_back(cmpOpName(op));
      j["ops"] = ops;
      j["left"] = expr(*c.left);
      j["comparators"] = exprs(c.comparators);
      return j;
    }
    case ExprKind::IfExp: {
      auto &i = as<IfExpExpr>(e);
      Json j = node("IfExp", &e);
      j["test"] = expr(*i.test);
      j["body"] = expr(*i.body);
      j["orelse"] = expr(*i.orelse);
      return j;
    }
    case ExprKind::Lambda: {
      auto &l = as<LambdaExpr>(e);
      Json j = node("Lambda", &e);
      j["args"] = arguments(l.args);
      j["body"] = expr(*l.body);
      return j;
    }
    case ExprKind::Call: {
      auto &c = as<CallExpr>(e);
      Json j = node("Call", &e);
      j["func"] = expr(*c.func);
      j["args"] = exprs(c.args);
      j["keywords"] = keywords(c.keywords);
      return j;
    }
    case ExprKind::Attribute: {
      auto &a = as<AttributeExpr>(e);
      Json j = node("Attribute", &e);
      j["attr"] = a.attr;
      j["ctx"] = ctxName(a.ctx);
      j["value"] = expr(*a.value);
      return j;
    }
    case ExprKind::Subscript: {
      auto &s = as<SubscriptExpr>(e);
      Json j = node("Subscript", &e);
      j["ctx"] = ctxName(s.ctx);
      j["value"] = expr(*s.value);
      j["slice"] = expr(*s.slice);
      return j;
    }
    case ExprKind::Slice: {
      auto &s = as<SliceExpr>(e);
      Json j = node("Slice", &e);
      j["lower"] = opt(s.lower);
      j["upper"] = opt(s.upper);
      j["step"] = opt(s.step);
      return j;
    }
    case ExprKind::Starred: {
      auto &s = as<StarredExpr>(e);
      Json j = node("Starred", &e);
      j["ctx"] = ctxName(s.ctx);
      j["value"] = expr(*s.value);
      return j;
    }
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set: {
      auto &s = as<SequenceExpr>(e);
      Json j = node(e.kind == ExprKind::List    ? "List"
                    : e.kind == ExprKind::Tuple ? "Tuple"
                                                : "Set",
                    &e);
      if (e.kind != ExprKind::Set)
        j["ctx"] = ctxName(s.ctx);
      j["elts"] = exprs(s.elts);
      return j;
    }
    case ExprKind::Dict: {
      auto &d = as<DictExpr>(e);
      Json j = node("Dict", &e);
      j["keys"] = exprs(d.keys);
      j["values"] = exprs(d.values);
      return j;
    }
    case ExprKind::Yield: {
      auto &y = as<YieldExpr>(e);
      Json j = node(y.from ? "YieldFrom" : "Yield", &e);
      if (y.value)
        j["value"] = expr(*y.value);
      return j;
    }
    case ExprKind::NamedExpr: {
      auto &n = as<NamedExprExpr>(e);
      Json j = node("NamedExpr", &e);
      j["target"] = expr(*n.target);
      j["value"] = expr(*n.value);
      return j;
    }
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp: {
      auto &c = as<ComprehensionExpr>(e);
      Json j = node(e.kind == ExprKind::ListComp   ? "ListComp"
                    : e.kind == ExprKind::SetComp  ? "SetComp"
                    : e.kind == ExprKind::DictComp ? "DictComp"
                                                   : "GeneratorExp",
                    &e);
      j[e.kind == ExprKind::DictComp ? "key" : "elt"] = expr(*c.elt);
      if (c.value)
        j["value"] = expr(*c.value);
      j["generators"] = comprehensions(c.generators);
      return j;
    }
    }
    return nullptr;
  }

  Json stmt(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::FunctionDef: {
      auto &f = as<FunctionDefStmt>(s);
      Json j = node("FunctionDef", &s);
      j["name"] = f.name;
      j["args"] = arguments(f.args);
      j["decorator_list"] = exprs(f.decorators);
      j["returns"] = opt(f.returns);
      j["body"] = stmts(f.body);
      return j;
    }
    case StmtKind::ClassDef: {
      auto &c = as<ClassDefStmt>(s);
      Json j = node("ClassDef", &s);
      j["name"] = c.name;
      j["bases"] = exprs(c.bases);
      j["keywords"] = keywords(c.keywords);
      j["decorator_list"] = exprs(c.decorators);
      j["body"] = stmts(c.body);
      return j;
    }
    case StmtKind::Return: {
      Json j = node("Return", &s);
      j["value"] = opt(as<ReturnStmt>(s).value);
      return j;
    }
    case StmtKind::Delete: {
      Json j = node("Delete", &s);
      j["targets"] = exprs(as<DeleteStmt>(s).targets);
      return j;
    }
    case StmtKind::Assign: {
      auto &a = as<AssignStmt>(s);
      Json j = node("Assign", &s);
      j["targets"] = exprs(a.targets);
      j["value"] = expr(*a.value);
      return j;
    }
    case StmtKind::AugAssign: {
      auto &a = as<AugAssignStmt>(s);
      Json j = node("AugAssign", &s);
      j["op"] = binaryOpName(a.op);
      j["target"] = expr(*a.target);
      j["value"] = expr(*a.value);
      return j;
    }
    case StmtKind::AnnAssign: {
      auto &a = as<AnnAssignStmt>(s);
      Json j = node("AnnAssign", &s);
      j["target"] = expr(*a.target);
      j["annotation"] = expr(*a.annotation);
      j["value"] = opt(a.value);
      return j;
    }
    case StmtKind::For: {
      auto &f = as<ForStmt>(s);
      Json j = node("For", &s);
      j["target"] = expr(*f.target);
      j["iter"] = expr(*f.iter);
      j["body"] = stmts(f.body);
      j["orelse"] = stmts(f.orelse);
      return j;
    }
    case StmtKind::While: {
      auto &w = as<WhileStmt>(s);
      Json j = node("While", &s);
      j["test"] = expr(*w.test);
      j["body"] = stmts(w.body);
      j["orelse"] = stmts(w.orelse);
      return j;
    }
    case StmtKind::If: {
      auto &i = as<IfStmt>(s);
      Json j = node("If", &s);
      j["test"] = expr(*i.test);
      j["body"] = stmts(i.body);
      j["orelse"] = stmts(i.orelse);
      return j;
    }
    case StmtKind::With: {
      auto &w = as<WithStmt>(s);
      Json j = node("With", &s);
      Json items = Json::array();
      for (auto &item : w.items) {
        Json it = node("withitem", &item);
        it["context_expr"] = expr(*item.contextExpr);
        it["optional_vars"] = opt(item.optionalVars);
        items.push_back(it);
      }
      j["items"] = items;
      j["body"] = stmts(w.body);
      return j;
    }
    case StmtKind::Raise: {
      auto &r = as<RaiseStmt>(s);
      Json j = node("Raise", &s);
      j["exc"] = opt(r.exc);
      j["cause"] = opt(r.cause);
      return j;
    }
    case StmtKind::Try: {
      auto &t = as<TryStmt>(s);
      Json j = node("Try", &s);
      j["body"] = stmts(t.body);
      Json handlers = Json::array();
      for (auto &h : t.handlers) {
        Json hj = node("ExceptHandler", &h);
        hj["type"] = opt(h.type);
        hj["name"] = h.name.empty() ? Json(nullptr) : Json(h.name);
        hj["body"] = stmts(h.body);
        handlers.push_back(hj);
      }
      j["handlers"] = handlers;
      j["orelse"] = stmts(t.orelse);
      j["finalbody"] = stmts(t.finalbody);
      return j;
    }
    case StmtKind::Assert: {
      auto &a = as<AssertStmt>(s);
      Json j = node("Assert", &s);
      j["test"] = expr(*a.test);
      j["msg"] = opt(a.msg);
      return j;
    }
    case StmtKind::Import:
    case StmtKind::ImportFrom: {
      bool from = s.kind == StmtKind::ImportFrom;
      Json j = node(from ? "ImportFrom" : "Import", &s);
      const auto &names =
          from ? as<ImportFromStmt>(s).names : as<ImportStmt>(s).names;
      if (from) {
        j["module"] = as<ImportFromStmt>(s).module;
        j["level"] = as<ImportFromStmt>(s).level;
      }
      Json a = Json::array();
      for (auto &alias : names) {
        Json aj = node("alias", &alias);
        aj["name"] = alias.name;
        aj["asname"] =
            alias.asname.empty() ? Json(nullptr) : Json(alias.asname);
        a.push_back(aj);
      }
      j["names"] = a;
      return j;
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      Json j = node(s.kind == StmtKind::Global ? "Global" : "Nonlocal", &s);
      j["names"] = as<NameListStmt>(s).names;
      return j;
    }
    case StmtKind::Expr: {
      Json j = node("Expr", &s);
      j["value"] = expr(*as<ExprStmt>(s).value);
      return j;
    }
    case StmtKind::Pass:
      return node("Pass", &s);
    case StmtKind::Break:
      return node("Break", &s);
    case StmtKind::Continue:
      return node("Continue", &s);
    }
    return nullptr;
  }
};

bool isNode(const Json &j) { return j.is_object() && j.contains("kind"); }

/// Text rendering: `Kind scalar=value ... <l:c-l:c>` then one indented
/// line per child field holding nodes. Empty lists and nulls are omitted.
void renderText(const Json &j, std::ostream &out, int indent) {
  out << std::string(indent, ' ') << j["kind"].get<std::string>();
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string &key = it.key();
    if (key == "kind" || key == "range")
      continue;
    const Json &v = it.value();
    bool scalar = !v.is_object() && !(v.is_array() && !v.empty() &&
                                      (isNode(v[0]) || v[0].is_null()));
    if (!scalar || v.is_null() || (v.is_array() && v.empty()))
      continue;
    out << ' ' << key << '='
        << v.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  if (j.contains("range")) {
    const Json &r = j["range"];
    out << " <" << r[0] << ':' << r[1] << '-' << r[2] << ':' << r[3] << '>';
  }
  out << '\n';
  for (auto it = j.begin(); it != j.end(); ++it) {
    const Json &v = it.value();
    if (isNode(v)) {
      out << std::string(indent + 2, ' ') << it.key() << ":\n";
      renderText(v, out, indent + 4);
    } else if (v.is_object() && v.contains("kind")) {
      renderText(v, out, indent + 4);
    } else if (v.is_array() && !v.empty() && (isNode(v[0]) || v[0].is_null())) {
      out << std::string(indent + 2, ' ') << it.key() << ":\n";
      for (auto &child : v) {
        if (child.is_null())
          out << std::string(indent + 4, ' ') << "None\n";
        else
          renderText(child, out, indent + 4);
      }
    }
  }
}

} // namespace

void dumpAstJson(const Module &module, std::ostream &out) {
  out << JsonBuilder().module(module).dump(2, ' ', false,
                                           Json::error_handler_t::replace)
      << '\n';
}

void dumpAstText(const Module &module, std::ostream &out) {
  renderText(JsonBuilder().module(module), out, 0);
}

} // namespace kiln
