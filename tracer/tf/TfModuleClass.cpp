// tf.name_scope and tf.Module: the scope names that prefix tf.Variable
// names, and the base class that names a model's parts and finds their
// variables by walking its attributes, as TensorFlow's module.py does.
#include "TfModuleBuilder.h"
#include "TfVariable.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace kiln::tf {

using py::Type;

namespace {

/// A tf.name_scope: entering it makes `scope` the runtime's name scope.
struct NameScopeObject : py::NativeObject {
  NameScopeObject(TfRuntime &rt, std::string name)
      : rt(rt), name(std::move(name)) {}
  TfRuntime &rt;
  std::string name;
  std::vector<std::string> saved; // scopes to restore, innermost last
  // While tracing, the scope also names graph nodes ("dense/MatMul"): the
  // graph scopes to restore, innermost last.
  std::vector<std::string> savedGraph;
  std::string typeName() const override { return "name_scope_v2"; }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    if (attr == "name") {
      out = in.str(name);
    } else if (attr == "__enter__") {
      out = in.builtin("__enter__", [this, self](Interpreter &in, CallArgs &) {
        (void)self; // keeps this object alive while the builtin is
        // Only a graph checks names: eagerly, any string is a scope.
        if (rt.tracing)
          checkScopeName(in, rt.tracing->graph, name);
        saved.push_back(rt.nameScope);
        // A name ending in "/" is a whole scope (what entering returned);
        // "" goes back to the top.
        bool absolute = name.empty() || name.back() == '/';
        if (absolute)
          rt.nameScope = name;
        else
          rt.nameScope += name + "/";
        if (!rt.tracing)
          return in.str(rt.nameScope);
        graph::Graph &g = rt.tracing->graph;
        savedGraph.push_back(g.scope);
        if (absolute)
          g.scope = name;
        else
          g.enterScope(name);
        return in.str(g.scope);
      });
    } else if (attr == "__exit__") {
      out = in.builtin("__exit__", [this, self](Interpreter &, CallArgs &) {
        (void)self;
        if (!saved.empty()) {
          rt.nameScope = saved.back();
          saved.pop_back();
        }
        if (rt.tracing && !savedGraph.empty()) {
          rt.tracing->graph.scope = savedGraph.back();
          savedGraph.pop_back();
        }
        return Value::boolean(false);
      });
    } else {
      return false;
    }
    return true;
  }
};

Value nameScope(TfRuntime &rt, const std::string &name) {
  return Value::object(Type::Native,
                       std::make_shared<NameScopeObject>(rt, name));
}

/// TensorFlow's camel_to_snake: "MyDense" -> "my_dense", "MLP" -> "mlp".
std::string camelToSnake(const std::string &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    auto upper = [&](size_t k) {
      return std::isupper(static_cast<unsigned char>(s[k]));
    };
    auto lowerOrDigit = [&](size_t k) {
      return std::islower(static_cast<unsigned char>(s[k])) ||
             std::isdigit(static_cast<unsigned char>(s[k]));
    };
    if (i > 0 && upper(i) &&
        (lowerOrDigit(i - 1) ||
         (i + 1 < s.size() &&
          std::islower(static_cast<unsigned char>(s[i + 1])))))
      out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  }
  return out;
}

bool isIdentifier(const std::string &s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
  });
}

/// What Module._flatten yields: `leaf` tells which leaves to keep.
class ModuleWalk {
public:
  ModuleWalk(Interpreter &in, const py::ClassObject *moduleClass,
             std::function<bool(const Value &)> keep)
      : in(in), moduleClass(moduleClass), keep(std::move(keep)) {}

  /// The kept leaves of `module`'s attributes (sorted by name; lists in
  /// order, dicts by key), then, recursively, those of its submodules.
  void walk(const Value &module) {
    seen.insert(module.raw());
    auto &inst = module.as<py::InstanceObject>();
    std::vector<std::string> keys = inst.attrNames();
    std::sort(keys.begin(), keys.end());
    std::vector<Value> submodules;
    for (auto &k : keys)
      leaves(*inst.findAttr(in, k), submodules);
    for (auto &m : submodules)
      walk(m);
  }
  ValueList found;

private:
  void leaves(const Value &v, std::vector<Value> &submodules) {
    if (v.is(Type::List) || v.is(Type::Tuple)) {
      for (auto &item : in.toList(v))
        leaves(item, submodules);
      return;
    }
    if (v.is(Type::Dict)) {
      for (auto &item : sortedItems(in, v))
        leaves(item.second, submodules);
      return;
    }
    if (!seen.insert(v.raw()).second)
      return;
    if (keep(v))
      found.push_back(v);
    if (v.is(Type::Instance) && in.isInstance(v, moduleClass))
      submodules.push_back(v);
  }

  Interpreter &in;
  const py::ClassObject *moduleClass;
  std::function<bool(const Value &)> keep;
  std::set<const py::Object *> seen;
};

Value property(Interpreter &in, const std::string &name, py::BuiltinFn fn) {
  auto p = std::make_shared<py::PropertyObject>();
  p->getter = in.builtin(name, std::move(fn));
  return Value::object(Type::Property, p);
}

