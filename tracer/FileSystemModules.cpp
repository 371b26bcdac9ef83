// The file-system side of the standard library that scripts use around
// their data files: os's makedirs, mkdir, listdir, walk, remove, rmdir and
// rename (added to the os module StdlibModules.cpp makes), os.path.getsize,
// shutil's rmtree and copies, and tempfile's temporary directories and
// files. Errors are CPython's OSError subclasses (Files.h).
#include "Files.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln::py {

namespace {

/// A path argument: os.fspath's TypeError for anything but a str.
std::string pathOf(Interpreter &in, const Value &v) {
  if (!v.is(Type::Str))
    in.typeError("expected str, bytes or os.PathLike object, not " +
                 in.typeName(v));
  return in.toStr(v);
}

/// The one required path argument of `fname`, keywords `allowed` aside.
std::string onePath(Interpreter &in, CallArgs &args, const char *fname) {
  ArgParser(in, args, fname).expect(1, 1);
  return pathOf(in, args.positional[0]);
}

/// os.listdir's entries of `path`, CPython's OSError when it cannot.
std::vector<std::string> listDirectory(Interpreter &in,
                                       const std::string &path) {
  std::optional<std::vector<std::string>> names = directoryEntries(path);
  if (!names)
    raiseOSError(in, errno, path);
  return *names;
}

/// os.makedirs: each missing directory of `path`, parents first.
void makeDirectories(Interpreter &in, const std::string &path, bool existOk) {
  if (path.empty())
    raiseOSError(in, ENOENT, path);
  if (isDirectory(path)) {
    if (!existOk)
      raiseOSError(in, EEXIST, path);
    return;
  }
  size_t slash = path.find_last_of('/', path.size() > 1 ? path.size() - 2
                                                        : std::string::npos);
  if (slash != std::string::npos && slash > 0) {
    std::string parent = path.substr(0, slash);
    if (!isDirectory(parent))
      makeDirectories(in, parent, true);
  }
  if (::mkdir(path.c_str(), 0777) != 0 && !(existOk && isDirectory(path)))
    raiseOSError(in, errno, path);
}

/// os.walk's iterator: (dirpath, dirnames, filenames) top-down, each
/// directory's subdirectories visited in the order of the dirnames list as
/// the loop body leaves it (removing names prunes the walk, as in CPython).
struct WalkIterator : IteratorObject {
  struct Pending {
    std::string path;
    Value dirnames; // the list yielded for `path`
  };
  std::vector<std::string> todo; // directories not listed yet, next last
  std::vector<Pending> yielded;  // listed, their subdirectories not queued
  WalkIterator() : IteratorObject("generator") {}

  bool next(Interpreter &in, Value &out) override {
    // Queue the subdirectories of the directory yielded last, as its
    // dirnames list now holds them.
    if (!yielded.empty()) {
      Pending p = yielded.back();
      yielded.pop_back();
      ValueList names = in.toList(p.dirnames);
      for (auto it = names.rbegin(); it != names.rend(); ++it)
        todo.push_back(p.path + (p.path.back() == '/' ? "" : "/") +
                       in.toStr(*it));
    }
    while (!todo.empty()) {
      std::string path = todo.back();
      todo.pop_back();
      std::optional<std::vector<std::string>> names = directoryEntries(path);
      if (!names)
        continue; // os.walk ignores errors by default
      ValueList dirs, files;
      for (const std::string &name : *names) {
        std::string full = path + (path.back() == '/' ? "" : "/") + name;
        (isDirectory(full) ? dirs : files).push_back(in.str(name));
      }
      Value dirnames = in.list(std::move(dirs));
      yielded.push_back({path, dirnames});
      out = in.tuple({in.str(path), dirnames, in.list(std::move(files))});
      return true;
    }
    return false;
  }
};

/// "tmp" and eight random characters from tempfile's alphabet.
std::string randomName(const std::string &prefix, const std::string &suffix) {
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
  static std::mt19937 gen{std::random_device{}()};
  std::uniform_int_distribution<int> pick(0, sizeof(alphabet) - 2);
  std::string name = prefix;
  for (int i = 0; i < 8; ++i)
    name += alphabet[pick(gen)];
  return name + suffix;
}

std::string tempDirectory() {
  const char *env = std::getenv("TMPDIR");
  return env && *env ? env : "/tmp";
}

/// tempfile's suffix, prefix and dir arguments.
struct TempNameArgs {
  std::string suffix, prefix = "tmp", dir = tempDirectory();
  void read(Interpreter &in, ArgParser &p) {
    auto get = [&](const char *name, std::string &out) {
      if (auto v = p.keyword(name); v && !v->isNone())
        out = pathOf(in, *v);
    };
    get("suffix", suffix);
    get("prefix", prefix);
    get("dir", dir);
  }
  std::string path() const {
    return dir + (dir.back() == '/' ? "" : "/") + randomName(prefix, suffix);
  }
};

/// mkdtemp's directory, made with a name no file has yet.
std::string makeTempDirectory(Interpreter &in, const TempNameArgs &names) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string path = names.path();
    if (::mkdir(path.c_str(), 0700) == 0)
      return path;
    if (errno != EEXIST)
      raiseOSError(in, errno, path);
  }
  raiseOSError(in, EEXIST, names.dir);
}

