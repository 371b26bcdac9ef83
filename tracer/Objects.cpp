// Out-of-line parts of the object structs: the hash table behind dict and
// set, range lengths and class attribute lookup.
#include "Interpreter.h"

#include <cmath>

namespace kiln::py {

StrObject::StrObject(std::string str)
    : s(std::move(str)), ascii(true), length(0) {
  for (unsigned char c : s) {
    if (c >= 0x80)
      ascii = false;
    if ((c & 0xC0) != 0x80)
      ++length;
  }
}

HashTable::Entry *HashTable::find(Interpreter &in, const Value &key,
                                  size_t hash) {
  auto range = index_.equal_range(hash);
  for (auto it = range.first; it != range.second; ++it) {
    Entry &e = entries_[it->second];
    if (e.live && (e.key.identical(key) || in.equals(e.key, key)))
      return &e;
  }
  return nullptr;
}

void HashTable::set(Interpreter &in, const Value &key, size_t hash,
                    Value value) {
  if (Entry *e = find(in, key, hash)) {
    e->value = std::move(value);
    return;
  }
  index_.emplace(hash, entries_.size());
  entries_.push_back({key, std::move(value), hash, true});
  ++live_;
}

bool HashTable::erase(Interpreter &in, const Value &key, size_t hash) {
  auto range = index_.equal_range(hash);
  for (auto it = range.first; it != range.second; ++it) {
    Entry &e = entries_[it->second];
    if (e.live && (e.key.identical(key) || in.equals(e.key, key))) {
      e.live = false;
      e.key = Value();
      e.value = Value();
      index_.erase(it);
      --live_;
      if (entries_.size() > 16 && live_ * 2 < entries_.size())
        compact();
      return true;
    }
  }
  return false;
}

void HashTable::clear() {
  entries_.clear();
  index_.clear();
  live_ = 0;
}

void HashTable::compact() {
  std::vector<Entry> kept;
  kept.reserve(live_);
  index_.clear();
  for (auto &e : entries_) {
    if (!e.live)
      continue;
    index_.emplace(e.hash, kept.size());
    kept.push_back(std::move(e));
  }
  entries_ = std::move(kept);
}

std::vector<size_t> cpythonSetOrder(const HashTable &table) {
  // Replays the live keys, in insertion order, into a table that follows
  // CPython's set algorithm: size 8, linear probes of 9, perturbed
  // probing, growth to 4x the used count at 60% fill. Keys hash as in
  // CPython (Interpreter::hash) for numbers and tuples.
  const auto &entries = table.entries();
  auto insert = [&](std::vector<long> &t, size_t m, size_t index) {
    uint64_t hash = entries[index].hash;
    uint64_t perturb = hash;
    size_t i = hash & m;
    while (true) {
      size_t probes = i + 9 <= m ? 9 : 0;
      for (size_t k = 0; k <= probes; ++k) {
        if (t[i + k] < 0) {
          t[i + k] = static_cast<long>(index);
          return;
        }
      }
      perturb >>= 5;
      i = (i * 5 + 1 + perturb) & m;
    }
  };
  // Adds entries one by one, growing as CPython's set_add_entry does.
  auto build = [&](const std::vector<size_t> &order) {
    std::vector<long> slots(8, -1);
    size_t mask = 7, fill = 0;
    for (size_t index : order) {
      insert(slots, mask, index);
      ++fill;
      if (fill * 5 >= mask * 3) {
        size_t minused = fill > 50000 ? fill * 2 : fill * 4;
        size_t size = 8;
        while (size <= minused)
          size <<= 1;
        std::vector<long> grown(size, -1);
        for (long old : slots)
          if (old >= 0)
            insert(grown, size - 1, static_cast<size_t>(old));
        slots = std::move(grown);
        mask = size - 1;
      }
    }
    return slots;
  };
  auto iteration = [&](const std::vector<long> &slots) {
    std::vector<size_t> order;
    for (long s : slots)
      if (s >= 0 && entries[s].live)
        order.push_back(static_cast<size_t>(s));
    return order;
  };
  // A removed key leaves a dummy that still takes its slot and counts
  // towards the fill that triggers growth (x ^ y removes the common keys
  // after adding the others); kiln does not know when it was removed, so
  // it replays it as removed after the last insertion.
  std::vector<size_t> live, all;
  for (size_t index = 0; index < entries.size(); ++index) {
    all.push_back(index);
    if (entries[index].live)
      live.push_back(index);
  }
  std::vector<long> slots = build(all);
  // A display of constants: the compiler's frozenset, rebuilt from its own
  // iteration order when constants are merged, then merged into an empty
  // set, which first grows to hold twice its size (when that passes 60%
  // of 8) and copies the slots when the sizes agree, else reinserts in
  // the frozenset's slot order.
  size_t n = live.size();
  if (table.constantDisplay && table.constantDisplay == n &&
      entries.size() == n) {
    slots = build(iteration(slots));
    size_t size = 8;
    if (n * 5 >= 7 * 3)
      while (size <= n * 2)
        size <<= 1;
    if (size != slots.size()) {
      std::vector<long> merged(size, -1);
      for (long old : slots)
        if (old >= 0)
          insert(merged, size - 1, static_cast<size_t>(old));
      slots = std::move(merged);
    }
  }
  return iteration(slots);
}

uint64_t RangeObject::exactLength() const {
  // In 64-bit unsigned arithmetic, where the distance between any two
  // int64 bounds fits.
  if (step > 0 && start < stop)
    return (uint64_t(stop) - uint64_t(start) - 1) / uint64_t(step) + 1;
  if (step < 0 && start > stop)
    return (uint64_t(start) - uint64_t(stop) - 1) / (0 - uint64_t(step)) + 1;
  return 0;
}

int64_t RangeObject::length() const {
  uint64_t n = exactLength();
  return n > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(n);
}

const Value *ClassObject::lookup(const std::string &attr) const {
  for (const ClassObject *c = this; c; c = c->base.get()) {
    auto it = c->dict.find(attr);
    if (it != c->dict.end())
      return &it->second;
  }
  return nullptr;
}

bool ClassObject::isSubclassOf(const ClassObject *other) const {
  if (other->name == "object" && other->builtinType)
    return true;
  for (const ClassObject *c = this; c; c = c->base.get())
    if (c == other)
      return true;
  return false;
}

Value *InstanceObject::findAttr(Interpreter &in, const std::string &name) {
  if (!dict_.isNone()) {
    Value key = in.str(name);
    HashTable::Entry *e =
        dict_.as<DictObject>().table.find(in, key, in.hash(key));
    return e ? &e->value : nullptr;
  }
  for (auto &[k, v] : attrs_)
    if (k == name)
      return &v;
  return nullptr;
}

void InstanceObject::setAttr(Interpreter &in, const std::string &name,
                             Value value) {
  if (!dict_.isNone()) {
    Value key = in.str(name);
    dict_.as<DictObject>().table.set(in, key, in.hash(key), std::move(value));
    return;
  }
  if (Value *slot = findAttr(in, name))
    *slot = std::move(value);
  else
    attrs_.emplace_back(name, std::move(value));
}

bool InstanceObject::eraseAttr(Interpreter &in, const std::string &name) {
  if (!dict_.isNone()) {
    Value key = in.str(name);
    return dict_.as<DictObject>().table.erase(in, key, in.hash(key));
  }
  for (auto it = attrs_.begin(); it != attrs_.end(); ++it)
    if (it->first == name) {
      attrs_.erase(it);
      return true;
    }
  return false;
}

std::vector<std::string> InstanceObject::attrNames() const {
  std::vector<std::string> names;
  if (dict_.isNone()) {
    for (auto &attr : attrs_)
      names.push_back(attr.first);
    return names;
  }
  // Keys a script put in __dict__ that are not strings name no attribute.
  for (auto &e : dict_.as<DictObject>().table.entries())
    if (e.live && e.key.is(Type::Str))
      names.push_back(e.key.as<StrObject>().s);
  return names;
}

Value InstanceObject::dict(Interpreter &in) {
  if (dict_.isNone()) {
    dict_ = in.dict();
    for (auto &[name, value] : attrs_) {
      Value key = in.str(name);
      dict_.as<DictObject>().table.set(in, key, in.hash(key), value);
    }
    attrs_.clear();
  }
  return dict_;
}

} // namespace kiln::py
