// tf.io.gfile: TensorFlow's file API over the local file system (exists,
// stat, makedirs, listdir, glob, walk, copy, rename, remove, rmtree and the
// GFile file object), with TensorFlow's errors (NotFoundError,
// AlreadyExistsError) and its quirks: listings in the order the directory
// holds its entries, GFile's read() keeping "\r\n" while its readline()
// drops every "\r" (BufferedInputStream::ReadLine).
#include "TfGfile.h"

#include "Files.h"

#include "TfModuleBuilder.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glob.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln::tf {

namespace {

namespace fs = std::filesystem;

std::string pathArg(Interpreter &in, const Value &v) {
  if (v.is(py::Type::Bytes))
    return v.as<py::BytesObject>().s;
  if (!v.is(py::Type::Str))
    in.typeError("Expected binary or unicode string, got " + in.repr(v));
  return in.toStr(v);
}

bool exists(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

/// The entries of directory `path` in the order it holds them (none when
/// it cannot be read).
std::vector<std::string> children(const std::string &path) {
  return py::directoryEntries(path).value_or(std::vector<std::string>{});
}

std::string joinPath(const std::string &a, const std::string &b) {
  if (a.empty() || (!b.empty() && b[0] == '/'))
    return b;
  return a.back() == '/' ? a + b : a + "/" + b;
}

ValueList strings(Interpreter &in, const std::vector<std::string> &items) {
  ValueList out;
  for (const std::string &s : items)
    out.push_back(in.str(s));
  return out;
}

/// tf.io.gfile.GFile: the whole file read on the first read (these are a
/// script's small files), writes straight to the file.
struct GFile : py::NativeObject {
  TfRuntime *rt = nullptr;
  std::string path, mode;
  bool binary = false, readMode = false, writeMode = false;
  bool loaded = false, closed = false;
  std::string data; // the file's bytes once read
  size_t pos = 0;
  FILE *out = nullptr; // when writing

  ~GFile() override { close(); }
  void close() {
    closed = true;
    if (out)
      std::fclose(out);
    out = nullptr;
  }

  std::string typeName() const override { return "GFile"; }
  std::string typeModule() const override {
    return "tensorflow.python.platform.gfile";
  }

  void load() {
    if (!readMode)
      rt->raise("PermissionDeniedError", "File isn't open for reading");
    if (loaded)
      return;
    std::ifstream file(path, std::ios::binary);
    if (!file.is_open() || py::isDirectory(path))
      rt->raise("NotFoundError", path + "; No such file or directory");
    std::ostringstream text;
    text << file.rdbuf();
    data = text.str();
    loaded = true;
  }
  Value text(Interpreter &in, std::string s) const {
    return binary ? in.bytes(std::move(s)) : in.str(std::move(s));
  }
  Value read(Interpreter &in, int64_t n) {
    load();
    size_t take = n < 0 ? data.size() - pos
                        : std::min<size_t>(data.size() - pos, size_t(n));
    std::string s = data.substr(pos, take);
    pos += take;
    return text(in, std::move(s));
  }
  /// The next line with its newline, every "\r" dropped.
  Value readLine(Interpreter &in) {
    load();
    std::string s;
    while (pos < data.size()) {
      char c = data[pos++];
      if (c != '\r')
        s += c;
      if (c == '\n')
        break;
    }
    return text(in, std::move(s));
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &result) override;
  bool iter(Interpreter &in, const Value &self, Value &result) override;
};

struct GFileLines : py::IteratorObject {
  std::shared_ptr<GFile> file;
  explicit GFileLines(std::shared_ptr<GFile> file)
      : IteratorObject("GFile"), file(std::move(file)) {}
  bool next(Interpreter &in, Value &out) override {
    out = file->readLine(in);
    return !(file->binary ? out.as<py::BytesObject>().s.empty()
                          : out.as<py::StrObject>().s.empty());
  }
};

bool GFile::iter(Interpreter &, const Value &self, Value &result) {
  result = Value::object(py::Type::Iterator,
                         std::make_shared<GFileLines>(
                             std::static_pointer_cast<GFile>(self.ptr())));
  return true;
}

bool GFile::getAttr(Interpreter &in, const Value &self, const std::string &attr,
                    Value &result) {
  GFile *me = this;
  auto method = [&](py::BuiltinFn fn) {
    result = in.builtin(attr, std::move(fn));
  };
  auto optionalSize = [](Interpreter &in, CallArgs &args, const char *name) {
    py::ArgParser(in, args, name).expect(0, 1);
    return args.positional.empty() || args.positional[0].isNone()
               ? int64_t(-1)
               : in.toIndex(args.positional[0]);
  };
  if (attr == "name") {
    result = in.str(path);
  } else if (attr == "mode") {
    result = in.str(mode);
  } else if (attr == "closed") {
    result = Value::boolean(closed);
  } else if (attr == "read") {
    method([me, self, optionalSize](Interpreter &in, CallArgs &args) {
      return me->read(in, optionalSize(in, args, "read"));
    });
  } else if (attr == "readline") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "readline").expect(0, 0);
      return me->readLine(in);
    });
  } else if (attr == "readlines") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "readlines").expect(0, 0);
      ValueList lines;
      for (;;) {
        Value line = me->readLine(in);
        if (in.toStr(line).empty() && !me->binary)
          break;
        if (me->binary && line.as<py::BytesObject>().s.empty())
          break;
        lines.push_back(line);
      }
      return in.list(std::move(lines));
    });
  } else if (attr == "write") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "write").expect(1, 1);
      // The file is opened (and truncated) by the first write, as
      // GFile's writable file is made.
      if (!me->writeMode)
        me->rt->raise("PermissionDeniedError", "File isn't open for writing");
      if (!me->out) {
        me->out =
            std::fopen(me->path.c_str(), me->mode[0] == 'w' ? "wb" : "ab");
        if (!me->out)
          me->rt->raise("NotFoundError",
                        me->path + "; No such file or directory");
      }
      const Value &v = args.positional[0];
      std::string s =
          v.is(py::Type::Bytes) ? v.as<py::BytesObject>().s : in.toStr(v);
      std::fwrite(s.data(), 1, s.size(), me->out);
      return Value();
    });
  } else if (attr == "size") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "size").expect(0, 0);
      if (me->out)
        std::fflush(me->out);
      struct stat st;
      if (::stat(me->path.c_str(), &st) != 0)
        me->rt->raise("NotFoundError",
                      me->path + "; No such file or directory");
      return Value::integer(static_cast<int64_t>(st.st_size));
    });
  } else if (attr == "tell") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "tell").expect(0, 0);
      if (me->out)
        return Value::integer(static_cast<int64_t>(std::ftell(me->out)));
      return Value::integer(static_cast<int64_t>(me->pos));
    });
  } else if (attr == "seek") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser p(in, args, "seek");
      std::optional<Value> offset = p.keyword("offset"),
                           whence = p.keyword("whence");
      p.expect(0, 2);
      if (!offset && !args.positional.empty())
        offset = args.positional[0];
      if (!whence && args.positional.size() > 1)
        whence = args.positional[1];
      me->load();
      int64_t base = !whence                    ? 0
                     : in.toIndex(*whence) == 1 ? int64_t(me->pos)
                     : in.toIndex(*whence) == 2 ? int64_t(me->data.size())
                                                : 0;
      int64_t at = base + (offset ? in.toIndex(*offset) : 0);
      me->pos = static_cast<size_t>(
          std::clamp<int64_t>(at, 0, int64_t(me->data.size())));
      return Value();
    });
  } else if (attr == "flush") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "flush").expect(0, 0);
      if (me->out)
        std::fflush(me->out);
      return Value();
    });
  } else if (attr == "close") {
    method([me, self](Interpreter &in, CallArgs &args) {
      py::ArgParser(in, args, "close").expect(0, 0);
      me->close();
      return Value();
    });
  } else if (attr == "__enter__") {
    method([self](Interpreter &, CallArgs &) { return self; });
  } else if (attr == "__exit__") {
    method([me, self](Interpreter &, CallArgs &) {
      me->close();
      return Value::boolean(false);
    });
  } else {
    return false;
  }
  return true;
}

