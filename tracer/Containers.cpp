// Subscripting, membership, len() and iteration over builtin containers,
// with the user-class dunders (__getitem__, __len__, __iter__, ...).
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"
#include "kiln/frontend/Utf8.h"

namespace kiln::py {

int64_t Interpreter::toIndex(const Value &v, const char *what) {
  if (v.isIntLike())
    return v.asInt();
  if (isNative(v) && v.as<NativeObject>().isIndex()) {
    Value n;
    if (v.as<NativeObject>().toNumber(*this, v, n) && n.isIntLike())
      return n.asInt();
  }
  Value result;
  if (callDunder(v, "__index__", {}, result) && result.isIntLike())
    return result.asInt();
  if (what)
    typeError(std::string(what));
  typeError("'" + cTypeName(v) +
            "' object cannot be interpreted as an integer");
}

bool Interpreter::hasIndexMethod(const Value &v) {
  if (v.is(Type::Instance))
    return v.as<InstanceObject>().cls->lookup("__index__") != nullptr;
  Value n;
  return isNative(v) && v.as<NativeObject>().isIndex() &&
         v.as<NativeObject>().toNumber(*this, v, n) && n.isIntLike();
}

SliceBounds sliceBounds(Interpreter &in, const SliceObject &s, int64_t length) {
  const char *msg =
      "slice indices must be integers or None or have an __index__ method";
  int64_t step = s.step.isNone() ? 1 : in.toIndex(s.step, msg);
  if (step == 0)
    in.valueError("slice step cannot be zero");
  int64_t lower = step < 0 ? -1 : 0;
  int64_t upper = step < 0 ? length - 1 : length;
  auto clamp = [&](const Value &v, int64_t dflt) {
    if (v.isNone())
      return dflt;
    int64_t i = in.toIndex(v, msg);
    if (i < 0) {
      i += length;
      if (i < lower)
        i = lower;
    } else if (i > upper) {
      i = upper;
    }
    return i;
  };
  int64_t start = clamp(s.start, step < 0 ? upper : lower);
  int64_t stop = clamp(s.stop, step < 0 ? lower : upper);
  int64_t count = 0;
  if (step > 0 && start < stop)
    count = (stop - start - 1) / step + 1;
  else if (step < 0 && stop < start)
    count = (start - stop - 1) / (-step) + 1;
  return {start, stop, step, count};
}

template <typename Seq>
static Seq sliceOf(const Seq &items, const SliceBounds &b) {
  Seq out;
  for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step)
    out.push_back(items[k]);
  return out;
}

/// Index `key` of a sequence of `length` (`kind`: "list", "string", ...);
/// IndexError `outOfRange`, by default "<kind> index out of range".
static int64_t normalizeIndex(Interpreter &in, const Value &key, int64_t length,
                              const char *kind,
                              const char *outOfRange = nullptr) {
  int64_t i = in.toIndex(key, (std::string(kind) +
                               " indices must be integers or slices, not " +
                               in.typeName(key))
                                  .c_str());
  if (i < 0)
    i += length;
  if (i < 0 || i >= length)
    in.raise("IndexError", outOfRange
                               ? std::string(outOfRange)
                               : std::string(kind) + " index out of range");
  return i;
}

