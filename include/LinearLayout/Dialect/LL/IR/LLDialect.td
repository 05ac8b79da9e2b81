//===- LLDialect.td - The `ll` dialect ---------------------*- tablegen -*-===//
//
// The dialect of linear layouts: tensors whose distribution over registers,
// lanes, warps and blocks (or whose placement in memory) is a linear map over
// F2, written `#ll.linear<...>`.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_TD
#define LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_TD

include "mlir/IR/OpBase.td"

def LL_Dialect : Dialect {
  let name = "ll";
  let cppNamespace = "::mlir::ll";
  let summary = "Linear layouts over F2: layout conversions and tile I/O";
  let description = [{
    The `ll` dialect describes how the elements of a tensor are spread over
    the hardware of a GPU, and how they are placed in memory, as *linear
    layouts*: linear maps over F2 from labelled input bits (`register`,
    `lane`, `warp`, `block` for a distributed tensor; `offset`, `block` for a
    memory buffer) to the bits of the logical tensor coordinates (`dim0`,
    `dim1`, ...). The attribute `#ll.linear` carries such a map; as the
    encoding of a ranked tensor it says which thread holds which element.
    The attribute `#ll.plan` records how one conversion moves its data
    (`-ll-plan-conversions`).

    The ops convert a tensor between two layouts, and move tiles between
    global memory, shared memory and registers. Everything one thread does
    is derivable from the layouts; see docs/dialect.md.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // `ll.plan` on an op must be an `#ll.plan` on an ll.convert_layout.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Adds the attributes and types (defined next to their storage).
    void registerAttributes();
    void registerTypes();
  }];
}

class LL_Op<string mnemonic, list<Trait> traits = []>
    : Op<LL_Dialect, mnemonic, traits>;

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_TD