/// tf.io.gfile.stat's FileStatistics: length, mtime_nsec, is_directory.
struct FileStatistics : py::NativeObject {
  int64_t length = 0, mtimeNsec = 0;
  bool directory = false;
  std::string typeName() const override { return "FileStatistics"; }
  std::string typeModule() const override {
    return "tensorflow.python.lib.io._pywrap_file_io";
  }
  bool getAttr(Interpreter &, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "length")
      out = Value::integer(length);
    else if (attr == "mtime_nsec")
      out = Value::integer(mtimeNsec);
    else if (attr == "is_directory")
      out = Value::boolean(directory);
    else
      return false;
    return true;
  }
};

} // namespace

void installGfile(TfRuntime &rt, ModuleBuilder &io) {
  Interpreter &in = rt.in;
  TfRuntime *r = &rt;
  ModuleBuilder gfile(in, rt, "tensorflow.io.gfile");
  gfile.def("exists", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "exists", {"path"});
    return Value::boolean(exists(pathArg(in, p.require("path", "exists"))));
  });
  gfile.def("isdir", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "isdir", {"path"});
    return Value::boolean(
        py::isDirectory(pathArg(in, p.require("path", "isdir"))));
  });
  gfile.def("makedirs", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "makedirs", {"path"});
    std::string path = pathArg(in, p.require("path", "makedirs"));
    std::error_code ec;
    fs::create_directories(path, ec);
    return Value();
  });
  gfile.def("mkdir", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "mkdir", {"path"});
    std::string path = pathArg(in, p.require("path", "mkdir"));
    // (An existing directory is no error.)
    if (!py::isDirectory(path) && ::mkdir(path.c_str(), 0755) != 0)
      r->raise("NotFoundError", path + "; No such file or directory");
    return Value();
  });
  gfile.def("listdir", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "listdir", {"path"});
    std::string path = pathArg(in, p.require("path", "listdir"));
    if (!py::isDirectory(path))
      r->raise("NotFoundError", "Could not find directory " + path);
    return in.list(strings(in, children(path)));
  });
  gfile.def("glob", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "glob", {"pattern"});
    std::string pattern = pathArg(in, p.require("pattern", "glob"));
    std::vector<std::string> found;
    glob_t g;
    if (::glob(pattern.c_str(), GLOB_NOSORT, nullptr, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i)
        found.push_back(g.gl_pathv[i]);
    ::globfree(&g);
    return in.list(strings(in, found));
  });
  gfile.def("walk", [](Interpreter &in, CallArgs &args) {
    Params p(in, args, "walk", {"top", "topdown", "onerror"});
    // file_io.walk_v2 is os.walk's order, over the same listings.
    return py::walkDirectory(in, pathArg(in, p.require("top", "walk")));
  });
  gfile.def("stat", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "stat", {"path"});
    std::string path = pathArg(in, p.require("path", "stat"));
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
      r->raise("NotFoundError", path + "; No such file or directory");
    auto stats = std::make_shared<FileStatistics>();
    stats->length = static_cast<int64_t>(st.st_size);
    stats->mtimeNsec = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 +
                       st.st_mtim.tv_nsec;
    stats->directory = S_ISDIR(st.st_mode);
    return Value::object(py::Type::Native, stats);
  });
  gfile.def("remove", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "remove", {"path"});
    std::string path = pathArg(in, p.require("path", "remove"));
    if (::unlink(path.c_str()) != 0)
      r->raise("NotFoundError", path + "; No such file or directory");
    return Value();
  });
  gfile.def("rmtree", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "rmtree", {"path"});
    std::string path = pathArg(in, p.require("path", "rmtree"));
    if (!exists(path))
      r->raise("NotFoundError", path + " not found");
    std::error_code ec;
    fs::remove_all(path, ec);
    return Value();
  });
  for (const char *name : {"rename", "copy"}) {
    std::string fname = name;
    gfile.def(name, [r, fname](Interpreter &in, CallArgs &args) {
      Params p(in, args, fname, {"src", "dst", "overwrite"});
      std::string src = pathArg(in, p.require("src", fname)),
                  dst = pathArg(in, p.require("dst", fname));
      bool overwrite = p.has("overwrite") && in.truthy(p.get("overwrite"));
      if (!exists(src))
        r->raise("NotFoundError", src + "; No such file or directory");
      if (!overwrite && exists(dst))
        r->raise("AlreadyExistsError", "file already exists");
      std::error_code ec;
      if (fname == "rename")
        fs::rename(src, dst, ec);
      else
        fs::copy_file(src, dst, fs::copy_options::overwrite_existing, ec);
      if (ec)
        r->raise("NotFoundError", dst + "; " + ec.message());
      return Value();
    });
  }
  gfile.def("join", [](Interpreter &in, CallArgs &args) {
    std::string out;
    for (const Value &part : args.positional)
      out = out.empty() ? pathArg(in, part) : joinPath(out, pathArg(in, part));
    return in.str(out);
  });
  gfile.def("GFile", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "GFile", {"name", "mode"});
    auto file = std::make_shared<GFile>();
    file->rt = r;
    file->path = pathArg(in, p.require("name", "GFile"));
    file->mode = p.has("mode") ? in.toStr(p.get("mode")) : "r";
    const std::string &m = file->mode;
    if (m.find_first_not_of("rwab+") != std::string::npos || m.empty())
      r->raise("InvalidArgumentError",
               "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'");
    file->binary = m.find('b') != std::string::npos;
    file->readMode = m[0] == 'r' || m.find('+') != std::string::npos;
    file->writeMode = m[0] == 'w' || m[0] == 'a';
    return Value::object(py::Type::Native, file);
  });
  io.set("gfile", gfile.value());
}

} // namespace kiln::tf