/// tempfile.TemporaryDirectory: removed with its contents when the `with`
/// block ends, cleanup() is called or the object goes away.
struct TemporaryDirectory : NativeObject {
  std::string path;
  bool removed = false;
  ~TemporaryDirectory() override { cleanup(); }
  void cleanup() {
    if (removed)
      return;
    removed = true;
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string typeName() const override { return "TemporaryDirectory"; }
  std::string typeModule() const override { return "tempfile"; }
  std::string repr(Interpreter &in, const Value &) override {
    return "<TemporaryDirectory " + in.repr(in.str(path)) + ">";
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    TemporaryDirectory *me = this;
    if (attr == "name") {
      out = in.str(path);
    } else if (attr == "__enter__") {
      out = in.builtin(attr, [me, self](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "__enter__").expect(0, 0);
        return in.str(me->path);
      });
    } else if (attr == "__exit__" || attr == "cleanup") {
      out = in.builtin(attr, [me, self](Interpreter &, CallArgs &) {
        me->cleanup();
        return Value();
      });
    } else {
      return false;
    }
    return true;
  }
};

void addPathFunctions(Interpreter &in, Value &os, Value &path) {
  defFunction(in, os, "makedirs", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "makedirs");
    std::optional<Value> existOk = p.keyword("exist_ok");
    p.keyword("mode");
    p.expect(1, 3);
    if (!existOk && args.positional.size() > 2)
      existOk = args.positional[2];
    makeDirectories(in, pathOf(in, args.positional[0]),
                    existOk && in.truthy(*existOk));
    return Value();
  });
  defFunction(in, os, "mkdir", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "mkdir");
    p.keyword("mode");
    p.expect(1, 2);
    std::string dir = pathOf(in, args.positional[0]);
    if (::mkdir(dir.c_str(), 0777) != 0)
      raiseOSError(in, errno, dir);
    return Value();
  });
  for (const char *name : {"remove", "unlink"})
    defFunction(in, os, name, [name](Interpreter &in, CallArgs &args) {
      std::string file = onePath(in, args, name);
      if (::unlink(file.c_str()) != 0)
        raiseOSError(in, errno, file);
      return Value();
    });
  defFunction(in, os, "rmdir", [](Interpreter &in, CallArgs &args) {
    std::string dir = onePath(in, args, "rmdir");
    if (::rmdir(dir.c_str()) != 0)
      raiseOSError(in, errno, dir);
    return Value();
  });
  for (const char *name : {"rename", "replace"})
    defFunction(in, os, name, [name](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name).expect(2, 2);
      std::string from = pathOf(in, args.positional[0]),
                  to = pathOf(in, args.positional[1]);
      if (::rename(from.c_str(), to.c_str()) != 0)
        raiseOSError(in, errno, from, to);
      return Value();
    });
  defFunction(in, os, "listdir", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "listdir").expect(0, 1);
    std::string dir = args.positional.empty() || args.positional[0].isNone()
                          ? "."
                          : pathOf(in, args.positional[0]);
    ValueList names;
    for (std::string &name : listDirectory(in, dir))
      names.push_back(in.str(std::move(name)));
    return in.list(std::move(names));
  });
  defFunction(in, os, "walk", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "walk");
    for (const char *ignored : {"topdown", "onerror", "followlinks"})
      p.keyword(ignored);
    p.expect(1, 1);
    return walkDirectory(in, pathOf(in, args.positional[0]));
  });
  defFunction(in, path, "getsize", [](Interpreter &in, CallArgs &args) {
    std::string file = onePath(in, args, "getsize");
    struct stat st;
    if (::stat(file.c_str(), &st) != 0)
      raiseOSError(in, errno, file);
    return Value::integer(static_cast<int64_t>(st.st_size));
  });
}

