//===- LayoutFamilies.h - Layouts compilers already use ---------*- C++ -*-===//
//
// Constructors for the layout families of Triton's TritonGPU dialect, as
// LinearLayouts: blocked, slice, NVIDIA mma (v2) and wgmma (v3) accumulators,
// dot operands (of mma v2/v3, AMD mfma/wmma and blocked/FMA parents), AMD
// mfma and wmma accumulators, swizzled shared (vec/perPhase/maxPhase) and
// NVMMA shared memory.
//
// For the same parameters and tensor shape each function gives exactly the
// bases Triton 3.6 gives (`to_linear_layout`): distributed layouts map
// (register, lane, warp, block) to (dim0, dim1, ...), shared layouts map
// (offset, block). A shape smaller than the layout's tile broadcasts (lane
// and warp bases become zero, register bases that would leave the tensor are
// dropped); a larger shape repeats the tile with extra register (or offset)
// bits. A CGA layout (Gluon's `cga_layout`, Triton's CGALayout: the `block`
// bases, in units of one CTA's tile) spreads the tensor over the CTAs of a
// cluster; without one, `block` has size 1. Lane counts are not checked
// against hardware (any power of two; the target decides what it runs).
//
// Every parameter is validated; an invalid one gives an llvm::Error whose
// message names it (Triton would abort). docs/families.md has the
// derivations.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_FAMILIES_LAYOUTFAMILIES_H
#define LINEARLAYOUT_FAMILIES_LAYOUTFAMILIES_H

#include "LinearLayout/Core/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>

namespace mlir::ll {

/// The CTA distribution of a layout (Gluon's `cga_layout`): one basis per
/// `block` bit, each with one entry per tensor dimension, in units of the
/// tensor piece one CTA holds. Every basis is zero (CTAs that hold the same
/// data) or a power of two in one dimension, and the bases together reach
/// every piece. Empty: a single CTA.
using CgaLayout = llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4>;

/// The kinds of distributed (register) layouts.
enum class DistributedKind {
  Blocked,
  Slice,
  NvidiaMma,
  DotOperand,
  AmdMfma,
  AmdWmma,
  /// Explicit bases (Triton's `#ttg.linear`, Gluon's
  /// DistributedLinearLayout), as the parent of a slice: `linear`.
  Linear,
};

/// The parameters of one distributed layout; which fields are meaningful
/// depends on `kind` (the names are those of Gluon's layout classes).
struct DistributedLayoutSpec {
  DistributedKind kind = DistributedKind::Blocked;

  // Blocked.
  llvm::SmallVector<int64_t, 4> sizePerThread;
  llvm::SmallVector<int64_t, 4> threadsPerWarp;
  llvm::SmallVector<int64_t, 4> order;

  // Blocked, NvidiaMma, AmdMfma, AmdWmma.
  llvm::SmallVector<int64_t, 4> warpsPerCTA;

  // NvidiaMma (2 or 3), AmdMfma (1-4), AmdWmma (1-3).
  int64_t version = 0;
  /// NvidiaMma v2: [16, 8] ([1, 16, 8] with a batch dim); v3: [16, N, K].
  /// AmdMfma / AmdWmma: [M, N, K].
  llvm::SmallVector<int64_t, 3> instrShape;
  /// AmdMfma / AmdWmma.
  bool transposed = false;
  /// AmdMfma: 32 or 64.
  int64_t elementBitwidth = 32;
  /// AmdMfma / AmdWmma; empty means all ones.
  llvm::SmallVector<int64_t, 4> tilesPerWarp;

  // Linear: (register, lane, warp, block) -> (dim0, ...) at its own shape;
  // another shape is reached as Triton does (register bits added, or bases
  // past the shape zeroed).
  std::shared_ptr<const LinearLayout> linear;

  // Slice (dim) and DotOperand (operandIndex, kWidth).
  std::shared_ptr<const DistributedLayoutSpec> parent;
  int64_t dim = 0;
  int64_t operandIndex = 0;
  int64_t kWidth = 0;

  /// Blocked, NvidiaMma, AmdMfma, AmdWmma: the CTA distribution; Slice and
  /// DotOperand use their parent's (a dot operand broadcasts along K).
  CgaLayout cgaLayout;
};

/// The highest tensor rank a distributed layout may have. Triton's `tl.sort`
/// and `tl.flip` reshape a tile of 2^k elements to rank k (k is 20 at
/// Triton's largest tile), so rank is bounded by what the element count
/// allows, not by what kernels write by hand.
constexpr int64_t kMaxDistributedRank = 32;

/// The rank of the tensors a layout applies to, or an error when the
/// parameters are inconsistent (e.g. vectors of different lengths) or the
/// rank is above kMaxDistributedRank.
llvm::Expected<int64_t> getDistributedRank(const DistributedLayoutSpec &spec);

/// The layout (register, lane, warp, block) -> (dim0, ...) of `spec` for a
/// tensor of `shape`.
llvm::Expected<LinearLayout>
distributedToLinearLayout(const DistributedLayoutSpec &spec,
                          llvm::ArrayRef<int64_t> shape);

/// Triton's swizzled_shared: rows along order[1], columns along order[0];
/// the vec-element column groups of row r are XORed with
/// (r / perPhase) % maxPhase.
struct SwizzledSharedSpec {
  int64_t vec = 1;
  int64_t perPhase = 1;
  int64_t maxPhase = 1;
  llvm::SmallVector<int64_t, 4> order;
  /// The CTA distribution (empty: one CTA).
  CgaLayout cgaLayout;
};

/// The layout (offset, block) -> (dim0, ...) of a swizzled shared buffer.
llvm::Expected<LinearLayout>
swizzledSharedToLinearLayout(const SwizzledSharedSpec &spec,
                             llvm::ArrayRef<int64_t> shape);

/// Triton's nvmma_shared: the TMA / wgmma canonical layout with 0, 32, 64 or
/// 128-byte swizzling of 16-byte chunks.
struct NvmmaSharedSpec {
  int64_t swizzleBytes = 0;
  /// 8, 16, 32 or 64, as in Triton 3.6 (fp4 data is two values per byte,
  /// elementBits 8, or one per byte with fp4Padded).
  int64_t elementBits = 16;
  bool transposed = false;
  /// Gluon's fp4_padded (elementBits 8): each 16-byte chunk holds 8 fp4
  /// values unpacked to bytes followed by 8 bytes of padding, so every
  /// offset bit 3 is padding (a zero basis).
  bool fp4Padded = false;
  /// The CTA distribution (empty: one CTA).
  CgaLayout cgaLayout;
};

/// The layout (offset, block) -> (dim0, ...) of an NVMMA shared buffer.
llvm::Expected<LinearLayout>
nvmmaSharedToLinearLayout(const NvmmaSharedSpec &spec,
                          llvm::ArrayRef<int64_t> shape);

} // namespace mlir::ll

#endif // LINEARLAYOUT_FAMILIES_LAYOUTFAMILIES_H
