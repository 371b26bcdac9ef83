// tf.io.decode_csv's parse, shared by its eager path and the host kernel
// of its graph nodes (TfDecodeCsv.cpp).
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

/// Parses `records` with the DecodeCSV attrs of `n` into one tensor per
/// default (of its dtype and the records' shape); false with the kernel's
/// message (no error class) for the first bad record, in its order.
bool decodeCsv(const graph::HostTensor &records,
               const std::vector<HostTensorPtr> &defaults, const graph::Node &n,
               std::vector<HostTensorPtr> &columns, std::string &error);

/// The host kernel of a graph's DecodeCSV node: inputs are the records
/// and every column's default; the output is column "column"'s.
bool runDecodeCsvColumn(const graph::Node &n,
                        const std::vector<HostTensorPtr> &in,
                        HostTensorPtr &out, std::string &error);

/// tf.io.decode_csv.
void installDecodeCsv(TfRuntime &rt, ModuleBuilder &io);

} // namespace kiln::tf
