//===- TritonDocs.td - Every Triton dialect definition, for docs -*- tablegen -*-===//
//
// Only for the generated reference (`ninja mlir-doc`): one file that
// includes every type, attribute and op of the dialects TTGIR import reads.
//
//===----------------------------------------------------------------------===//

include "LinearLayout/Dialect/Triton/IR/TTOps.td"
include "LinearLayout/Dialect/Triton/IR/TTGAttrs.td"
include "LinearLayout/Dialect/Triton/IR/TTGTypes.td"
include "LinearLayout/Dialect/Triton/IR/TTGOps.td"
include "LinearLayout/Dialect/Triton/IR/TTGMiscOps.td"
include "LinearLayout/Dialect/Triton/IR/TTNGOps.td"
include "LinearLayout/Dialect/Triton/IR/AMDGOps.td"
