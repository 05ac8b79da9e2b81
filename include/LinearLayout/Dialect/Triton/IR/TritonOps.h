//===- TritonOps.h - Triton 3.6's ops and types, as read --------*- C++ -*-===//
//
// The `tt` types and ops, the `ttg` ops other than the layout-bearing ones,
// and the `ttng` attributes and ops that TTGIR import parses and prints back
// (TTOps.td, TTGMiscOps.td, TTNGOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TRITONOPS_H
#define LINEARLAYOUT_DIALECT_TRITON_IR_TRITONOPS_H

#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"
#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "LinearLayout/Dialect/Triton/IR/TTEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTTypes.h.inc"

namespace mlir::ll::tt {
/// What a `!tt.ptr`, a tensor of them or a block pointer points to: the
/// pointee, a tensor of pointees with the same shape and encoding, or the
/// block. Other types are returned unchanged.
Type getPointeeType(Type type);
/// The i1 type of `type`'s shape and encoding (i1 for a scalar).
Type getI1SameShape(Type type);
/// The `!tt.ptr` to the element type of a block pointer's block, in the
/// block pointer's address space.
Type getBlockPointerBase(Type type);
} // namespace mlir::ll::tt

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTNGAttrs.h.inc"

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTOps.h.inc"
#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGMiscOps.h.inc"
#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTNGOps.h.inc"

#include "LinearLayout/Dialect/Triton/IR/AMDGDialect.h.inc"

namespace mlir::ll::amdg {
/// The `!tt.ptr` to the element type of `tensor`.
Type getScalarPointer(Type tensor);
/// The i32 tensor of `tensor`'s shape and encoding.
Type getI32SameShape(Type tensor);
} // namespace mlir::ll::amdg

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/AMDGOps.h.inc"

namespace mlir::ll {
/// The parse hook of the Triton dialects for an op without custom syntax
/// here: a located error saying the generic form is accepted.
ParseResult parseOpWithoutCustomSyntax(OpAsmParser &parser,
                                       OperationState &state);
} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TRITONOPS_H
