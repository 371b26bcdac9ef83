// The file sources of tf.data beside TextLineDataset: Dataset.list_files
// and tf.data.experimental.CsvDataset, the records of CSV files as tuples of
// scalars, one per column, parsed as tf.io.decode_csv parses a record
// (TfDecodeCsv.cpp) with the dataset kernel's own wording of its errors.
// Records end at a newline ("\r\n" too) outside a quoted field; header
// skips each file's first record.
#include "TfDataset.h"
#include "TfDecodeCsv.h"

#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <algorithm>
#include <fstream>
#include <glob.h>
#include <sstream>

namespace kiln::tf {
namespace data {

namespace {

/// The records of CSV text `text`: split at newlines outside quotes.
std::vector<std::string> csvRecords(const std::string &text, bool quotes) {
  std::vector<std::string> records;
  std::string record;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quotes && c == '"')
      quoted = !quoted;
    if (!quoted && (c == '\n' || c == '\r')) {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
        ++i;
      records.push_back(std::move(record));
      record.clear();
      continue;
    }
    record += c;
  }
  if (!record.empty())
    records.push_back(std::move(record));
  return records;
}

/// decode_csv's message for record 0 in the dataset kernel's words, which
/// name no record ("in record!", "have more in record").
std::string datasetWording(std::string error, size_t columns) {
  const std::string at = " in record 0";
  size_t k = error.find(at);
  if (k != std::string::npos)
    error.replace(k, at.size(), " in record");
  const std::string expect =
      "Expect " + std::to_string(columns) + " fields but have ";
  if (error.rfind(expect, 0) == 0) {
    size_t have = std::stoul(error.substr(expect.size()));
    if (have > columns)
      error = expect + "more in record";
  }
  return error;
}

} // namespace

