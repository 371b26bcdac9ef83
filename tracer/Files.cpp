// The builtin open() and the file objects it returns, as CPython's io
// module makes them: text files (TextIOWrapper, UTF-8, universal newlines
// when reading) and binary ones (BufferedReader, BufferedWriter,
// BufferedRandom), with CPython's errors for bad modes, missing files and
// closed or unreadable files. Scripts use them to write a small data file
// and read it back (with TextLineDataset, decode_csv or plain Python).
#include "Files.h"
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kiln::py {

namespace {

/// The OSError subclass CPython raises for errno `err`.
const char *osErrorClass(int err) {
  switch (err) {
  case ENOENT:
    return "FileNotFoundError";
  case EEXIST:
    return "FileExistsError";
  case EISDIR:
    return "IsADirectoryError";
  case ENOTDIR:
    return "NotADirectoryError";
  case EACCES:
  case EPERM:
    return "PermissionError";
  default:
    return "OSError";
  }
}

/// A type in CPython's argument errors: "None" for None.
std::string argTypeName(Interpreter &in, const Value &v) {
  return v.isNone() ? "None" : in.typeName(v);
}

/// The length in bytes of the UTF-8 sequence lead byte `c` starts (1 for
/// a stray continuation byte, which counts as a character of its own).
int utf8Length(unsigned char c) {
  if (c >= 0xf0)
    return 4;
  if (c >= 0xe0)
    return 3;
  if (c >= 0xc0)
    return 2;
  return 1;
}

struct FileObject : NativeObject {
  FILE *fp = nullptr;
  std::string name, mode;
  bool binary = false, readable = false, writable = false;
  /// Text mode's newline argument: translate "\r\n" and "\r" when reading
  /// (None), or leave the text as it is ("" or "\n").
  bool translate = true;
  /// newline="": lines end at "\n", "\r" or "\r\n", kept as they are.
  bool anyLineEnd = false;
  /// How far the UTF-8 of a text file has been checked: CPython decodes a
  /// chunk of 8192 bytes at a time, so a bad byte anywhere in the chunk
  /// fails the read that reaches the chunk.
  long checkedTo = 0;
  /// Whether the read being done is read() of all the rest.
  bool wholeRead = false;
  /// The encoding as open() was given it ("UTF-8" by default), and whether
  /// it is Latin-1 (one byte per code point below 256), the other one
  /// kiln reads and writes.
  std::string encoding = "UTF-8";
  bool latin1 = false;
  /// A file tempfile.NamedTemporaryFile made, removed when closed.
  bool deleteOnClose = false;
  /// The last operation, which C's streams require a flush or a seek
  /// between when it changes from reading to writing.
  enum class Last { None, Read, Write } last = Last::None;

  ~FileObject() override { close(); }

  void close() {
    if (!fp)
      return;
    std::fclose(fp);
    fp = nullptr;
    if (deleteOnClose)
      ::unlink(name.c_str());
  }

  std::string typeName() const override {
    if (!binary)
      return "TextIOWrapper";
    if (readable && writable)
      return "BufferedRandom";
    return readable ? "BufferedReader" : "BufferedWriter";
  }
  std::string typeModule() const override { return "_io"; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string shown = "name=" + in.repr(in.str(name));
    if (binary)
      return "<_io." + typeName() + " " + shown + ">";
    return "<_io.TextIOWrapper " + shown + " mode=" + in.repr(in.str(mode)) +
           " encoding=" + in.repr(in.str(encoding)) + ">";
  }

  void checkOpen(Interpreter &in) const {
    if (!fp)
      in.valueError("I/O operation on closed file.");
  }
  void checkReadable(Interpreter &in) {
    checkOpen(in);
    if (!readable)
      in.raise("UnsupportedOperation", "not readable");
    if (last == Last::Write)
      std::fflush(fp);
    last = Last::Read;
  }
  void checkWritable(Interpreter &in) {
    checkOpen(in);
    if (!writable)
      in.raise("UnsupportedOperation", "not writable");
    if (last == Last::Read)
      std::fseek(fp, 0, SEEK_CUR);
    last = Last::Write;
  }

  /// Checks the UTF-8 of the chunk from `start` as CPython's decoder does,
  /// raising its UnicodeDecodeError; a sequence the chunk's end cuts is
  /// left to the next chunk.
  void checkChunk(Interpreter &in, long start) {
    std::string bytes(8192, '\0');
    bytes.resize(std::fread(&bytes[0], 1, bytes.size(), fp));
    bool atEnd = std::feof(fp);
    std::fseek(fp, start, SEEK_SET);
    auto fail = [&](size_t at, size_t n, const char *why) {
      char shown[64];
      if (n == 1)
        std::snprintf(shown, sizeof shown, "byte 0x%02x in position %zu",
                      static_cast<unsigned char>(bytes[at]), at);
      else
        std::snprintf(shown, sizeof shown, "bytes in position %zu-%zu", at,
                      at + n - 1);
      in.raise("UnicodeDecodeError",
               "'utf-8' codec can't decode " + std::string(shown) + ": " + why);
    };
    size_t i = 0;
    while (i < bytes.size()) {
      const char *why = nullptr;
      size_t bad = 1;
      if (size_t n = utf8Sequence(bytes, i, why, bad)) {
        i += n;
        continue;
      }
      if (std::strcmp(why, "unexpected end of data") == 0) {
        if (!atEnd)
          break; // the next chunk has the rest
        // read() decodes all the rest at once; readline and read(n)
        // decode chunk by chunk, and the cut sequence, left pending, is
        // decoded alone at the end (its positions start at 0).
        if (!wholeRead) {
          bytes.erase(0, i);
          i = 0;
        }
      }
      fail(i, bad, why);
    }
    checkedTo = start + static_cast<long>(i);
  }

  /// Appends the next character (text: one code point, newlines
  /// translated; binary: one byte) to `out`; false at the end.
  bool readChar(Interpreter &in, std::string &out) {
    if (!binary && !latin1) {
      long at = std::ftell(fp);
      if (at >= checkedTo)
        checkChunk(in, at);
    }
    int c = std::fgetc(fp);
    if (c == EOF)
      return false;
    if (binary) {
      out += static_cast<char>(c);
      return true;
    }
    if (c == '\r' && translate) {
      int next = std::fgetc(fp);
      if (next != '\n' && next != EOF)
        std::ungetc(next, fp);
      out += '\n';
      return true;
    }
    if (latin1 && c >= 0x80) { // the code point as UTF-8
      out += static_cast<char>(0xc0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3f));
      return true;
    }
    out += static_cast<char>(c);
    for (int k = 1; k < utf8Length(static_cast<unsigned char>(c)); ++k) {
      int more = std::fgetc(fp);
      if (more == EOF)
        break;
      out += static_cast<char>(more);
    }
    return true;
  }

  Value text(Interpreter &in, std::string s) const {
    return binary ? in.bytes(std::move(s)) : in.str(std::move(s));
  }

  /// read(size): `size` characters (bytes in binary mode), all of the rest
  /// when negative.
  Value read(Interpreter &in, int64_t size) {
    checkReadable(in);
    std::string out;
    wholeRead = size < 0;
    struct Reset {
      bool &flag;
      ~Reset() { flag = false; }
    } reset{wholeRead};
    for (int64_t n = 0; size < 0 || n < size; ++n)
      if (!readChar(in, out))
        break;
    return text(in, std::move(out));
  }

  /// readline(size): up to and including the next newline.
  Value readLine(Interpreter &in, int64_t size = -1) {
    checkReadable(in);
    std::string out;
    for (int64_t n = 0; size < 0 || n < size; ++n) {
      if (!readChar(in, out) || out.back() == '\n')
        break;
      // newline="": a "\r" ends the line too, with the "\n" after it.
      if (anyLineEnd && out.back() == '\r') {
        int next = std::fgetc(fp);
        if (next == '\n')
          out += '\n';
        else if (next != EOF)
          std::ungetc(next, fp);
        break;
      }
    }
    return text(in, std::move(out));
  }

  int64_t write(Interpreter &in, const Value &v) {
    checkWritable(in);
    if (binary && !v.is(Type::Bytes))
      in.typeError("a bytes-like object is required, not '" + in.typeName(v) +
                   "'");
    if (!binary && !v.is(Type::Str))
      in.typeError("write() argument must be str, not " + argTypeName(in, v));
    std::string s = binary ? v.as<BytesObject>().s : v.as<StrObject>().s;
    if (latin1)
      s = encodeLatin1(in, s);
    if (std::fwrite(s.data(), 1, s.size(), fp) != s.size())
      raiseOSError(in, errno, std::nullopt);
    return binary ? static_cast<int64_t>(s.size())
                  : static_cast<int64_t>(v.as<StrObject>().length);
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;

  bool iter(Interpreter &in, const Value &self, Value &out) override;
};

/// Iterating over a file: its lines, each with its newline.
struct LineIterator : IteratorObject {
  std::shared_ptr<FileObject> file;
  Value keep; // the file object, alive while its lines are read
  LineIterator(std::shared_ptr<FileObject> file, Value keep)
      : IteratorObject(file->typeName()), file(std::move(file)),
        keep(std::move(keep)) {}
  bool next(Interpreter &in, Value &out) override {
    out = file->readLine(in);
    return file->binary ? !out.as<BytesObject>().s.empty()
                        : !out.as<StrObject>().s.empty();
  }
};

bool FileObject::iter(Interpreter &in, const Value &self, Value &out) {
  checkOpen(in);
  out = Value::object(
      Type::Iterator,
      std::make_shared<LineIterator>(
          std::static_pointer_cast<FileObject>(self.ptr()), self));
  return true;
}

/// An optional int argument (size, hint): -1 when absent or None.
int64_t sizeArg(Interpreter &in, CallArgs &args, const char *fname) {
  ArgParser(in, args, fname).expect(0, 1);
  if (args.positional.empty() || args.positional[0].isNone())
    return -1;
  if (!args.positional[0].isIntLike())
    in.typeError(std::string(fname) == "read"
                     ? "argument should be integer or None, not '" +
                           in.typeName(args.positional[0]) + "'"
                     : "'" + in.typeName(args.positional[0]) +
                           "' object cannot be interpreted as an integer");
  return in.toIndex(args.positional[0]);
}

bool FileObject::getAttr(Interpreter &in, const Value &self,
                         const std::string &attr, Value &out) {
  FileObject *me = this;
  auto method = [&](BuiltinFn fn) { out = in.builtin(attr, std::move(fn)); };
  if (attr == "name") {
    out = in.str(name);
  } else if (attr == "mode") {
    out = in.str(mode);
  } else if (attr == "closed") {
    out = Value::boolean(fp == nullptr);
  } else if (attr == "encoding" && !binary) {
    out = in.str(encoding);
  } else if (attr == "read") {
    method([me, self](Interpreter &in, CallArgs &args) {
      return me->read(in, sizeArg(in, args, "read"));
    });
  } else if (attr == "readline") {
    method([me, self](Interpreter &in, CallArgs &args) {
      return me->readLine(in, sizeArg(in, args, "readline"));
    });
  } else if (attr == "readlines") {
    method([me, self](Interpreter &in, CallArgs &args) {
      // Lines until their total size reaches the hint (all of them: -1).
      int64_t hint = sizeArg(in, args, "readlines"), total = 0;
      ValueList lines;
      while (hint <= 0 || total < hint) {
        Value line = me->readLine(in);
        int64_t n = me->binary ? line.as<BytesObject>().s.size()
                               : line.as<StrObject>().length;
        if (n == 0)
          break;
        total += n;
        lines.push_back(line);
      }
      return in.list(std::move(lines));
    });
  } else if (attr == "write") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "write").expect(1, 1);
      return Value::integer(me->write(in, args.positional[0]));
    });
  } else if (attr == "writelines") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "writelines").expect(1, 1);
      for (const Value &line : in.toList(args.positional[0]))
        me->write(in, line);
      return Value();
    });
  } else if (attr == "close") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "close").expect(0, 0);
      me->close();
      return Value();
    });
  } else if (attr == "flush") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "flush").expect(0, 0);
      me->checkOpen(in);
      std::fflush(me->fp);
      return Value();
    });
  } else if (attr == "tell") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "tell").expect(0, 0);
      me->checkOpen(in);
      return Value::integer(static_cast<int64_t>(std::ftell(me->fp)));
    });
  } else if (attr == "seek") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "seek").expect(1, 2);
      me->checkOpen(in);
      int64_t offset = in.toIndex(args.positional[0]);
      int64_t whence =
          args.positional.size() > 1 ? in.toIndex(args.positional[1]) : 0;
      if (whence < 0 || whence > 2)
        in.valueError("invalid whence (" + std::to_string(whence) +
                      ", should be 0, 1 or 2)");
      // Text files seek only to the start of the file or its end.
      if (!me->binary && whence != 0 && offset != 0)
        in.raise("UnsupportedOperation",
                 whence == 1 ? "can't do nonzero cur-relative seeks"
                             : "can't do nonzero end-relative seeks");
      if (offset < 0 && whence == 0)
        in.valueError(me->binary
                          ? "negative seek position " + std::to_string(offset)
                          : "Negative seek position " + std::to_string(offset));
      if (std::fseek(me->fp, offset,
                     whence == 0   ? SEEK_SET
                     : whence == 1 ? SEEK_CUR
                                   : SEEK_END) != 0 ||
          std::ftell(me->fp) < 0)
        raiseOSError(in, errno, std::nullopt);
      me->last = Last::None;
      me->checkedTo = 0;
      return Value::integer(static_cast<int64_t>(std::ftell(me->fp)));
    });
  } else if (attr == "readable" || attr == "writable" || attr == "seekable") {
    std::string which = attr;
    method([me, self, which](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, which.c_str()).expect(0, 0);
      me->checkOpen(in);
      return Value::boolean(which == "readable"   ? me->readable
                            : which == "writable" ? me->writable
                                                  : true);
    });
  } else if (attr == "__enter__") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "__enter__").expect(0, 0);
      me->checkOpen(in);
      return self;
    });
  } else if (attr == "__exit__") {
    method([me, self](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "__exit__").expect(0, 3);
      me->close();
      return Value::boolean(false);
    });
  } else {
    return false;
  }
  return true;
}

} // namespace

