// Files on disk for scripts: open() and its file objects (Files.cpp), and
// the errors of the os functions that touch the file system.
#pragma once

#include "Objects.h"

#include <optional>
#include <string>
#include <vector>

namespace kiln::py {

class Interpreter;

/// Registers the builtin open() and io's UnsupportedOperation.
void installFiles(Interpreter &in);

/// open(path, mode) after its arguments are checked: a text or binary
/// file object; `newline` as open()'s (None translates "\r\n" when
/// reading). A file made with `deleteOnClose` is removed when closed
/// (tempfile.NamedTemporaryFile). `encoding` is open()'s, checked ("" for
/// the default, UTF-8).
Value openFile(Interpreter &in, const std::string &path,
               const std::string &mode, const Value &newline,
               bool deleteOnClose, const std::string &encoding = "");

/// UTF-8 text as Latin-1 bytes, with str.encode's UnicodeEncodeError
/// (MethodsStr.cpp).
std::string encodeLatin1(Interpreter &in, const std::string &text);

/// The length of the well-formed UTF-8 sequence at s[i], or 0 with `why`
/// CPython's reason and `bad` how many bytes the error covers
/// (MethodsStr.cpp: bytes.decode's check, which files share).
size_t utf8Sequence(const std::string &s, size_t i, const char *&why,
                    size_t &bad);

/// Whether `path` names a directory (links followed).
bool isDirectory(const std::string &path);

/// The entries of directory `path` in the order the system lists them
/// (os.listdir's and TensorFlow's GetChildren's), "." and ".." left out;
/// nothing, errno set, when it cannot be read.
std::optional<std::vector<std::string>>
directoryEntries(const std::string &path);

/// os.walk(top): (dirpath, dirnames, filenames) top-down, the walk
/// following dirnames as the loop leaves it; nothing for a directory it
/// cannot read (FileSystemModules.cpp; tf.io.gfile.walk too).
Value walkDirectory(Interpreter &in, const std::string &top);

/// Raises the OSError subclass CPython raises for errno `err`
/// (FileNotFoundError for ENOENT...), with its message
/// "[Errno 2] No such file or directory: 'path'" (and " -> 'other'" for a
/// rename's; no path for an error of an open file) and its errno,
/// strerror and filename attributes.
[[noreturn]] void raiseOSError(Interpreter &in, int err,
                               const std::optional<std::string> &path,
                               const std::string &otherPath = "");

} // namespace kiln::py
