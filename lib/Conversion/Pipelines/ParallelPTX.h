//===- ParallelPTX.h - PTX of a gpu.module's kernels in parallel -*- C++
//-*-===//
//
// ll-to-ptx's PTX step for large gpu.modules: the kernels are compiled in
// parts on the context's thread pool and their PTX joined into the PTX that
// gpu-module-to-binary{format=isa} writes for the whole module.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_LIB_CONVERSION_PIPELINES_PARALLELPTX_H
#define LINEARLAYOUT_LIB_CONVERSION_PIPELINES_PARALLELPTX_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::ll {
/// Replaces each gpu.module of at least `minOps` ops whose PTX can be
/// compiled in parts (kernels only, see ParallelPTX.cpp) by the gpu.binary
/// that gpu-module-to-binary{format=isa} gives, byte for byte; every other
/// gpu.module is left to gpu-module-to-binary, which runs after it.
std::unique_ptr<Pass> createParallelPTXPass(int64_t minOps);
} // namespace mlir::ll

#endif // LINEARLAYOUT_LIB_CONVERSION_PIPELINES_PARALLELPTX_H