Value listFiles(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  const std::string fname = "list_files";
  Params p(in, args, fname, {"file_pattern", "shuffle", "seed", "name"},
           Wording::Python);
  Value patterns = rt.toTensor(p.require("file_pattern", fname), DType::String);
  HostTensorPtr given = rt.constantValue(patterns);
  if (!given)
    rt.raise("UnimplementedError",
             "kiln needs list_files's patterns when the dataset is made");
  // MatchingFiles: every pattern's matches, sorted.
  std::vector<std::string> found;
  for (const std::string &pattern : given->strings) {
    glob_t g;
    if (::glob(pattern.c_str(), 0, nullptr, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i)
        found.push_back(g.gl_pathv[i]);
    ::globfree(&g);
  }
  std::sort(found.begin(), found.end());
  if (found.empty()) {
    std::string shown;
    for (const std::string &pattern : given->strings)
      shown += (shown.empty() ? "" : ", ") + pattern;
    rt.raise("InvalidArgumentError",
             "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
             "Summarized data: b'No files matched pattern: " +
                 shown + "'");
  }
  auto names = graph::HostTensor::zeros(
      {DType::String, {static_cast<int64_t>(found.size())}});
  names->strings = found;
  Value ds = fromTensorSlices(rt, rt.eager(names));
  // Shuffled over all of them unless told not to, as list_files does.
  if (p.has("shuffle") && !in.truthy(p.get("shuffle")))
    return ds;
  CallArgs shuffleArgs;
  shuffleArgs.positional = {Value::integer(static_cast<int64_t>(found.size()))};
  if (p.has("seed"))
    shuffleArgs.keywords.push_back({"seed", p.get("seed")});
  return in.call(in.getAttr(ds, "shuffle"), shuffleArgs);
}

Value csvDataset(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  const std::string fname = "CsvDataset";
  Params p(in, args, fname,
           {"filenames", "record_defaults", "compression_type", "buffer_size",
            "header", "field_delim", "use_quote_delim", "na_value",
            "select_cols", "exclude_cols"},
           Wording::Python);
  Value names = rt.toTensor(p.require("filenames", fname), DType::String);
  HostTensorPtr files = rt.constantValue(names);
  if (!files)
    rt.raise("UnimplementedError",
             "kiln cannot read a CsvDataset whose file names are known only "
             "when the function runs yet: make it outside the function");
  if (p.has("compression_type") && !p.get("compression_type").isNone() &&
      !in.toStr(p.get("compression_type")).empty())
    rt.raise("UnimplementedError",
             "kiln reads uncompressed CSV files only, not compression_type " +
                 in.repr(p.get("compression_type")));
  // A dtype stands for a required column: an empty default of that dtype.
  if (p.given("record_defaults") && !p.has("record_defaults"))
    in.typeError("'NoneType' object is not iterable");
  Value defaultsArg = p.require("record_defaults", fname);
  ValueList given = in.toList(defaultsArg);
  if (given.empty())
    rt.raise(
        "InvalidArgumentError",
        "Length for attr 'output_types' of 0 must be at least minimum 1\n\t; "
        "NodeDef: {{node CSVDatasetV2}}; Op<name=CSVDatasetV2; "
        "signature=filenames:string, compression_type:string, "
        "buffer_size:int64, header:bool, field_delim:string, "
        "use_quote_delim:bool, na_value:string, select_cols:int64, "
        "record_defaults:, exclude_cols:int64 -> handle:variant; "
        "attr=output_types:list(type),min=1,allowed=[DT_FLOAT, DT_DOUBLE, "
        "DT_INT32, DT_INT64, DT_STRING]; attr=output_shapes:list(shape),min=1; "
        "is_stateful=true>" +
            eagerOpSuffix("CSVDatasetV2"));
  // The kernel's checks when the dataset is made.
  auto kernelError = [&](const std::string &message) {
    rt.raise("InvalidArgumentError",
             eagerKernelPrefix("CSVDatasetV2_output_types_" +
                               std::to_string(given.size())) +
                 message + eagerOpSuffix("CSVDatasetV2"));
  };
  std::vector<HostTensorPtr> defaults;
  for (const Value &d : given) {
    auto *dtype =
        d.is(py::Type::Native) ? dynamic_cast<DTypeObject *>(d.raw()) : nullptr;
    // readers.py makes an empty tensor of the CSV dtypes only; another
    // dtype goes to constant(), which cannot convert it.
    if (dtype && dtype->dtype != DType::Float32 &&
        dtype->dtype != DType::Float64 && dtype->dtype != DType::Int32 &&
        dtype->dtype != DType::Int64 && dtype->dtype != DType::String)
      in.valueError("Attempt to convert a value (" + in.repr(d) +
                    ") with an unsupported type (<class "
                    "'tensorflow.python.framework.dtypes.DType'>) to a "
                    "Tensor.");
    Value t = dtype ? rt.eager(graph::HostTensor::zeros({dtype->dtype, {0}}))
                    : rt.toTensor(d);
    HostTensorPtr value = rt.constantValue(t);
    if (!value)
      rt.raise("UnimplementedError",
               "kiln needs CsvDataset's record_defaults at trace time");
    if (value->type.numElements() > 1)
      kernelError("There should only be 1 default per field but field " +
                  std::to_string(defaults.size()) + " has " +
                  std::to_string(value->type.numElements()));
    defaults.push_back(value);
  }
  std::vector<int64_t> select, exclude;
  auto ints = [&](const char *name, std::vector<int64_t> &out) {
    if (p.has(name) && !p.get(name).isNone())
      for (const Value &c : in.toList(p.get(name)))
        out.push_back(in.toIndex(c));
  };
  ints("select_cols", select);
  ints("exclude_cols", exclude);
  if (!select.empty() && !exclude.empty())
    kernelError("Either select_cols or exclude_cols should be empty");
  for (size_t i = 1; i < select.size(); ++i)
    if (select[i] <= select[i - 1])
      in.valueError("select_cols is not strictly increasing.");
  if (!select.empty() && select.size() != defaults.size())
    in.valueError("Length of select_cols and record_defaults do not match.");
  // The columns exclude_cols leaves, as many as there are defaults.
  for (int64_t c = 0; !exclude.empty() && select.size() < defaults.size(); ++c)
    if (std::find(exclude.begin(), exclude.end(), c) == exclude.end())
      select.push_back(c);
  graph::Node n;
  n.op = "DecodeCSV";
  n.attrs["field_delim"] =
      p.has("field_delim") ? in.toStr(p.get("field_delim")) : std::string(",");
  if (std::get<std::string>(n.attrs["field_delim"]).size() != 1)
    kernelError("field_delim should be only 1 char");
  n.attrs["use_quote_delim"] =
      !p.has("use_quote_delim") || in.truthy(p.get("use_quote_delim"));
  n.attrs["na_value"] =
      p.has("na_value") ? in.toStr(p.get("na_value")) : std::string();
  n.attrs["select_cols"] = select;
  bool header = p.has("header") && in.truthy(p.get("header"));
  bool quotes = std::get<bool>(n.attrs["use_quote_delim"]);

  ValueList specs;
  for (const HostTensorPtr &d : defaults)
    specs.push_back(tensorSpec(TensorType{d->type.dtype, {}}));
  std::string kernel =
      "IteratorGetNext_output_types_" + std::to_string(defaults.size());
  TfRuntime *r = &rt;
  std::vector<std::string> paths = files->strings;
  countDatasetKernels(1);
  return makeDataset(
      rt, "CsvDatasetV2", in.tuple(std::move(specs)), kUnknown,
      [r, paths, defaults, n, header, quotes, kernel](Interpreter &) -> NextFn {
        // The records of the file being read, and where the reading is.
        struct Reading {
          std::vector<std::string> records;
          size_t record = 0, file = 0;
        };
        auto reading = std::make_shared<Reading>();
        return [r, paths, defaults, n, header, quotes, kernel,
                reading](Interpreter &in, Value &out) {
          auto fail = [&](const std::string &cls, const std::string &message) {
            r->raise(cls, eagerKernelPrefix(kernel) + message +
                              eagerOpSuffix("IteratorGetNext"));
          };
          while (reading->record >= reading->records.size()) {
            if (reading->file >= paths.size())
              return false;
            const std::string &path = paths[reading->file++];
            std::ifstream file(path, std::ios::binary);
            if (!file.is_open())
              fail("NotFoundError", path + "; No such file or directory");
            std::ostringstream text;
            text << file.rdbuf();
            reading->records = csvRecords(text.str(), quotes);
            reading->record = header ? 1 : 0;
          }
          const std::string &record = reading->records[reading->record++];
          // An empty line is one empty field.
          std::string error;
          std::vector<HostTensorPtr> columns;
          if (record.empty()) {
            if (defaults[0]->type.numElements() == 0)
              fail("InvalidArgumentError",
                   "Field 0 is required but missing in record!");
            if (defaults.size() > 1)
              fail("InvalidArgumentError", "Expect " +
                                               std::to_string(defaults.size()) +
                                               " fields but have 1 in record");
            // One column: its default.
            auto value = std::make_shared<graph::HostTensor>(*defaults[0]);
            value->type.shape = {};
            out = in.tuple({r->eager(value)});
            return true;
          }
          auto records = graph::HostTensor::zeros({DType::String, {}});
          records->strings[0] = record;
          if (!decodeCsv(*records, defaults, n, columns, error))
            fail("InvalidArgumentError",
                 datasetWording(error, defaults.size()));
          ValueList items;
          for (const HostTensorPtr &c : columns)
            items.push_back(r->eager(c));
          out = in.tuple(std::move(items));
          return true;
        };
      });
}

} // namespace data
} // namespace kiln::tf
