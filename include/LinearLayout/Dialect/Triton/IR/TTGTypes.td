//===- TTGTypes.td - Triton 3.6's ttg types, as read -------*- tablegen -*-===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTGTYPES_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTGTYPES_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "mlir/IR/AttrTypeBase.td"

def TTG_MemDescType : TypeDef<TTG_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "Triton's memory descriptor";
  let description = [{
    `!ttg.memdesc<shape x element, #encoding, #memorySpace[, mutable]
    [, allocShape]>` as Triton 3.6 prints it: `allocShape` (the shape of
    the allocation a view belongs to) is printed only when it differs from
    `shape`; it defaults to `shape`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let hasCustomAssemblyFormat = 1;
}

def TTG_AsyncTokenType : TypeDef<TTG_Dialect, "AsyncToken"> {
  let mnemonic = "async.token";
  let summary = "Triton's async token";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTGTYPES_TD
