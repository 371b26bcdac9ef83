// tf.io.read_file and tf.io.write_file: a whole file as a string scalar,
// and a string scalar as a whole file (its directories made as TensorFlow's
// WriteFile makes them). Eagerly they run at once; in a graph they are
// ReadFile and WriteFile nodes that the host runs when the function does.
#include "TfFileIo.h"

#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kiln::tf {

namespace {

/// The contents of file `path` into `out`; false with the kernel's
/// "NotFoundError: ..." (or FailedPreconditionError for a directory) when
/// it cannot be read.
bool readWhole(const std::string &path, std::string &out, std::string &error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "FailedPreconditionError: " + path + "; Is a directory";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file.is_open()) {
    error = "NotFoundError: " + path + "; No such file or directory";
    return false;
  }
  std::ostringstream text;
  text << file.rdbuf();
  out = text.str();
  return true;
}

/// Writes `contents` to file `path`, making its directories; false with
/// the kernel's error when it cannot.
bool writeWhole(const std::string &path, const std::string &contents,
                std::string &error) {
  std::error_code ec;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty())
    std::filesystem::create_directories(parent, ec);
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file.is_open() || !(file << contents) || !file.flush()) {
    error = "PermissionDeniedError: " + path + "; cannot be written";
    return false;
  }
  return true;
}

/// Scalar string `t`'s one string (the kernels take scalars only).
const std::string &scalarString(const graph::HostTensor &t) {
  return t.strings.at(0);
}

/// A string scalar argument of `op`, converted as its wrapper converts it.
Value stringScalar(TfRuntime &rt, const Value &v, const std::string &op,
                   const std::string &param) {
  Value t = rt.toTensor(v, DType::String);
  const TensorType &type = rt.tensor(t).type;
  if (type.unknownRank || !type.shape.empty())
    kernelError(rt, op,
                "Input " + param + " must be a scalar, but has shape " +
                    type.shapeString(),
                "", /*named=*/false);
  return t;
}

/// Raises the eager kernel's error `error` ("Class: message") of `op`.
[[noreturn]] void raiseKernel(TfRuntime &rt, const std::string &op,
                              const std::string &error) {
  size_t colon = error.find(": ");
  rt.raise(error.substr(0, colon), eagerKernelPrefix(op) +
                                       error.substr(colon + 2) +
                                       eagerOpSuffix(op, false));
}

} // namespace

bool isFileKernel(const std::string &op) {
  return op == "ReadFile" || op == "WriteFile";
}

bool runFileKernel(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                   HostTensorPtr &out, std::string &error) {
  if (n.op == "ReadFile") {
    std::string contents;
    if (!readWhole(scalarString(*in.at(0)), contents, error))
      return false;
    auto result = graph::HostTensor::zeros({DType::String, {}});
    result->strings[0] = std::move(contents);
    out = result;
    return true;
  }
  out = nullptr;
  return writeWhole(scalarString(*in.at(0)), scalarString(*in.at(1)), error);
}

void installFileIo(TfRuntime &rt, ModuleBuilder &io) {
  TfRuntime *r = &rt;
  io.def("read_file", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "read_file", {"filename", "name"});
    Value path = stringScalar(*r, p.require("filename", "read_file"),
                              "ReadFile", "filename");
    TensorType type;
    type.dtype = DType::String;
    if (r->tracing)
      return r->apply("ReadFile", {path}, {}, type, "ReadFile");
    std::string contents, error;
    if (!readWhole(scalarString(*r->tensor(path).value), contents, error))
      raiseKernel(*r, "ReadFile", error);
    auto result = graph::HostTensor::zeros(type);
    result->strings[0] = std::move(contents);
    return r->eager(result);
  });
  io.def("write_file", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "write_file", {"filename", "contents", "name"});
    Value path = stringScalar(*r, p.require("filename", "write_file"),
                              "WriteFile", "filename");
    Value contents = stringScalar(*r, p.require("contents", "write_file"),
                                  "WriteFile", "contents");
    if (r->tracing) {
      r->applyEffect("WriteFile", {path, contents}, {});
      return Value();
    }
    std::string error;
    if (!writeWhole(scalarString(*r->tensor(path).value),
                    scalarString(*r->tensor(contents).value), error))
      raiseKernel(*r, "WriteFile", error);
    return Value();
  });
}

} // namespace kiln::tf
