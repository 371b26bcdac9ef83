// Python's `collections` and `typing` modules (PyCollections.cpp).
#pragma once

namespace kiln::py {
class Interpreter;
}

namespace kiln::tf {

/// Registers `import collections` (namedtuple, OrderedDict) and
/// `import typing`.
void installCollections(py::Interpreter &in);

} // namespace kiln::tf
