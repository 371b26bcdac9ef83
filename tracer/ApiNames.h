// What the real modules behind kiln's stand-ins (tensorflow and its
// submodules, numpy, math) hold, recorded from them into ApiNames.txt by
// scripts/record-api-names.py: each module's Python __name__ and dir().
// AttributeError texts and "Did you mean" suggestions read them.
#pragma once

#include <string>
#include <vector>

namespace kiln::py {

struct RecordedModule {
  std::string pythonName;         // "tensorflow._api.v2.nn"
  std::vector<std::string> names; // dir(), sorted
};

/// The record of the module kiln names `name` ("tensorflow.nn"); null for
/// modules that were not recorded.
const RecordedModule *recordedModule(const std::string &name);

/// CPython 3.11's suggestion for a mistyped `name` among `candidates` (its
/// Levenshtein distance with case changes cheap, at most a third of the
/// characters changed, the first best kept); "" when none is close.
std::string suggestName(const std::string &name,
                        const std::vector<std::string> &candidates);

} // namespace kiln::py
