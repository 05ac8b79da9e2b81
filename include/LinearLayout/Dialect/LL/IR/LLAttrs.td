//===- LLAttrs.td - Attributes of the `ll` dialect ---------*- tablegen -*-===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD
#define LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD

include "LinearLayout/Dialect/LL/IR/LLDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"

def LL_LinearAttr : AttrDef<LL_Dialect, "Linear",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "linear";
  let summary = "A linear layout over F2 (tensor encoding or standalone)";
  let description = [{
    A linear map over F2 from named input dimensions to named output
    dimensions, given by its *bases*: for every input dimension, the image of
    each of its bits (bit 0 first), one integer per output dimension.

    Two spellings:

    ```mlir
    // Encoding form: the output dimensions are dim0, dim1, ... (one per basis
    // entry), each as large as the smallest power of two above every value
    // it takes. As a tensor encoding they must equal the tensor's shape.
    tensor<16x32xf16, #ll.linear<{register = [[0, 1], [0, 2]],
                                  lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
                                  warp = [[4, 0], [8, 0]], block = []}>>

    // Standalone form: output dimensions and sizes written out. Any names,
    // e.g. a shared-memory layout from `offset` to the tile.
    #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]} -> {dim0 = 4, dim1 = 4}>
    ```

    The body of the encoding form is the body of Triton's `#ttg.linear`.
    The printer writes the encoding form whenever it says the same thing
    (output dimensions `dim0..dimN-1` with the inferred sizes) and the
    standalone form otherwise, so every layout has one canonical text.
    Dimension sizes are powers of two; names are identifiers; a layout has at
    most 64 input and 64 output bits.

    As a tensor encoding the layout must map onto the whole tensor
    (surjective): every element is held by at least one input. Inputs may
    share an element (a zero basis, or bases that add up to another one):
    such inputs hold copies (broadcast).
  }];
  let parameters = (ins "::mlir::ll::LinearLayout":$layout);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The layout itself, by reference into the uniqued storage (getLayout()
    /// returns a copy). Passes use it directly, never the text.
    const ::mlir::ll::LinearLayout &getLinearLayout() const;
    /// True when the layout is written in the encoding form (no explicit
    /// output dimensions): `dim0..dimN-1` with inferred sizes.
    bool isEncodingForm() const;
    /// True when the input dimensions are drawn from register, lane, warp,
    /// block, in this order: a layout of a distributed tensor.
    bool isDistributed() const;
    /// True when the input dimensions are `offset` optionally followed by
    /// `block`: a layout of a memory buffer.
    bool isMemory() const;
    /// Checks that the layout is a valid encoding of a tensor of `shape`.
    ::llvm::LogicalResult verifyForShape(
        ::llvm::ArrayRef<int64_t> shape,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD
