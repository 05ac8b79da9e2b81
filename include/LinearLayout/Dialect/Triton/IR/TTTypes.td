//===- TTTypes.td - Triton 3.6's `tt` types, as read -------*- tablegen -*-===//
//
// The `tt` types TTGIR spells: `!tt.ptr<T>` (address space 1 is left out of
// the printed form, any other is printed after the pointee) and
// `!tt.tensordesc<tensor<...>>`, with Triton 3.6's textual syntax.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTTYPES_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTTYPES_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TT_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PointerType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer to a value in an address space";
  let description = [{
    `!tt.ptr<f16>` points into global memory (address space 1);
    `!tt.ptr<f16, 3>` names another address space. The pointee may itself be
    a tensor (a block pointer, `!tt.ptr<tensor<64x64xf16>>`).
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [TypeBuilderWithInferredContext<
      (ins "::mlir::Type":$pointeeType, "int":$addressSpace), [{
        return $_get(pointeeType.getContext(), pointeeType, addressSpace);
      }]>];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a block of a tensor in global memory";
  let description = [{
    `!tt.tensordesc<tensor<64x64xf16, #shared>>`: the block the descriptor
    loads and stores, with its shared-memory encoding where the descriptor
    has one.
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

def TT_AnyPtr : Type<CPred<"::llvm::isa<::mlir::ll::tt::PointerType>($_self)">,
                     "Triton pointer", "::mlir::ll::tt::PointerType">;
def TT_AnyTensorDesc : Type<
    CPred<"::llvm::isa<::mlir::ll::tt::TensorDescType>($_self)">,
    "Triton tensor descriptor", "::mlir::ll::tt::TensorDescType">;

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTTYPES_TD
