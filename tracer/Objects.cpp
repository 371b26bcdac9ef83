// Out-of-line parts of the object structs: the hash table behind dict and
// set, range lengths and class attribute lookup.
#include "Interpreter.h"

namespace kiln::py {

StrObject::StrObject(std::string str) : s(std::move(str)), ascii(true), length(0) {
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

int64_t RangeObject::length() const {
  if (step > 0 && start < stop)
    return (stop - start - 1) / step + 1;
  if (step < 0 && start > stop)
    return (start - stop - 1) / (-step) + 1;
  return 0;
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

} // namespace kiln::py
