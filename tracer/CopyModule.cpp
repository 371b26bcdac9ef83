// Python's `copy`: copy() and deepcopy() as scripts use them to clone
// configurations, layers' settings and nested containers. Instances are
// rebuilt as CPython's default __reduce_ex__ does (a new object of the same
// class, without __init__, holding the attributes), unless their class
// defines __copy__ or __deepcopy__. TensorFlow's tensors are immutable and
// copy to themselves; a NumPy array copies its data.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

/// Values CPython's copy module returns as they are, shallow or deep
/// (immutable atoms, functions and classes).
bool isAtomic(const Value &v) {
  switch (v.type()) {
  case Type::None:
  case Type::Bool:
  case Type::Int:
  case Type::Float:
  case Type::Str:
  case Type::Bytes:
  case Type::Range:
  case Type::Slice:
  case Type::Function:
  case Type::Builtin:
  case Type::Class:
  case Type::Property:
  case Type::Ellipsis:
  case Type::Module:
  case Type::BoundMethod:
    return true;
  default:
    return false;
  }
}

/// A new instance of `src`'s class without calling __init__, holding
/// `convert` of each of its attributes (and an exception's arguments).
template <typename Convert>
Value rebuildInstance(Interpreter &in, const Value &src, Convert convert,
                      const std::function<void(const Value &)> &remember) {
  auto &from = src.as<InstanceObject>();
  auto inst = std::make_shared<InstanceObject>();
  inst->cls = from.cls;
  Value out = Value::object(Type::Instance, inst);
  remember(out);
  for (const Value &arg : from.args)
    inst->args.push_back(convert(arg));
  for (const std::string &name : from.attrNames())
    if (Value *v = from.findAttr(in, name))
      inst->setAttr(in, name, convert(*v));
  return out;
}

/// NumPy's arrays and scalars copy their data; TensorFlow's values (tensors,
/// dtypes, specs) are immutable and copy to themselves.
Value copyNative(Interpreter &in, const Value &v) {
  Value copier;
  if (v.is(Type::Native) && v.as<NativeObject>().typeModule() == "numpy" &&
      in.tryGetAttr(v, "copy", copier))
    return in.call(copier, ValueList{});
  return v;
}

Value shallowCopy(Interpreter &in, const Value &x) {
  if (isAtomic(x) || x.is(Type::Tuple) || x.is(Type::Tensor))
    return x;
  if (x.is(Type::Set) && x.as<SetObject>().frozen)
    return x;
  if (x.is(Type::List) || x.is(Type::Dict) || x.is(Type::Set))
    return in.call(in.getAttr(x, "copy"), ValueList{});
  if (x.is(Type::Instance)) {
    if (x.as<InstanceObject>().cls->lookup("__copy__"))
      return in.call(in.getAttr(x, "__copy__"), ValueList{});
    return rebuildInstance(
        in, x, [](const Value &v) { return v; }, [](const Value &) {});
  }
  if (x.is(Type::Native)) {
    Value hook;
    if (in.tryGetAttr(x, "__copy__", hook))
      return in.call(hook, ValueList{});
    return copyNative(in, x);
  }
  in.typeError("cannot pickle '" + in.typeName(x) + "' object");
}

/// deepcopy with CPython's memo: a dict from id() of each original to its
/// copy, which a class's __deepcopy__(memo) receives and passes on.
class DeepCopier {
public:
  DeepCopier(Interpreter &in, Value memo) : in(in), memo(std::move(memo)) {}

  Value copy(const Value &x) {
    if (isAtomic(x) || x.is(Type::Tensor))
      return x;
    Value key = Value::integer(reinterpret_cast<intptr_t>(x.raw()));
    if (in.contains(memo, key))
      return in.getItem(memo, key);
    Value y = copyNew(x, key);
    remember(key, y);
    return y;
  }

private:
  void remember(const Value &key, const Value &y) { in.setItem(memo, key, y); }

  Value copyNew(const Value &x, const Value &key) {
    switch (x.type()) {
    case Type::List: {
      Value y = in.list({});
      remember(key, y); // a list that holds itself copies to one
      for (const Value &item : in.toList(x))
        y.as<ListObject>().items.push_back(copy(item));
      return y;
    }
    case Type::Tuple: {
      ValueList items;
      bool same = true;
      for (const Value &item : x.as<TupleObject>().items) {
        items.push_back(copy(item));
        same = same && items.back().identical(item);
      }
      // A tuple reached again through its own items was copied there.
      if (in.contains(memo, key))
        return in.getItem(memo, key);
      return same ? x : in.tuple(std::move(items));
    }
    case Type::Dict: {
      Value y = in.dict();
      y.as<DictObject>().kind = x.as<DictObject>().kind;
      y.as<DictObject>().factory = x.as<DictObject>().factory;
      remember(key, y);
      for (auto &e : x.as<DictObject>().table.entries())
        if (e.live)
          in.setItem(y, copy(e.key), copy(e.value));
      return y;
    }
    case Type::Set: {
      ValueList items;
      for (const Value &item : in.toList(x))
        items.push_back(copy(item));
      Value y = in.set();
      for (const Value &item : items)
        y.as<SetObject>().table.set(in, item, in.hash(item), Value());
      y.as<SetObject>().frozen = x.as<SetObject>().frozen;
      return y;
    }
    case Type::Instance: {
      if (x.as<InstanceObject>().cls->lookup("__deepcopy__"))
        return in.call(in.getAttr(x, "__deepcopy__"), ValueList{memo});
      return rebuildInstance(
          in, x, [this](const Value &v) { return copy(v); },
          [this, &key](const Value &y) { remember(key, y); });
    }
    case Type::Native: {
      Value hook;
      if (in.tryGetAttr(x, "__deepcopy__", hook))
        return in.call(hook, ValueList{memo});
      return copyNative(in, x);
    }
    default:
      in.typeError("cannot pickle '" + in.typeName(x) + "' object");
    }
  }

  Interpreter &in;
  Value memo;
};

Value copyModule(Interpreter &in) {
  Value m = makeModule("copy");
  defFunction(in, m, "copy", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "copy").expect(1, 1);
    return shallowCopy(in, args.positional[0]);
  });
  defFunction(in, m, "deepcopy", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "deepcopy");
    std::optional<Value> memo = p.keyword("memo");
    p.expect(1, 2);
    if (args.positional.size() == 2)
      memo = args.positional[1];
    if (!memo || memo->isNone())
      memo = in.dict();
    else if (!memo->is(Type::Dict))
      in.typeError("'" + in.typeName(*memo) +
                   "' object is not a copy memo (a dict) (not supported by "
                   "kiln)");
    return DeepCopier(in, *memo).copy(args.positional[0]);
  });
  return m;
}

} // namespace

void installCopyModule(Interpreter &in) {
  in.registerModule("copy", copyModule);
}

} // namespace kiln::py
