//===- LLTypes.td - Types of the `ll` dialect --------------*- tablegen -*-===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLTYPES_TD
#define LINEARLAYOUT_DIALECT_LL_IR_LLTYPES_TD

include "LinearLayout/Dialect/LL/IR/LLAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def LL_SharedBufferType : TypeDef<LL_Dialect, "SharedBuffer"> {
  let mnemonic = "shared";
  let summary = "A tile in shared memory, placed by a memory layout";
  let description = [{
    A buffer in GPU shared memory (NVIDIA shared memory, AMD LDS) holding one
    tile of `shape` elements of `elementType`. The layout maps the element
    `offset` (in elements, from the start of the buffer; optionally also
    `block` for a buffer spread over the blocks of a cluster) to the tile
    coordinates `dim0, dim1, ...`:

    ```mlir
    // A 4x4 f16 tile, rows XOR-swizzled: offset 12 (row 3, column 0 in a
    // row-major picture) holds element (3, 1).
    !ll.shared<4x4xf16, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]}>>
    ```

    The layout must be invertible (every element has exactly one address),
    its output dimensions must be `dim0..` with the sizes of `shape`, and the
    shape must consist of powers of two. A buffer holds at most 2^31 bytes
    (`kMaxSharedBufferBytes`): its size is checked, never wrapped.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "tile shape">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::ll::LinearAttr":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of elements in the buffer (on one block).
    int64_t getNumElements() const;
    /// Size in bytes of the buffer on one block, rounding sub-byte elements
    /// up to whole bytes: at most kMaxSharedBufferBytes (the verifier says
    /// so), which no computation from it can overflow.
    int64_t getSizeInBytes() const;
    /// The largest buffer (on one block), 2^31 bytes: shared-memory
    /// addresses are 32-bit, and no GPU has more than a few hundred KiB.
    static constexpr int64_t kMaxSharedBufferBytes = int64_t(1) << 31;
  }];
}

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLTYPES_TD
