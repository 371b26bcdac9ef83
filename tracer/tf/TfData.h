// tf.data: eager input pipelines (TfData.cpp).
#pragma once

namespace kiln::tf {

class TfRuntime;
class ModuleBuilder;

/// tf.data: Dataset with its sources (from_tensor_slices, from_tensors,
/// range, zip, random) and transformations, iterators and optionals,
/// Options, and the AUTOTUNE and cardinality constants (also under
/// tf.data.experimental).
void installData(TfRuntime &rt, ModuleBuilder &tf);

} // namespace kiln::tf