Value Interpreter::getItem(const Value &obj, const Value &key) {
  switch (obj.type()) {
  case Type::Tensor:
  case Type::Native: {
    Value result;
    if (obj.as<NativeObject>().getItem(*this, obj, key, result))
      return result;
    break;
  }
  case Type::List:
  case Type::Tuple: {
    bool isList = obj.is(Type::List);
    const ValueList &items =
        isList ? obj.as<ListObject>().items : obj.as<TupleObject>().items;
    if (key.is(Type::Slice)) {
      auto b = sliceBounds(*this, key.as<SliceObject>(), items.size());
      return isList ? list(sliceOf(items, b)) : tuple(sliceOf(items, b));
    }
    if (!key.isIntLike() && !key.is(Type::Instance) && !isNative(key))
      typeError(std::string(isList ? "list" : "tuple") +
                " indices must be integers or slices, not " + typeName(key));
    return items[normalizeIndex(*this, key, items.size(),
                                isList ? "list" : "tuple")];
  }
  case Type::Str: {
    auto &s = obj.as<StrObject>();
    // An object with __index__ indexes as its int.
    if (hasIndexMethod(key))
      return getItem(obj, Value::integer(toIndex(key)));
    if (!key.is(Type::Slice) && !key.isIntLike())
      typeError("string indices must be integers, not '" + typeName(key) + "'");
    if (s.ascii) {
      if (key.is(Type::Slice)) {
        auto b = sliceBounds(*this, key.as<SliceObject>(), s.s.size());
        return str(sliceOf(s.s, b));
      }
      return str(std::string(
          1, s.s[normalizeIndex(*this, key, s.s.size(), "string")]));
    }
    std::u32string cps = decodeUtf8(s.s);
    if (key.is(Type::Slice)) {
      auto b = sliceBounds(*this, key.as<SliceObject>(), cps.size());
      return str(encodeUtf8(sliceOf(cps, b)));
    }
    std::string out;
    appendCodePoint(out, cps[normalizeIndex(*this, key, cps.size(), "string")]);
    return str(out);
  }
  case Type::Bytes: {
    auto &s = obj.as<BytesObject>().s;
    if (key.is(Type::Slice)) {
      auto b = sliceBounds(*this, key.as<SliceObject>(), s.size());
      return bytes(sliceOf(s, b));
    }
    return Value::integer(static_cast<unsigned char>(
        s[normalizeIndex(*this, key, s.size(), "byte", "index out of range")]));
  }
  case Type::Range: {
    auto &r = obj.as<RangeObject>();
    if (key.is(Type::Slice)) {
      auto b = sliceBounds(*this, key.as<SliceObject>(), r.length());
      auto out = std::make_shared<RangeObject>();
      out->start = r.start + b.start * r.step;
      out->step = r.step * b.step;
      out->stop = out->start + b.count * out->step;
      return Value::object(Type::Range, out);
    }
    // (In unsigned arithmetic: a range may hold more than INT64_MAX
    // numbers, and each one fits in 64 bits.)
    int64_t given =
        toIndex(key, ("range object indices must be integers or slices, not " +
                      typeName(key))
                         .c_str());
    uint64_t n = r.exactLength();
    uint64_t i = given < 0 ? n - (0 - uint64_t(given)) : uint64_t(given);
    if ((given < 0 && 0 - uint64_t(given) > n) || (given >= 0 && i >= n))
      raise("IndexError", "range object index out of range");
    return Value::integer(int64_t(uint64_t(r.start) + i * uint64_t(r.step)));
  }
  case Type::Dict: {
    auto &table = obj.as<DictObject>().table;
    if (auto *e = table.find(*this, key, hash(key)))
      return e->value;
    Value value;
    if (auto &kind = obj.as<DictObject>().kind;
        kind && kind->missing(*this, obj, key, value))
      return value;
    raiseValue(call(Value::object(Type::Class, builtinClass("KeyError")),
                    ValueList{key}));
  }
  case Type::Instance: {
    Value result;
    if (callDunder(obj, "__getitem__", {key}, result))
      return result;
    break;
  }
  case Type::Class: {
    auto &cls = obj.as<ClassObject>();
    if (cls.builtinType) // list[int] and friends, in annotations
      return obj;
    // Box[int] of a Generic class: its __class_getitem__ (a classmethod
    // without the decorator, as in CPython).
    if (const Value *hook = cls.lookup("__class_getitem__"))
      return call(*hook, ValueList{obj, key});
    break;
  }
  default:
    break;
  }
  typeError("'" + qualifiedTypeName(obj) + "' object is not subscriptable");
}

