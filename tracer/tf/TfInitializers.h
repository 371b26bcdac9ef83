// tf.zeros_initializer and the other initializers of TensorFlow's core
// (TfInitializers.cpp).
#pragma once

namespace kiln::py {
class Interpreter;
}

namespace kiln::tf {

class ModuleBuilder;

void installInitializers(py::Interpreter &in, ModuleBuilder &tf);

} // namespace kiln::tf
