//===- TTGAttrs.td - Triton 3.6's layout encodings, as read -*- tablegen -*-===//
//
// The `#ttg.*` encodings Triton 3.6 prints into a `.ttgir` file, with their
// textual syntax: `<{key = value, ...}>` (padded_shared and shared_linear add
// fields outside the braces). Every field is a typed parameter; a field that
// Triton's parser lets one omit takes Triton's default, and the printer omits
// the fields Triton's printer omits. The syntax is parsed and printed in
// TTGAttrs.cpp; the linear layouts are built in
// lib/Conversion/TritonGPUToLL (docs/triton-import.md).
//
// `cgaLayout` is Triton 3.6's `CGALayout = [[...], ...]`: the bases of the
// `block` input dimension, one entry per tensor dimension each, stored
// flattened (basis-major); empty for a single-CTA layout.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTGATTRS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTGATTRS_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "mlir/IR/AttrTypeBase.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def TTG_Ints : ArrayRefParameter<"int64_t">;
def TTG_CGALayout : ArrayRefParameter<"int64_t", "CGALayout bases, flattened">;

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked"> {
  let summary = "Triton's #ttg.blocked";
  let parameters = (ins TTG_Ints:$sizePerThread, TTG_Ints:$threadsPerWarp,
                        TTG_Ints:$warpsPerCTA, TTG_Ints:$order,
                        TTG_CGALayout:$cgaLayout);
}

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice"> {
  let summary = "Triton's #ttg.slice";
  let parameters = (ins "int64_t":$dim, "::mlir::Attribute":$parent);
}

def TTG_NvidiaMmaEncodingAttr : TTG_Attr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "Triton's #ttg.nvidia_mma (mma v2 and wgmma v3 accumulators)";
  let parameters = (ins "int64_t":$versionMajor, "int64_t":$versionMinor,
                        TTG_Ints:$warpsPerCTA, TTG_CGALayout:$cgaLayout,
                        TTG_Ints:$instrShape);
}

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op"> {
  let summary = "Triton's #ttg.dot_op";
  let parameters = (ins "int64_t":$opIdx, "::mlir::Attribute":$parent,
                        "int64_t":$kWidth);
}

def TTG_AMDMfmaEncodingAttr : TTG_Attr<"AMDMfmaEncoding", "amd_mfma"> {
  let summary = "Triton's #ttg.amd_mfma";
  let parameters = (ins "int64_t":$version, TTG_Ints:$warpsPerCTA,
                        TTG_Ints:$instrShape, "bool":$isTransposed,
                        TTG_CGALayout:$cgaLayout, TTG_Ints:$tilesPerWarp,
                        "int64_t":$elementBitWidth);
}

def TTG_AMDWmmaEncodingAttr : TTG_Attr<"AMDWmmaEncoding", "amd_wmma"> {
  let summary = "Triton's #ttg.amd_wmma";
  let parameters = (ins "int64_t":$version, "bool":$isTranspose,
                        TTG_Ints:$warpsPerCTA, TTG_CGALayout:$cgaLayout,
                        TTG_Ints:$tilesPerWarp, TTG_Ints:$instrShape);
}

def TTG_LinearEncodingAttr : TTG_Attr<"LinearEncoding", "linear"> {
  let summary = "Triton's #ttg.linear: bases over register, lane, warp, block";
  let parameters = (ins "::mlir::ll::LinearAttr":$layout);
}

//===----------------------------------------------------------------------===//
// Shared-memory encodings and the memory space
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr
    : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "Triton's #ttg.swizzled_shared";
  let parameters = (ins "int64_t":$vec, "int64_t":$perPhase,
                        "int64_t":$maxPhase, TTG_Ints:$order,
                        TTG_CGALayout:$cgaLayout);
}

def TTG_AMDRotatingSharedEncodingAttr
    : TTG_Attr<"AMDRotatingSharedEncoding", "amd_rotating_shared"> {
  let summary = "Triton's #ttg.amd_rotating_shared (parsed, no linear layout)";
  let parameters = (ins "int64_t":$vec, "int64_t":$perPhase,
                        "int64_t":$maxPhase, TTG_Ints:$order,
                        TTG_CGALayout:$cgaLayout);
}

def TTG_NVMMASharedEncodingAttr
    : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "Triton's #ttg.nvmma_shared";
  let parameters = (ins "int64_t":$swizzlingByteWidth, "bool":$transposed,
                        "int64_t":$elementBitWidth, "bool":$fp4Padded,
                        TTG_CGALayout:$cgaLayout,
                        // Entries per CGALayout basis (the encoding does not
                        // otherwise say the tensor's rank); 0 without one.
                        "int64_t":$cgaRank);
}

def TTG_SharedLinearEncodingAttr
    : TTG_Attr<"SharedLinearEncoding", "shared_linear"> {
  let summary = "Triton's #ttg.shared_linear: bases over offset (and block)";
  let parameters = (ins "::mlir::ll::LinearAttr":$layout,
                        "int64_t":$alignment);
}

def TTG_PaddedSharedEncodingAttr
    : TTG_Attr<"PaddedSharedEncoding", "padded_shared"> {
  let summary = "Triton's #ttg.padded_shared: a linear layout plus padding";
  let description = [{
    `[interval:+padding, ...]` then the linear component, written
    `{order = [...], shape = [...]}` when it is the identity in that order
    (as Triton prints it) and `{offset = ..., block = ...}` otherwise.
  }];
  let parameters = (ins TTG_Ints:$intervals, TTG_Ints:$paddings,
                        "::mlir::ll::LinearAttr":$layout);
}

def TTG_SharedMemorySpaceAttr
    : AttrDef<TTG_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "Triton's #ttg.shared_memory memory space";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTGATTRS_TD