void Interpreter::setItem(const Value &obj, const Value &key,
                          const Value &value) {
  switch (obj.type()) {
  case Type::List: {
    auto &items = obj.as<ListObject>().items;
    if (key.is(Type::Slice)) {
      ValueList replacement = toList(value);
      auto b = sliceBounds(*this, key.as<SliceObject>(), items.size());
      if (b.step == 1) {
        int64_t stop = std::max(b.start, b.stop);
        items.erase(items.begin() + b.start, items.begin() + stop);
        items.insert(items.begin() + b.start, replacement.begin(),
                     replacement.end());
        return;
      }
      if (static_cast<int64_t>(replacement.size()) != b.count)
        valueError("attempt to assign sequence of size " +
                   std::to_string(replacement.size()) +
                   " to extended slice of size " + std::to_string(b.count));
      for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step)
        items[k] = replacement[i];
      return;
    }
    if (!key.isIntLike())
      typeError("list indices must be integers or slices, not " +
                typeName(key));
    int64_t i = key.asInt();
    if (i < 0)
      i += items.size();
    if (i < 0 || i >= static_cast<int64_t>(items.size()))
      raise("IndexError", "list assignment index out of range");
    items[i] = value;
    return;
  }
  case Type::Dict:
    obj.as<DictObject>().table.set(*this, key, hash(key), value);
    return;
  case Type::Instance: {
    Value result;
    if (callDunder(obj, "__setitem__", {key, value}, result))
      return;
    break;
  }
  case Type::Native:
    if (obj.as<NativeObject>().setItem(*this, obj, key, value))
      return;
    break;
  default:
    break;
  }
  typeError("'" + cTypeName(obj) + "' object does not support item assignment");
}

void Interpreter::delItem(const Value &obj, const Value &key) {
  switch (obj.type()) {
  case Type::List: {
    auto &items = obj.as<ListObject>().items;
    if (key.is(Type::Slice)) {
      auto b = sliceBounds(*this, key.as<SliceObject>(), items.size());
      std::vector<bool> drop(items.size());
      for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step)
        drop[k] = true;
      ValueList kept;
      for (size_t i = 0; i < items.size(); ++i)
        if (!drop[i])
          kept.push_back(items[i]);
      items = std::move(kept);
      return;
    }
    int64_t i = key.isIntLike() ? key.asInt() : toIndex(key);
    if (i < 0)
      i += items.size();
    if (i < 0 || i >= static_cast<int64_t>(items.size()))
      raise("IndexError", "list assignment index out of range");
    items.erase(items.begin() + i);
    return;
  }
  case Type::Dict:
    if (!obj.as<DictObject>().table.erase(*this, key, hash(key)))
      raiseValue(call(Value::object(Type::Class, builtinClass("KeyError")),
                      ValueList{key}));
    return;
  case Type::Instance: {
    Value result;
    if (callDunder(obj, "__delitem__", {key}, result))
      return;
    break;
  }
  default:
    break;
  }
  typeError("'" + typeName(obj) + "' object doesn't support item deletion");
}

