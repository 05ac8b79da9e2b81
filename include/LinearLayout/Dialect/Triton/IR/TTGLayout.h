//===- TTGLayout.h - Triton 3.6's encodings, types, layout ops --*- C++ -*-===//
//
// The layout-bearing part of the `ttg` dialect as TTGIR import reads it: the
// `#ttg.*` encodings (TTGAttrs.td), `!ttg.memdesc` and `!ttg.async.token`
// (TTGTypes.td), and the ops that move tensors between layouts and shared
// memory (TTGOps.td). docs/triton-import.md describes them.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTGLAYOUT_H
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTGLAYOUT_H

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGTypes.h.inc"

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGOps.h.inc"

namespace mlir::ll::ttg {
/// The `CGALayout` block bases of an encoding, unflattened: each basis has
/// `rank` entries. Empty for a single-CTA layout.
llvm::SmallVector<llvm::SmallVector<int64_t, 4>>
getCGABases(llvm::ArrayRef<int64_t> flat, size_t rank);

/// True for the distributed encodings (#ttg.blocked, slice, nvidia_mma,
/// dot_op, amd_mfma, amd_wmma, linear).
bool isDistributedEncoding(Attribute encoding);
/// True for the shared-memory encodings (#ttg.swizzled_shared, nvmma_shared,
/// shared_linear, padded_shared, amd_rotating_shared).
bool isSharedEncoding(Attribute encoding);
} // namespace mlir::ll::ttg

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTGLAYOUT_H
