// tf.io.decode_csv: records (string tensors) parsed into one tensor per
// column, as TensorFlow's DecodeCSV kernel parses them: fields split at
// the delimiter, quoted fields with "" for a quote, an empty field (or
// na_value) taking the column's default, numbers parsed as its
// safe_strto* do, and its errors checked record by record in its order.
//
// Eagerly the kernel runs at once. In a graph kiln makes one DecodeCSV node
// per column (TensorFlow's is one node with an output per column: kiln's
// host kernels have one output); each parses every record and checks every
// column, so that the first error reported is TensorFlow's, and keeps its
// own column.
#include "TfDecodeCsv.h"

#include "TensorFormat.h"
#include "TfHostOps.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace kiln::tf {

using py::Type;

namespace {

/// The kernel's attrs and the columns' dtypes.
struct CsvFormat {
  char delim = ',';
  bool quotes = true;
  std::string na;
  std::vector<int64_t> select; // empty: every column
};

CsvFormat formatOf(const graph::Node &n) {
  CsvFormat f;
  f.delim = std::get<std::string>(n.attrs.at("field_delim")).at(0);
  f.quotes = std::get<bool>(n.attrs.at("use_quote_delim"));
  f.na = std::get<std::string>(n.attrs.at("na_value"));
  f.select = std::get<std::vector<int64_t>>(n.attrs.at("select_cols"));
  return f;
}

/// The fields of `s` (those select_cols keeps), as ExtractFields splits
/// them; false with the kernel's message.
bool splitRecord(const std::string &s, const CsvFormat &f,
                 std::vector<std::string> &fields, std::string &error) {
  size_t at = 0, parsed = 0, selected = 0;
  bool all = f.select.empty();
  while (at < s.size()) {
    // Line breaks before a field are skipped.
    if (s[at] == '\n' || s[at] == '\r') {
      ++at;
      continue;
    }
    std::string field;
    if (f.quotes && s[at] == '"') {
      ++at;
      // Up to a quote followed by the delimiter, or the last character.
      while (at + 1 < s.size() && (s[at] != '"' || s[at + 1] != f.delim)) {
        if (s[at] != '"') {
          field += s[at++];
          continue;
        }
        if (s[at + 1] != '"') {
          error = "Quote inside a string has to be escaped by another quote";
          return false;
        }
        field += '"';
        at += 2;
      }
      if (!(at < s.size() && s[at] == '"' &&
            (at + 1 == s.size() || s[at + 1] == f.delim))) {
        error = "Quoted field has to end with quote followed by delim or end";
        return false;
      }
      at += 2;
    } else {
      for (; at < s.size() && s[at] != f.delim; ++at) {
        if ((f.quotes && s[at] == '"') || s[at] == '\n' || s[at] == '\r') {
          error = "Unquoted fields cannot have quotes/CRLFs inside";
          return false;
        }
        field += s[at];
      }
      ++at;
    }
    ++parsed;
    if (all || f.select[selected] == static_cast<int64_t>(parsed) - 1) {
      fields.push_back(std::move(field));
      ++selected;
      if (!all && selected == f.select.size())
        return true;
    }
  }
  // A record ending in the delimiter has an empty last field.
  bool include = all || f.select[selected] == static_cast<int64_t>(parsed);
  if (!s.empty() && include && s.back() == f.delim)
    fields.push_back("");
  return true;
}

/// Default `d`'s one element into element `i` of `out`.
void copyDefault(const graph::HostTensor &d, graph::HostTensor &out, size_t i) {
  if (d.type.dtype == DType::String) {
    out.strings[i] = d.strings[0];
    return;
  }
  size_t width = py::dtypeSize(d.type.dtype);
  std::memcpy(static_cast<char *>(out.data()) + i * width, d.data(), width);
}

} // namespace

bool decodeCsv(const graph::HostTensor &records,
               const std::vector<HostTensorPtr> &defaults, const graph::Node &n,
               std::vector<HostTensorPtr> &columns, std::string &error) {
  CsvFormat f = formatOf(n);
  std::vector<std::shared_ptr<graph::HostTensor>> made;
  for (const HostTensorPtr &d : defaults)
    made.push_back(
        graph::HostTensor::zeros({d->type.dtype, records.type.shape}));
  for (size_t r = 0; r < records.strings.size(); ++r) {
    std::vector<std::string> fields;
    if (!splitRecord(records.strings[r], f, fields, error))
      return false;
    if (fields.size() != defaults.size()) {
      error = "Expect " + std::to_string(defaults.size()) +
              " fields but have " + std::to_string(fields.size()) +
              " in record " + std::to_string(r);
      return false;
    }
    for (size_t c = 0; c < fields.size(); ++c) {
      const graph::HostTensor &d = *defaults[c];
      graph::HostTensor &out = *made[c];
      if (fields[c].empty() || fields[c] == f.na) {
        if (d.type.numElements() != 1) {
          error = "Field " + std::to_string(c) +
                  " is required but missing in record " + std::to_string(r) +
                  "!";
          return false;
        }
        copyDefault(d, out, r);
      } else if (d.type.dtype == DType::String) {
        out.strings[r] = fields[c];
      } else if (!parseNumber(fields[c], d.type.dtype, out,
                              static_cast<int64_t>(r))) {
        error = "Field " + std::to_string(c) + " in record " +
                std::to_string(r) + " is not a valid " +
                kernelTypeName(d.type.dtype) + ": " + fields[c];
        return false;
      }
    }
  }
  columns.assign(made.begin(), made.end());
  return true;
}