bool Interpreter::contains(const Value &container, const Value &item) {
  switch (container.type()) {
  case Type::Class: // an Enum class: whether `item` is one of its members
    if (auto members = enumMembers(*this, container.as<ClassObject>())) {
      if (!item.is(Type::Instance)) {
        // Python 3.11's EnumType.__contains__ warns before it raises.
        call(getAttr(importModule("warnings"), "warn"),
             ValueList{str("in 3.12 __contains__ will no longer raise "
                           "TypeError, but will return True or\nFalse "
                           "depending on whether the value is a member or "
                           "the value of a member"),
                       Value::object(Type::Class,
                                     builtinClass("DeprecationWarning"))});
        typeError("unsupported operand type(s) for 'in': '" + typeName(item) +
                  "' and 'EnumType'");
      }
      for (const Value &m : *members)
        if (m.identical(item))
          return true;
      return false;
    }
    break;
  case Type::Str:
    if (!item.is(Type::Str))
      typeError("'in <string>' requires string as left operand, not " +
                typeName(item));
    return container.as<StrObject>().s.find(item.as<StrObject>().s) !=
           std::string::npos;
  case Type::Bytes:
    if (item.is(Type::Bytes))
      return container.as<BytesObject>().s.find(item.as<BytesObject>().s) !=
             std::string::npos;
    if (item.isIntLike())
      return container.as<BytesObject>().s.find(
                 static_cast<char>(item.asInt())) != std::string::npos;
    typeError("a bytes-like object is required, not '" + typeName(item) + "'");
  case Type::Dict:
    return container.as<DictObject>().table.find(*this, item, hash(item));
  case Type::Set:
    return container.as<SetObject>().table.find(*this, item, hash(item));
  case Type::Range: {
    auto &r = container.as<RangeObject>();
    if (item.isIntLike() ||
        (item.is(Type::Float) && item.asFloat() == (int64_t)item.asFloat())) {
      int64_t v = item.isIntLike() ? item.asInt() : (int64_t)item.asFloat();
      if (r.step > 0 ? (v < r.start || v >= r.stop)
                     : (v > r.start || v <= r.stop))
        return false;
      return (v - r.start) % r.step == 0;
    }
    break;
  }
  case Type::Instance: {
    Value result;
    if (callDunder(container, "__contains__", {item}, result))
      return truthy(result);
    break;
  }
  case Type::DictView:
    if (container.as<DictViewObject>().kind == DictViewObject::Kind::Keys)
      return contains(container.as<DictViewObject>().dict, item);
    break;
  default:
    break;
  }
  if (container.is(Type::List) || container.is(Type::Tuple)) {
    const ValueList &items = container.is(Type::List)
                                 ? container.as<ListObject>().items
                                 : container.as<TupleObject>().items;
    for (auto &v : items)
      if (v.identical(item) || equals(v, item))
        return true;
    return false;
  }
  // Without __contains__, Python iterates: so `2.0 in tensor` compares
  // each row, as an EagerTensor (which has no __contains__) does.
  Value nativeIter;
  bool iterable =
      container.is(Type::Instance) || container.is(Type::Iterator) ||
      container.is(Type::DictView) || container.is(Type::Range) ||
      (isNative(container) &&
       container.as<NativeObject>().iter(*this, container, nativeIter));
  if (iterable) {
    Value it = nativeIter.isNone() ? iter(container) : nativeIter;
    Value v;
    while (next(it, v))
      if (v.identical(item) || truthy(compare(ast::CmpOp::Eq, v, item)))
        return true;
    return false;
  }
  typeError("argument of type '" + typeName(container) + "' is not iterable");
}

int64_t Interpreter::len(const Value &v) {
  switch (v.type()) {
  case Type::Class: // an Enum class: its members
    if (auto members = enumMembers(*this, v.as<ClassObject>()))
      return static_cast<int64_t>(members->size());
    break;
  case Type::Tensor:
  case Type::Native: {
    int64_t n;
    if (v.as<NativeObject>().len(*this, v, n))
      return n;
    break;
  }
  case Type::Str:
    return v.as<StrObject>().length;
  case Type::Bytes:
    return v.as<BytesObject>().s.size();
  case Type::List:
    return v.as<ListObject>().items.size();
  case Type::Tuple:
    return v.as<TupleObject>().items.size();
  case Type::Dict:
    return v.as<DictObject>().table.size();
  case Type::Set:
    return v.as<SetObject>().table.size();
  case Type::Range:
    if (v.as<RangeObject>().exactLength() > uint64_t(INT64_MAX))
      raise("OverflowError", "Python int too large to convert to C ssize_t");
    return v.as<RangeObject>().length();
  case Type::DictView:
    return v.as<DictViewObject>().dict.as<DictObject>().table.size();
  case Type::Instance: {
    Value result;
    if (callDunder(v, "__len__", {}, result)) {
      int64_t n = toIndex(result);
      if (n < 0)
        valueError("__len__() should return >= 0");
      return n;
    }
    break;
  }
  default:
    break;
  }
  typeError("object of type '" + qualifiedTypeName(v) + "' has no len()");
}