Value selfArg(Interpreter &in, CallArgs &args, const std::string &name) {
  if (args.positional.empty() || !args.positional[0].is(Type::Instance))
    in.typeError("descriptor '" + name +
                 "' of 'Module' object needs an "
                 "argument");
  return args.positional[0];
}

} // namespace

void installModuleClass(TfRuntime &rt, ModuleBuilder &tf) {
  Interpreter &in = rt.in;
  TfRuntime *r = &rt;
  tf.def("name_scope", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "name_scope", {"name"});
    Value name = p.require("name", "name_scope");
    if (!name.is(Type::Str))
      in.typeError("name for name_scope must be a string.");
    return nameScope(*r, in.toStr(name));
  });
  // The scope ops are named in now: the graph's while tracing.
  tf.def("get_current_name_scope", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "get_current_name_scope", {});
    std::string scope = r->tracing ? r->tracing->graph.scope : r->nameScope;
    if (!scope.empty() && scope.back() == '/')
      scope.pop_back();
    return in.str(scope);
  });

  auto cls = std::make_shared<py::ClassObject>();
  cls->name = "Module";
  cls->module = "tensorflow.python.module.module";
  const py::ClassObject *moduleClass = cls.get();
  cls->dict["__init__"] = in.builtin("__init__", [r](Interpreter &in,
                                                     CallArgs &args) {
    Value self = selfArg(in, args, "__init__");
    CallArgs rest;
    rest.positional.assign(args.positional.begin() + 1, args.positional.end());
    rest.keywords = args.keywords;
    Params p(in, rest, "__init__", {"name"});
    std::string name;
    if (p.has("name")) {
      name = in.toStr(p.get("name"));
      if (!isIdentifier(name))
        in.valueError("'" + name +
                      "' is not a valid module name. Module names must be "
                      "valid Python identifiers (e.g. a valid class name).");
    } else {
      name = camelToSnake(self.as<py::InstanceObject>().cls->name);
    }
    in.setAttr(self, "_name", in.str(name));
    // The module's scope nests in the scope it was made in.
    in.setAttr(self, "_name_scope", nameScope(*r, r->nameScope + name + "/"));
    return Value();
  });
  cls->dict["name"] = property(in, "name", [](Interpreter &in, CallArgs &args) {
    return in.getAttr(selfArg(in, args, "name"), "_name");
  });
  cls->dict["name_scope"] =
      property(in, "name_scope", [](Interpreter &in, CallArgs &args) {
        return in.getAttr(selfArg(in, args, "name_scope"), "_name_scope");
      });
  auto collect = [moduleClass](const std::string &name,
                               std::function<bool(const Value &)> keep) {
    return [moduleClass, name, keep](Interpreter &in, CallArgs &args) {
      ModuleWalk walk(in, moduleClass, keep);
      walk.walk(selfArg(in, args, name));
      return in.tuple(walk.found);
    };
  };
  cls->dict["variables"] = property(
      in, "variables",
      collect("variables", [](const Value &v) { return asVariable(v); }));
  cls->dict["trainable_variables"] =
      property(in, "trainable_variables",
               collect("trainable_variables", [](const Value &v) {
                 VariableObject *var = asVariable(v);
                 return var && var->state->trainable;
               }));
  cls->dict["non_trainable_variables"] =
      property(in, "non_trainable_variables",
               collect("non_trainable_variables", [](const Value &v) {
                 VariableObject *var = asVariable(v);
                 return var && !var->state->trainable;
               }));
  Interpreter *interp = &in;
  cls->dict["submodules"] = property(
      in, "submodules",
      collect("submodules", [interp, moduleClass](const Value &v) {
        return v.is(Type::Instance) && interp->isInstance(v, moduleClass);
      }));
  // @tf.Module.with_name_scope: the method runs in the module's name scope.
  auto withScope = std::make_shared<py::PropertyObject>();
  withScope->kind = py::PropertyObject::Kind::StaticMethod;
  withScope->getter =
      in.builtin("with_name_scope", [](Interpreter &in, CallArgs &args) {
        py::ArgParser(in, args, "with_name_scope").expect(1, 1);
        Value method = args.positional[0];
        return in.builtin("with_name_scope", [method](Interpreter &in,
                                                      CallArgs &args) {
          Value scope =
              in.getAttr(selfArg(in, args, "with_name_scope"), "name_scope");
          in.call(in.getAttr(scope, "__enter__"), ValueList{});
          Value result;
          try {
            result = in.call(method, args);
          } catch (...) {
            in.call(in.getAttr(scope, "__exit__"),
                    ValueList{Value(), Value(), Value()});
            throw;
          }
          in.call(in.getAttr(scope, "__exit__"),
                  ValueList{Value(), Value(), Value()});
          return result;
        });
      });
  cls->dict["with_name_scope"] = Value::object(Type::Property, withScope);
  tf.set("Module", Value::object(Type::Class, cls));
}

} // namespace kiln::tf
