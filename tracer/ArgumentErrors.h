// CPython's message for a call that leaves required arguments unbound,
// shared by the interpreter's functions and the builtins that bind
// Python-style parameters (namedtuple and dataclass constructors,
// OpError's __init__).
#pragma once

#include <string>
#include <vector>

namespace kiln::py {

class Interpreter;

/// "'a'", "'a' and 'b'", "'a', 'b', and 'c'", as CPython lists names.
std::string nameList(const std::vector<std::string> &names);

/// TypeError "FNAME missing 2 required positional arguments: 'x' and 'y'".
[[noreturn]] void missingPositionals(Interpreter &in, const std::string &fname,
                                     const std::vector<std::string> &names);

} // namespace kiln::py
