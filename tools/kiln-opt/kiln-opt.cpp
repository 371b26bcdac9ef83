// kiln-opt: mlir-opt with the kiln dialect and passes, for lit tests.
#include "dialects/kiln/KilnDialect.h"
#include "passes/Passes.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  kiln::registerCompilerDialects(registry);
  kiln::registerPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "kiln optimizer driver\n", registry));
}