Value shutilModule(Interpreter &in) {
  Value shutil = makeModule("shutil");
  defFunction(in, shutil, "rmtree", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "rmtree");
    std::optional<Value> ignore = p.keyword("ignore_errors");
    p.expect(1, 2);
    if (!ignore && args.positional.size() > 1)
      ignore = args.positional[1];
    std::string dir = pathOf(in, args.positional[0]);
    struct stat st;
    if (::lstat(dir.c_str(), &st) != 0) {
      if (ignore && in.truthy(*ignore))
        return Value();
      raiseOSError(in, errno, dir);
    }
    if (!S_ISDIR(st.st_mode))
      raiseOSError(in, ENOTDIR, dir);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return Value();
  });
  for (const char *name : {"copyfile", "copy"})
    defFunction(in, shutil, name, [name](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, name).expect(2, 2);
      std::string from = pathOf(in, args.positional[0]),
                  to = pathOf(in, args.positional[1]);
      // copy() into a directory keeps the file's name.
      if (std::string(name) == "copy" && isDirectory(to))
        to += (to.back() == '/' ? "" : "/") +
              from.substr(from.find_last_of('/') + 1);
      if (isDirectory(from))
        raiseOSError(in, EISDIR, from);
      std::error_code ec;
      if (!std::filesystem::exists(from, ec))
        raiseOSError(in, ENOENT, from);
      std::filesystem::copy_file(
          from, to, std::filesystem::copy_options::overwrite_existing, ec);
      if (ec)
        raiseOSError(in, ec.value(), to);
      return in.str(to);
    });
  return shutil;
}

Value tempfileModule(Interpreter &in) {
  Value tempfile = makeModule("tempfile");
  defFunction(in, tempfile, "gettempdir", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "gettempdir").expect(0, 0);
    return in.str(tempDirectory());
  });
  defFunction(in, tempfile, "mkdtemp", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "mkdtemp");
    TempNameArgs names;
    names.read(in, p);
    p.expect(0, 0);
    return in.str(makeTempDirectory(in, names));
  });
  defFunction(in, tempfile, "TemporaryDirectory",
              [](Interpreter &in, CallArgs &args) {
                ArgParser p(in, args, "TemporaryDirectory");
                TempNameArgs names;
                names.read(in, p);
                p.keyword("ignore_cleanup_errors");
                p.expect(0, 0);
                auto dir = std::make_shared<TemporaryDirectory>();
                dir->path = makeTempDirectory(in, names);
                return Value::object(Type::Native, dir);
              });
  for (const char *name : {"NamedTemporaryFile", "TemporaryFile"})
    defFunction(in, tempfile, name, [name](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, name);
      TempNameArgs names;
      names.read(in, p);
      std::optional<Value> mode = p.keyword("mode"), del = p.keyword("delete"),
                           newline = p.keyword("newline");
      for (const char *ignored : {"buffering", "encoding", "errors"})
        p.keyword(ignored);
      p.expect(0, 1);
      if (!mode && !args.positional.empty())
        mode = args.positional[0];
      std::string m = mode ? in.toStr(*mode) : "w+b";
      // A fresh name; the file is made by opening it.
      std::string path = names.path();
      while (std::filesystem::exists(path))
        path = names.path();
      return openFile(in, path, m, newline ? *newline : Value(),
                      !del || in.truthy(*del));
    });
  return tempfile;
}

} // namespace

Value walkDirectory(Interpreter &, const std::string &top) {
  auto walk = std::make_shared<WalkIterator>();
  walk->todo.push_back(top);
  return Value::object(Type::Iterator, walk);
}

void addOsFileFunctions(Interpreter &in, Value &os, Value &path) {
  addPathFunctions(in, os, path);
}

void installFileSystemModules(Interpreter &in) {
  in.registerModule("shutil", shutilModule);
  in.registerModule("tempfile", tempfileModule);
}

} // namespace kiln::py
