// tf.io's whole-file ops (TfFileIo.cpp).
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

/// Whether `op` is ReadFile or WriteFile, which the host runs.
bool isFileKernel(const std::string &op);

/// The host kernel of a ReadFile (a string scalar out) or WriteFile (no
/// output) node; false with "NotFoundError: ..." or the like.
bool runFileKernel(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                   HostTensorPtr &out, std::string &error);

/// tf.io.read_file and tf.io.write_file.
void installFileIo(TfRuntime &rt, ModuleBuilder &io);

} // namespace kiln::tf