bool isDirectory(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::optional<std::vector<std::string>>
directoryEntries(const std::string &path) {
  DIR *dir = ::opendir(path.c_str());
  if (!dir)
    return std::nullopt;
  std::vector<std::string> names;
  while (struct dirent *e = ::readdir(dir)) {
    std::string name = e->d_name;
    if (name != "." && name != "..")
      names.push_back(name);
  }
  ::closedir(dir);
  return names;
}

void raiseOSError(Interpreter &in, int err,
                  const std::optional<std::string> &path,
                  const std::string &otherPath) {
  std::string message =
      "[Errno " + std::to_string(err) + "] " + std::strerror(err);
  if (path)
    message += ": " + in.repr(in.str(*path));
  if (!otherPath.empty())
    message += " -> " + in.repr(in.str(otherPath));
  Value exc = in.makeException(osErrorClass(err), message);
  auto &inst = exc.as<InstanceObject>();
  inst.setAttr(in, "errno", Value::integer(err));
  inst.setAttr(in, "strerror", in.str(std::strerror(err)));
  inst.setAttr(in, "filename", path ? in.str(*path) : Value());
  in.raiseValue(exc);
}

Value openFile(Interpreter &in, const std::string &path,
               const std::string &mode, const Value &newline,
               bool deleteOnClose, const std::string &encoding) {
  // CPython's checks of the mode string, in its order.
  int kinds = 0;
  bool plus = false, binary = false, text = false;
  for (char c : mode) {
    if (std::string("rwaxbt+").find(c) == std::string::npos ||
        mode.find(c) != mode.rfind(c))
      in.valueError("invalid mode: '" + mode + "'");
    kinds += c == 'r' || c == 'w' || c == 'a' || c == 'x';
    plus |= c == '+';
    binary |= c == 'b';
    text |= c == 't';
  }
  if (text && binary)
    in.valueError("can't have text and binary mode at once");
  if (kinds != 1)
    in.valueError("must have exactly one of create/read/write/append mode");
  char kind = mode[mode.find_first_of("rwax")];
  int flags = plus ? O_RDWR : kind == 'r' ? O_RDONLY : O_WRONLY;
  if (kind != 'r')
    flags |= O_CREAT;
  if (kind == 'w')
    flags |= O_TRUNC;
  if (kind == 'a')
    flags |= O_APPEND;
  if (kind == 'x')
    flags |= O_EXCL;
  if (isDirectory(path))
    raiseOSError(in, EISDIR, path);
  int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0666);
  if (fd < 0)
    raiseOSError(in, errno, path);
  const char *stdioMode = plus          ? (kind == 'a' ? "a+" : "r+")
                          : kind == 'r' ? "r"
                          : kind == 'a' ? "a"
                                        : "w";
  auto file = std::make_shared<FileObject>();
  file->fp = ::fdopen(fd, stdioMode);
  if (!file->fp) {
    int err = errno;
    ::close(fd);
    raiseOSError(in, err, path);
  }
  file->name = path;
  file->binary = binary;
  file->readable = kind == 'r' || plus;
  file->writable = kind != 'r' || plus;
  file->translate = newline.isNone();
  file->anyLineEnd = newline.is(Type::Str) && newline.as<StrObject>().s.empty();
  file->deleteOnClose = deleteOnClose;
  if (!encoding.empty()) {
    std::string e = encoding;
    for (char &c : e)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    file->encoding = encoding;
    file->latin1 = e == "latin-1" || e == "latin1" || e == "iso-8859-1" ||
                   e == "iso8859-1" || e == "l1";
  }
  // The mode CPython's file objects report: a text file's as given, a
  // binary one's as its raw FileIO's (made, appending, reading, writing).
  if (!binary)
    file->mode = mode;
  else if (kind == 'x' || kind == 'a')
    file->mode = std::string(1, kind) + (plus ? "b+" : "b");
  else
    file->mode = file->readable ? (file->writable ? "rb+" : "rb") : "wb";
  return Value::object(Type::Native, file);
}

