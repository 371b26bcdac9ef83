#include "ApiNames.h"

#include <algorithm>
#include <limits>
#include <map>
#include <sstream>

namespace kiln::py {

namespace {

// ApiNames.txt, embedded at configure time.
#include "ApiNamesData.inc"

const std::map<std::string, RecordedModule> &recordedModules() {
  static const std::map<std::string, RecordedModule> modules = [] {
    std::map<std::string, RecordedModule> out;
    std::istringstream lines(recordedApiNames);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.empty() || line[0] == '#')
        continue;
      std::istringstream words(line);
      std::string kilnName;
      RecordedModule m;
      words >> kilnName >> m.pythonName;
      for (std::string w; words >> w;)
        m.names.push_back(w);
      out.emplace(kilnName, std::move(m));
    }
    return out;
  }();
  return modules;
}

// CPython's costs (Python/suggestions.c): a case change costs half an
// edit.
constexpr size_t moveCost = 2, caseCost = 1;
constexpr size_t maxStringSize = 40, maxCandidates = 750;

size_t substitutionCost(char a, char b) {
  if ((a & 31) != (b & 31))
    return moveCost;
  if (a == b)
    return 0;
  auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  return lower(a) == lower(b) ? caseCost : moveCost;
}

/// The weighted edit distance of `a` and `b`, or more than `maxCost` as
/// soon as it must exceed it.
size_t distance(std::string_view a, std::string_view b, size_t maxCost) {
  while (!a.empty() && !b.empty() && a.front() == b.front()) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  while (!a.empty() && !b.empty() && a.back() == b.back()) {
    a.remove_suffix(1);
    b.remove_suffix(1);
  }
  if (a.empty() || b.empty())
    return (a.size() + b.size()) * moveCost;
  if (a.size() > maxStringSize || b.size() > maxStringSize)
    return maxCost + 1;
  if (b.size() < a.size())
    std::swap(a, b);
  if ((b.size() - a.size()) * moveCost > maxCost)
    return maxCost + 1;
  // One row of the edit matrix, updated in place.
  std::vector<size_t> row(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    row[i] = (i + 1) * moveCost;
  size_t result = 0;
  for (size_t j = 0; j < b.size(); ++j) {
    size_t diagonal = result = j * moveCost;
    size_t minimum = std::numeric_limits<size_t>::max();
    for (size_t i = 0; i < a.size(); ++i) {
      size_t substitute = diagonal + substitutionCost(b[j], a[i]);
      diagonal = row[i];
      result = std::min(std::min(result, diagonal) + moveCost, substitute);
      row[i] = result;
      minimum = std::min(minimum, result);
    }
    if (minimum > maxCost)
      return maxCost + 1;
  }
  return result;
}

} // namespace

const RecordedModule *recordedModule(const std::string &name) {
  auto &modules = recordedModules();
  auto it = modules.find(name);
  return it == modules.end() ? nullptr : &it->second;
}

std::string suggestName(const std::string &name,
                        const std::vector<std::string> &candidates) {
  if (candidates.size() >= maxCandidates)
    return "";
  std::string best;
  size_t bestDistance = std::numeric_limits<size_t>::max();
  for (auto &c : candidates) {
    if (c == name)
      continue;
    // At most a third of the characters involved may change.
    size_t maxDistance = (name.size() + c.size() + 3) * moveCost / 6;
    if (bestDistance != std::numeric_limits<size_t>::max())
      maxDistance = std::min(maxDistance, bestDistance - 1);
    size_t d = distance(name, c, maxDistance);
    if (d > maxDistance)
      continue;
    if (best.empty() || d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

} // namespace kiln::py
