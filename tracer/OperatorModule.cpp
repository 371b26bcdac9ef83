// Python's `operator` module: the operators as functions (through the
// interpreter's own operators, so tensors and arrays work too), and
// itemgetter, attrgetter and methodcaller, which sort keys and reductions
// use.
#include "ArgumentErrors.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

/// itemgetter, attrgetter and methodcaller objects: callables with
/// CPython's repr.
struct GetterObject : NativeObject {
  std::string kind; // "itemgetter", "attrgetter", "methodcaller"
  ValueList items;  // keys, attribute paths, or the method's arguments
  std::vector<std::pair<std::string, Value>> keywords; // methodcaller's
  std::string method;                                  // methodcaller's

  std::string typeName() const override { return kind; }
  std::string typeModule() const override { return "operator"; }
  bool isCallable() const override { return true; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string out = "operator." + kind + "(";
    if (kind == "methodcaller")
      out += in.repr(in.str(method));
    for (size_t i = 0; i < items.size(); ++i)
      out += (i || kind == "methodcaller" ? ", " : "") + in.repr(items[i]);
    for (auto &[k, v] : keywords)
      out += ", " + k + "=" + in.repr(v);
    return out + ")";
  }
  Value one(Interpreter &in, const Value &obj, const Value &item) {
    if (kind == "itemgetter")
      return in.getItem(obj, item);
    // attrgetter("a.b"): attributes one after another.
    Value v = obj;
    std::string path = item.as<StrObject>().s;
    size_t start = 0;
    for (;;) {
      size_t dot = path.find('.', start);
      v = in.getAttr(v, path.substr(start, dot - start));
      if (dot == std::string::npos)
        return v;
      start = dot + 1;
    }
  }
  bool call(Interpreter &in, const Value &, CallArgs &args,
            Value &out) override {
    ArgParser(in, args, kind.c_str()).expect(1, 1);
    const Value &obj = args.positional[0];
    if (kind == "methodcaller") {
      CallArgs callArgs;
      callArgs.positional = items;
      callArgs.keywords = keywords;
      out = in.call(in.getAttr(obj, method), callArgs);
      return true;
    }
    if (items.size() == 1) {
      out = one(in, obj, items[0]);
      return true;
    }
    ValueList values;
    for (const Value &item : items)
      values.push_back(one(in, obj, item));
    out = in.tuple(std::move(values));
    return true;
  }
};

Value operatorModule(Interpreter &in) {
  Value m = makeModule("operator");
  auto binary = [&](const char *name, ast::BinaryOp op) {
    defFunction(in, m, name, [name, op](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name).expect(2, 2);
      return in.binary(op, args.positional[0], args.positional[1]);
    });
  };
  binary("add", ast::BinaryOp::Add);
  binary("sub", ast::BinaryOp::Sub);
  binary("mul", ast::BinaryOp::Mult);
  binary("matmul", ast::BinaryOp::MatMult);
  binary("truediv", ast::BinaryOp::Div);
  binary("floordiv", ast::BinaryOp::FloorDiv);
  binary("mod", ast::BinaryOp::Mod);
  binary("pow", ast::BinaryOp::Pow);
  binary("lshift", ast::BinaryOp::LShift);
  binary("rshift", ast::BinaryOp::RShift);
  binary("and_", ast::BinaryOp::BitAnd);
  binary("or_", ast::BinaryOp::BitOr);
  binary("xor", ast::BinaryOp::BitXor);
  binary("concat", ast::BinaryOp::Add);
  auto unary = [&](const char *name, ast::UnaryOpKind op) {
    defFunction(in, m, name, [name, op](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name).expect(1, 1);
      return in.unary(op, args.positional[0]);
    });
  };
  unary("neg", ast::UnaryOpKind::USub);
  unary("pos", ast::UnaryOpKind::UAdd);
  unary("invert", ast::UnaryOpKind::Invert);
  unary("inv", ast::UnaryOpKind::Invert);
  unary("not_", ast::UnaryOpKind::Not);
  auto compare = [&](const char *name, ast::CmpOp op) {
    defFunction(in, m, name, [name, op](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name).expect(2, 2);
      return in.compare(op, args.positional[0], args.positional[1]);
    });
  };
  compare("eq", ast::CmpOp::Eq);
  compare("ne", ast::CmpOp::NotEq);
  compare("lt", ast::CmpOp::Lt);
  compare("le", ast::CmpOp::LtE);
  compare("gt", ast::CmpOp::Gt);
  compare("ge", ast::CmpOp::GtE);
  compare("is_", ast::CmpOp::Is);
  compare("is_not", ast::CmpOp::IsNot);
  defFunction(in, m, "truth", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "truth").expect(1, 1);
    return Value::boolean(in.truthy(args.positional[0]));
  });
  defFunction(in, m, "contains", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "contains").expect(2, 2);
    return Value::boolean(in.contains(args.positional[0], args.positional[1]));
  });
  defFunction(in, m, "getitem", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getitem").expect(2, 2);
    return in.getItem(args.positional[0], args.positional[1]);
  });
  defFunction(in, m, "index", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "index").expect(1, 1);
    return Value::integer(in.toIndex(args.positional[0]));
  });
  for (const char *kind : {"itemgetter", "attrgetter"})
    defFunction(in, m, kind, [kind](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, kind);
      p.noKeywords();
      if (args.positional.empty())
        in.typeError(std::string(kind) + " expected 1 argument, got 0");
      auto g = std::make_shared<GetterObject>();
      g->kind = kind;
      g->items = args.positional;
      if (g->kind == "attrgetter")
        for (const Value &item : g->items)
          if (!item.is(Type::Str))
            in.typeError("attribute name must be a string");
      return Value::object(Type::Native, g);
    });
  defFunction(in, m, "methodcaller", [](Interpreter &in, CallArgs &args) {
    if (args.positional.empty())
      in.typeError("methodcaller needs at least one argument, the method name");
    if (!args.positional[0].is(Type::Str))
      in.typeError("method name must be a string");
    auto g = std::make_shared<GetterObject>();
    g->kind = "methodcaller";
    g->method = args.positional[0].as<StrObject>().s;
    g->items.assign(args.positional.begin() + 1, args.positional.end());
    g->keywords = args.keywords;
    return Value::object(Type::Native, g);
  });
  return m;
}

} // namespace

void installOperatorModule(Interpreter &in) {
  in.registerModule("operator", operatorModule);
}

} // namespace kiln::py