void installFiles(Interpreter &in) {
  in.registerClass("UnsupportedOperation",
                   in.defineExceptionClass("UnsupportedOperation",
                                           in.builtinClass("OSError"), "io"));
  in.defineBuiltin(
      "open", in.builtin("open", [](Interpreter &in, CallArgs &args) {
        ArgParser p(in, args, "open");
        std::optional<Value> file = p.keyword("file"), mode = p.keyword("mode"),
                             encoding = p.keyword("encoding"),
                             newline = p.keyword("newline");
        for (const char *ignored : {"buffering", "errors", "closefd", "opener"})
          p.keyword(ignored);
        p.expect(0, 8);
        auto &pos = args.positional;
        if (!file && !pos.empty())
          file = pos[0];
        if (!mode && pos.size() > 1)
          mode = pos[1];
        if (!encoding && pos.size() > 3)
          encoding = pos[3];
        if (!newline && pos.size() > 5)
          newline = pos[5];
        if (!file)
          in.typeError("open() missing required argument 'file' (pos 1)");
        if (file->is(Type::Bytes)) // a path of bytes: the same file
          file = in.str(file->as<BytesObject>().s);
        if (!file->is(Type::Str))
          in.typeError("expected str, bytes or os.PathLike object, not " +
                       in.typeName(*file));
        std::string m = "r";
        if (mode) {
          if (!mode->is(Type::Str))
            in.typeError("open() argument 'mode' must be str, not " +
                         argTypeName(in, *mode));
          m = in.toStr(*mode);
        }
        bool binary = m.find('b') != std::string::npos;
        std::string given;
        if (encoding && !encoding->isNone()) {
          if (binary)
            in.valueError("binary mode doesn't take an encoding argument");
          given = in.toStr(*encoding);
          std::string e = given;
          for (char &c : e)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          if (e != "utf-8" && e != "utf8" && e != "utf_8" && e != "ascii" &&
              e != "latin-1" && e != "latin1" && e != "iso-8859-1" &&
              e != "iso8859-1" && e != "l1")
            in.raise("NotImplementedError",
                     "kiln reads and writes files as UTF-8 or Latin-1 only, "
                     "not encoding " +
                         in.repr(*encoding));
        }
        Value nl = newline ? *newline : Value();
        if (!nl.isNone()) {
          if (binary)
            in.valueError("binary mode doesn't take a newline argument");
          std::string s = nl.is(Type::Str) ? in.toStr(nl) : "?";
          if (s != "" && s != "\n")
            in.raise("NotImplementedError",
                     "kiln's files take newline=None, '' or '\\n' only");
        }
        return openFile(in, in.toStr(*file), m, nl, false, given);
      }));
}

} // namespace kiln::py
