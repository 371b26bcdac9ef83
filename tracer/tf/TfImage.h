// What the tf.image files (TfImage.cpp, TfImageColor.cpp) share: dtype
// conversion as convert_image_dtype does it, and the definition of a
// tf.image function from a C++ one.
#pragma once

#include "TfModuleBuilder.h"
#include "TfOps.h"

namespace kiln::tf {

/// tf.image.convert_image_dtype: `image` as `to`, scaled between the
/// ranges of integer dtypes and [0, 1] for floats, in TensorFlow's order
/// of ops (`saturate`: casts saturate).
Value convertImageDtype(TfRuntime &rt, const Value &image, DType to,
                        bool saturate);
/// `arg` as a tensor of rank 3 or more whose last three dimensions are not
/// zero (_CheckAtLeast3DImage), for tf.image.`fname`. Dimensions known
/// only at run time are not checked.
Value atLeast3D(TfRuntime &rt, const Value &arg, const std::string &fname);
/// The image as float32 (kept as it is when float16 or float32), as the
/// adjust_* functions hand it to their kernels; `orig` is set to the dtype
/// to convert the result back to.
Value floatImage(TfRuntime &rt, Value &image, DType &orig);
/// Defines tf.image.`name`, taking the arguments `params`, as `fn`.
void defImage(TfRuntime &rt, ModuleBuilder &image, const std::string &name,
              std::vector<std::string> params,
              Value (*fn)(TfRuntime &, const Params &));

} // namespace kiln::tf