bool runDecodeCsvColumn(const graph::Node &n,
                        const std::vector<HostTensorPtr> &in,
                        HostTensorPtr &out, std::string &error) {
  std::vector<HostTensorPtr> columns;
  if (!decodeCsv(*in.at(0), {in.begin() + 1, in.end()}, n, columns, error)) {
    error = "InvalidArgumentError: " + error;
    return false;
  }
  out = columns.at(std::get<int64_t>(n.attrs.at("column")));
  return true;
}

namespace {

/// tf.io.decode_csv's arguments checked as TensorFlow checks them: in
/// Python (select_cols), then as the kernel's construction does.
Value decodeCsvApi(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  Params p(in, args, "decode_csv",
           {"records", "record_defaults", "field_delim", "use_quote_delim",
            "name", "na_value", "select_cols"},
           Wording::Python);
  Value records =
      rt.toTensor(p.require("records", "decode_csv"), DType::String);
  ValueList defaults;
  for (const Value &d : in.toList(p.require("record_defaults", "decode_csv")))
    defaults.push_back(rt.toTensor(d));
  graph::Node n;
  n.op = "DecodeCSV";
  n.attrs["field_delim"] =
      p.has("field_delim") ? in.toStr(p.get("field_delim")) : std::string(",");
  n.attrs["use_quote_delim"] =
      !p.has("use_quote_delim") || in.truthy(p.get("use_quote_delim"));
  n.attrs["na_value"] =
      p.has("na_value") ? in.toStr(p.get("na_value")) : std::string();
  std::vector<int64_t> select;
  if (p.has("select_cols")) {
    for (const Value &c : in.toList(p.get("select_cols")))
      select.push_back(in.toIndex(c));
    // parsing_ops' checks, in its order.
    for (size_t i = 1; i < select.size(); ++i)
      if (select[i] <= select[i - 1])
        in.valueError("select_cols is not strictly increasing.");
    if (!select.empty() && select[0] < 0)
      in.valueError("select_cols contains negative values.");
    if (select.size() != defaults.size())
      in.valueError("Length of select_cols and record_defaults do not match.");
  }
  n.attrs["select_cols"] = select;
  // The kernel's construction checks, with its eager error's form.
  std::string kernel = "DecodeCSV_OUT_TYPE_" + std::to_string(defaults.size());
  // (While tracing kiln reports them at once, without the eager form;
  // TensorFlow's graph reports them when the function runs.)
  auto fail = [&](const std::string &message) {
    if (rt.tracing)
      rt.raise("InvalidArgumentError", message);
    rt.raise("InvalidArgumentError", eagerKernelPrefix(kernel) + message +
                                         eagerOpSuffix("DecodeCSV", false));
  };
  for (size_t c = 0; c < defaults.size(); ++c) {
    DType d = rt.tensor(defaults[c]).type.dtype;
    if (d != DType::Int32 && d != DType::Int64 && d != DType::Float32 &&
        d != DType::Float64 && d != DType::String)
      rt.raise("InvalidArgumentError",
               "Value for attr 'OUT_TYPE' of " + std::string(py::dtypeName(d)) +
                   " is not in the list of allowed values: float, double, "
                   "int32, int64, string\n\t; NodeDef: {{node DecodeCSV}}; "
                   "Op<name=DecodeCSV; signature=records:string, "
                   "record_defaults: -> output:; attr=OUT_TYPE:list(type),"
                   "min=1,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
                   "DT_STRING]; attr=field_delim:string,default=\",\"; "
                   "attr=use_quote_delim:bool,default=true; "
                   "attr=na_value:string,default=\"\"; "
                   "attr=select_cols:list(int),default=[]>" +
                   eagerOpSuffix("DecodeCSV", false));
  }
  if (std::get<std::string>(n.attrs["field_delim"]).size() != 1)
    fail("field_delim should be only 1 char");
  for (size_t c = 0; c < defaults.size(); ++c) {
    const TensorType &t = rt.tensor(defaults[c]).type;
    if (t.shape.size() > 1)
      fail("Each record default should be at most rank 1");
    if (t.numElements() > 1)
      fail("There should only be 1 default per field but field " +
           std::to_string(c) + " has " + std::to_string(t.numElements()));
  }
  TensorType recordType = rt.tensor(records).type;
  if (!rt.tracing) {
    std::vector<HostTensorPtr> hostDefaults, columns;
    for (const Value &d : defaults)
      hostDefaults.push_back(rt.tensor(d).value);
    std::string error;
    if (!decodeCsv(*rt.tensor(records).value, hostDefaults, n, columns, error))
      fail(error);
    ValueList out;
    for (const HostTensorPtr &c : columns)
      out.push_back(rt.eager(c));
    return in.list(std::move(out));
  }
  ValueList inputs{records};
  inputs.insert(inputs.end(), defaults.begin(), defaults.end());
  ValueList out;
  for (size_t c = 0; c < defaults.size(); ++c) {
    std::map<std::string, graph::Attr> attrs = n.attrs;
    attrs["column"] = static_cast<int64_t>(c);
    TensorType type = recordType;
    type.dtype = rt.tensor(defaults[c]).type.dtype;
    out.push_back(rt.apply("DecodeCSV", inputs, attrs, type, "DecodeCSV"));
  }
  return in.list(std::move(out));
}

} // namespace

void installDecodeCsv(TfRuntime &rt, ModuleBuilder &io) {
  TfRuntime *r = &rt;
  io.def("decode_csv", [r](Interpreter &in, CallArgs &args) {
    return decodeCsvApi(*r, in, args);
  });
}

} // namespace kiln::tf
