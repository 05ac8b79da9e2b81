//===- Patterns.h - The conversion patterns of the lowering -----*- C++ -*-===//
//
// Internal to lib/Conversion/LLToGPUCommon: the type converter (TypeConverter
// .cpp), the state the patterns share, and the functions that add each
// file's patterns (ConvertLayout.cpp, MemoryOpToLLVM.cpp,
// ElementwiseOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_PATTERNS_H
#define LIB_CONVERSION_LLTOGPUCOMMON_PATTERNS_H

#include "ConversionLowering.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ll::lowering {

/// Element types as LLVM sees them: floats LLVM has no type for (fp8) as
/// integers of their width.
Type convertElementType(Type type);

/// A shared buffer, or a tensor with a `#ll.linear` layout.
bool isLLType(Type type);

/// Whether an operand or result of `op` has an ll type.
bool involvesLL(Operation *op);

/// ll tensors as LLVM structs of their registers, shared buffers as
/// pointers to shared memory.
class LLTypeConverter : public TypeConverter {
public:
  LLTypeConverter(MLIRContext *ctx, unsigned sharedAddressSpace);
};

/// Shared state of the patterns.
struct LoweringContext {
  const GPUTargetHooks &hooks;
  const LoweringState &state;
  IntegerType indexType;
};

template <typename Op> struct LLPattern : public OpConversionPattern<Op> {
  LLPattern(const TypeConverter &converter, MLIRContext *ctx,
            const LoweringContext &lc)
      : OpConversionPattern<Op>(converter, ctx), lc(lc) {}
  const LoweringContext &lc;
};

/// ll.convert_layout (ConvertLayout.cpp).
void populateConvertLayoutPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const LoweringContext &lc);

/// ll.gather (Gather.cpp).
void populateGatherPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns,
                            const LoweringContext &lc);

/// ll.load_tile, ll.store_tile, ll.alloc_shared, ll.store_shared,
/// ll.load_shared and ll.tile_index (MemoryOpToLLVM.cpp).
void populateMemoryOpPatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns,
                              const LoweringContext &lc);

/// Elementwise ops and splat constants on ll tensors
/// (ElementwiseOpToLLVM.cpp).
void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);

} // namespace mlir::ll::lowering

#endif // LIB_CONVERSION_LLTOGPUCOMMON_PATTERNS_H