namespace {

/// Iterates a snapshot-free sequence by index, so appends during iteration
/// are seen, as in CPython.
struct ListIterator : IteratorObject {
  ListIterator(Value seq, const char *name)
      : IteratorObject(name), seq(std::move(seq)) {}
  bool next(Interpreter &, Value &out) override {
    const ValueList &items = seq.is(Type::List) ? seq.as<ListObject>().items
                                                : seq.as<TupleObject>().items;
    if (index >= items.size())
      return false;
    out = items[index++];
    return true;
  }
  Value seq;
  size_t index = 0;
};

struct ValuesIterator : IteratorObject {
  ValuesIterator(ValueList items, const char *name)
      : IteratorObject(name), items(std::move(items)) {}
  bool next(Interpreter &, Value &out) override {
    if (index >= items.size())
      return false;
    out = items[index++];
    return true;
  }
  ValueList items;
  size_t index = 0;
};

struct RangeIterator : IteratorObject {
  RangeIterator(int64_t start, int64_t step, int64_t count)
      : IteratorObject("range_iterator"), current(start), step(step),
        remaining(count) {}
  bool next(Interpreter &, Value &out) override {
    if (remaining <= 0)
      return false;
    out = Value::integer(current);
    current += step;
    --remaining;
    return true;
  }
  int64_t current, step, remaining;
};

/// dict and set iteration, raising if the size changes meanwhile.
struct TableIterator : IteratorObject {
  TableIterator(Value owner, HashTable &table, DictViewObject::Kind kind,
                const char *name)
      : IteratorObject(name), owner(std::move(owner)), table(table), kind(kind),
        size(table.size()) {}
  bool next(Interpreter &in, Value &out) override {
    if (table.size() != size) {
      size = table.size(); // raise once
      in.raise("RuntimeError",
               std::string(owner.is(Type::Set) ? "Set" : "dictionary") +
                   " changed size during iteration");
    }
    auto &entries = table.entries();
    while (index < entries.size() && !entries[index].live)
      ++index;
    if (index >= entries.size())
      return false;
    auto &e = entries[index++];
    switch (kind) {
    case DictViewObject::Kind::Keys:
      out = e.key;
      break;
    case DictViewObject::Kind::Values:
      out = e.value;
      break;
    case DictViewObject::Kind::Items:
      out = in.tuple({e.key, e.value});
      break;
    }
    return true;
  }
  Value owner;
  HashTable &table;
  DictViewObject::Kind kind;
  size_t size;
  size_t index = 0;
};

/// An object with __next__.
struct UserIterator : IteratorObject {
  explicit UserIterator(Value obj)
      : IteratorObject("iterator"), obj(std::move(obj)) {}
  bool next(Interpreter &in, Value &out) override {
    try {
      Value result;
      in.callDunder(obj, "__next__", {}, result);
      out = result;
      return true;
    } catch (PyException &e) {
      if (in.isInstance(e.exc, in.builtinClass("StopIteration").get()))
        return false;
      throw;
    }
  }
  Value obj;
};

/// An object with only __getitem__: indexes 0, 1, ... until IndexError.
struct GetItemIterator : IteratorObject {
  explicit GetItemIterator(Value obj)
      : IteratorObject("iterator"), obj(std::move(obj)) {}
  bool next(Interpreter &in, Value &out) override {
    try {
      out = in.getItem(obj, Value::integer(index++));
      return true;
    } catch (PyException &e) {
      if (in.isInstance(e.exc, in.builtinClass("IndexError").get()) ||
          in.isInstance(e.exc, in.builtinClass("StopIteration").get()))
        return false;
      throw;
    }
  }
  Value obj;
  int64_t index = 0;
};

} // namespace

Value makeValuesIterator(ValueList items, const char *name);

Value makeValuesIterator(ValueList items, const char *name) {
  return Value::object(
      Type::Iterator, std::make_shared<ValuesIterator>(std::move(items), name));
}

