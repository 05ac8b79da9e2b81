/*===- LL.h - C API of the `ll` dialect ---------------------------*- C -*-===*\
|*                                                                            *|
|* The few entry points the Python package needs on top of MLIR's C API:     *|
|* registering the dialect and its passes, and reading `#ll.linear` and      *|
|* `#ll.plan` attributes back into their parts. Built into linear_layout's   *|
|* libLinearLayoutMLIR.so, which links the `mlir` Python package's            *|
|* libMLIRPythonCAPI.so so it shares that package's MLIR runtime.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINEARLAYOUT_DIALECT_LL_CAPI_LL_H
#define LINEARLAYOUT_DIALECT_LL_CAPI_LL_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(LL, ll);

/// Registers the `ll` dialect with `context` and loads it (with the LLVM
/// dialect it depends on).
MLIR_CAPI_EXPORTED void llContextLoadDialect(MlirContext context);

/// Registers the `ll` passes with the global pass registry (idempotent), so
/// that `PassManager.parse` finds them.
MLIR_CAPI_EXPORTED void llRegisterPasses(void);

/// Parses `text` as an attribute (`parseType` false) or a type (true) in
/// `context`. Returns the attribute or type storage pointer, or null with the
/// diagnostics (location and message, one per line) written into
/// `errorBuffer` (truncated to `errorBufferSize` bytes, always terminated
/// when the size is nonzero). Unlike mlirAttributeParseGet it rejects empty
/// text and trailing characters itself and never leaves diagnostics behind.
MLIR_CAPI_EXPORTED const void *
llParseAttributeOrType(MlirContext context, MlirStringRef text, bool parseType,
                       char *errorBuffer, size_t errorBufferSize);

/// True when `attr` is a `#ll.linear` attribute.
MLIR_CAPI_EXPORTED bool llAttributeIsALinear(MlirAttribute attr);

/// Dimensions of a `#ll.linear` attribute. `index` must be below the count;
/// out-of-range queries return an empty name and size 0.
MLIR_CAPI_EXPORTED intptr_t llLinearAttrGetNumInDims(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef llLinearAttrGetInDimName(MlirAttribute attr,
                                                          intptr_t index);
MLIR_CAPI_EXPORTED int64_t llLinearAttrGetInDimSize(MlirAttribute attr,
                                                    intptr_t index);
MLIR_CAPI_EXPORTED intptr_t llLinearAttrGetNumOutDims(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef llLinearAttrGetOutDimName(MlirAttribute attr,
                                                           intptr_t index);
MLIR_CAPI_EXPORTED int64_t llLinearAttrGetOutDimSize(MlirAttribute attr,
                                                     intptr_t index);
/// Value for output dimension `outDim` of basis `bit` of input dimension
/// `inDim`, or -1 when an index is out of range.
MLIR_CAPI_EXPORTED int64_t llLinearAttrGetBasisValue(MlirAttribute attr,
                                                     intptr_t inDim,
                                                     intptr_t bit,
                                                     intptr_t outDim);
/// True when the attribute prints in the encoding form (no `-> {...}`).
MLIR_CAPI_EXPORTED bool llLinearAttrIsEncodingForm(MlirAttribute attr);

/// True when `attr` is a `#ll.plan` attribute (the value of `ll.plan`).
MLIR_CAPI_EXPORTED bool llAttributeIsAPlan(MlirAttribute attr);

/// The kind of a `#ll.plan`: "noop", "registers", "shuffle" or
/// "shared_memory"; empty when `attr` is not a plan.
MLIR_CAPI_EXPORTED MlirStringRef llPlanAttrGetKind(MlirAttribute attr);

/// The memory layout (`#ll.linear`) of a `#ll.plan`, or a null attribute
/// when it has none.
MLIR_CAPI_EXPORTED MlirAttribute llPlanAttrGetMemoryLayout(MlirAttribute attr);

/// The number field `name` of a `#ll.plan` (vector_bits, rounds, shuffles,
/// selects, shared_bytes, store_wavefronts, load_wavefronts): true and the
/// value in `*value` when the plan has it, false otherwise.
MLIR_CAPI_EXPORTED bool llPlanAttrGetCount(MlirAttribute attr,
                                           MlirStringRef name, int64_t *value);

/// The string field `name` of a `#ll.plan` (store_instruction,
/// load_instruction); empty when the plan has none.
MLIR_CAPI_EXPORTED MlirStringRef llPlanAttrGetString(MlirAttribute attr,
                                                     MlirStringRef name);

/// The yes/no field `name` of a `#ll.plan` (owner_loads): true and the value
/// in `*value` when the plan has it, false otherwise.
MLIR_CAPI_EXPORTED bool llPlanAttrGetFlag(MlirAttribute attr,
                                          MlirStringRef name, bool *value);

#ifdef __cplusplus
}
#endif

#endif // LINEARLAYOUT_DIALECT_LL_CAPI_LL_H