Value Interpreter::iter(const Value &v) {
  switch (v.type()) {
  case Type::Class: // an Enum class: its members
    if (auto members = enumMembers(*this, v.as<ClassObject>()))
      return makeValuesIterator(std::move(*members), "generator");
    break;
  case Type::Tensor:
  case Type::Native: {
    Value result;
    if (v.as<NativeObject>().iter(*this, v, result))
      return result;
    break;
  }
  case Type::List:
    return Value::object(Type::Iterator,
                         std::make_shared<ListIterator>(v, "list_iterator"));
  case Type::Tuple:
    return Value::object(Type::Iterator,
                         std::make_shared<ListIterator>(v, "tuple_iterator"));
  case Type::Str: {
    ValueList chars;
    auto &s = v.as<StrObject>();
    if (s.ascii) {
      for (char c : s.s)
        chars.push_back(str(std::string(1, c)));
    } else {
      for (char32_t cp : decodeUtf8(s.s)) {
        std::string one;
        appendCodePoint(one, cp);
        chars.push_back(str(one));
      }
    }
    return makeValuesIterator(std::move(chars), "str_ascii_iterator");
  }
  case Type::Bytes: {
    ValueList items;
    for (unsigned char c : v.as<BytesObject>().s)
      items.push_back(Value::integer(c));
    return makeValuesIterator(std::move(items), "bytes_iterator");
  }
  case Type::Range: {
    auto &r = v.as<RangeObject>();
    return Value::object(Type::Iterator, std::make_shared<RangeIterator>(
                                             r.start, r.step, r.length()));
  }
  case Type::Dict:
    return Value::object(Type::Iterator,
                         std::make_shared<TableIterator>(
                             v, v.as<DictObject>().table,
                             DictViewObject::Kind::Keys, "dict_keyiterator"));
  case Type::Set: {
    auto &table = v.as<SetObject>().table;
    ValueList items;
    for (size_t index : cpythonSetOrder(table))
      items.push_back(table.entries()[index].key);
    return makeValuesIterator(std::move(items), "set_iterator");
  }
  case Type::DictView: {
    auto &view = v.as<DictViewObject>();
    static const char *names[] = {"dict_keyiterator", "dict_valueiterator",
                                  "dict_itemiterator"};
    return Value::object(Type::Iterator,
                         std::make_shared<TableIterator>(
                             view.dict, view.dict.as<DictObject>().table,
                             view.kind, names[static_cast<int>(view.kind)]));
  }
  case Type::Iterator:
    return v;
  case Type::Instance: {
    Value result;
    if (callDunder(v, "__iter__", {}, result)) {
      if (result.is(Type::Instance)) {
        if (!result.as<InstanceObject>().cls->lookup("__next__"))
          typeError("iter() returned non-iterator of type '" +
                    typeName(result) + "'");
        return Value::object(Type::Iterator,
                             std::make_shared<UserIterator>(result));
      }
      return iter(result);
    }
    if (v.as<InstanceObject>().cls->lookup("__getitem__"))
      return Value::object(Type::Iterator,
                           std::make_shared<GetItemIterator>(v));
    break;
  }
  default:
    break;
  }
  typeError("'" + qualifiedTypeName(v) + "' object is not iterable");
}

bool Interpreter::next(const Value &iterator, Value &out) {
  return iterator.as<IteratorObject>().next(*this, out);
}

ValueList Interpreter::toList(const Value &iterable) {
  if (iterable.is(Type::List))
    return iterable.as<ListObject>().items;
  if (iterable.is(Type::Tuple))
    return iterable.as<TupleObject>().items;
  ValueList items;
  // A range too long to hold fails at once, as CPython's allocation would
  // (the same bound as a repeated list's).
  if (iterable.is(Type::Range) &&
      iterable.as<RangeObject>().length() > kMaxListSize)
    raise("MemoryError", "");
  Value it = iter(iterable);
  Value v;
  while (next(it, v))
    items.push_back(v);
  return items;
}

} // namespace kiln::py
