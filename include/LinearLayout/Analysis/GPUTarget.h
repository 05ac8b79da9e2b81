//===- GPUTarget.h - What the planner and the lowering know of a GPU -*- C++
//-*-===//
//
// One description of a GPU, parsed once from its name (`sm_90`, `sm_90a`,
// `gfx942`, `gfx1100`) and shared by every layer: the planner's bank model
// (BankConflictModel.h, OptimalSwizzle.h), ll-plan-conversions,
// ll-optimize-register-order, the NVVM and ROCDL lowerings and the Python
// bindings (docs/planning.md, "The target"). A bad name is an llvm::Error
// listing the accepted forms, never a crash. No target dialect is included.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_GPUTARGET_H
#define LINEARLAYOUT_ANALYSIS_GPUTARGET_H

#include "LinearLayout/Core/LinearLayout.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace mlir::ll {

enum class GPUVendor { NVIDIA, AMD };

struct GPUTarget {
  /// The name as given (`sm_90a`, `gfx1100`).
  std::string name = "sm_90";
  GPUVendor vendor = GPUVendor::NVIDIA;
  /// NVIDIA: the compute capability (90 for sm_90 and sm_90a). AMD: the GFX
  /// major version (9 for CDNA, 10, 11, 12 for RDNA).
  int arch = 90;
  /// NVIDIA `sm_<N>a`: the same chip with its architecture-specific
  /// features (as ptxas reads the suffix).
  bool archSpecific = false;
  /// Lanes per warp (wave): 32 on NVIDIA, 64 on gfx9, 32 (default) or 64 on
  /// gfx10 and later.
  int lanesPerWarp = 32;
  /// Shared-memory (LDS) banks and their width: 32 x 4 bytes, 64 x 4 on
  /// gfx950.
  int sharedBanks = 32;
  int bankBytes = 4;
  /// Shared memory one block (workgroup) may use, static and dynamic
  /// together, and the most it may declare statically.
  int64_t maxSharedBytes = 227 * 1024;
  int64_t maxStaticSharedBytes = 48 * 1024;
  /// Threads one block (workgroup) may have: 1024 on every NVIDIA chip
  /// since sm_20 and on every AMD chip.
  int maxBlockThreads = 1024;
  /// Warp-wide matrix instructions: ldmatrix (sm_75+), stmatrix (sm_90+).
  bool hasLdmatrix = true;
  bool hasStmatrix = true;
  /// Global loads that ask L2 for whole 128-byte lines
  /// (`ld.global.L2::128B`, sm_87+).
  bool hasLineLoads = true;
  /// Loads split into quarter-warp phases (128-bit on NVIDIA) are split into
  /// half-warps instead when each group of four lanes reads at most two
  /// vectors (docs/planning.md §3, measured on sm_90). Not known for AMD's
  /// LDS: off there.
  bool pairsLoadPhases = true;
  /// 32-bit registers per thread a plan may keep live and leave its kernel
  /// room: 7/8 of the 255 an NVIDIA thread can have. Above it ptxas spills
  /// (docs/gather.md "Registers", docs/planning.md "Loads for a broadcast
  /// store"). The same figure on AMD, where it was not measured.
  int64_t registerBudget = 224;
  /// 32-bit registers one thread can have at most: 255 on NVIDIA since
  /// sm_35 (docs/lowering.md, "Register bound"; the lowering bounds no
  /// AMD kernel's registers).
  int64_t maxThreadRegisters = 255;
  /// What one SM holds at once, for the occupancy the register bound
  /// weighs (docs/lowering.md, "Loads in flight"): 32-bit registers, warps
  /// and blocks (the CUDA programming guide's table of compute
  /// capabilities; sm_90's here). Not used on AMD.
  int64_t smRegisters = 64 * 1024;
  int smMaxWarps = 64;
  int smMaxBlocks = 32;
  /// The most shared memory per thread a gather through shared memory
  /// should hold at once where shared memory and the L1 are one array
  /// (NVIDIA since sm_70); a larger source goes in rounds. The driver sizes
  /// the shared part for the kernel's occupancy, so a whole source of 256
  /// bytes per thread at high occupancy left the loads around the gather
  /// little L1; 128 measured best, 64 and less lost more to the rounds'
  /// barriers than they saved (docs/gather.md, "Rounds"). 0: no limit
  /// (before sm_70, and on AMD, whose shared memory is apart from the L1).
  int64_t gatherScratchBytesPerThread = 128;

  bool isNVIDIA() const { return vendor == GPUVendor::NVIDIA; }
  bool isAMD() const { return vendor == GPUVendor::AMD; }
  /// Bytes one shared-memory wavefront serves.
  int wavefrontBytes() const { return sharedBanks * bankBytes; }
  /// Whether a layout with 2^laneBits lanes fits a warp.
  bool fitsLanes(int laneBits) const {
    return laneBits < 31 && (1 << laneBits) <= lanesPerWarp;
  }

  /// Parses `name`: `sm_<N>` or `sm_<N>a` (NVIDIA), `gfx9<XX>` (gfx908,
  /// gfx90a, gfx942, gfx950, ...) or `gfx1<0-2><XX>` (gfx1030, gfx1100,
  /// gfx1201, ...). `waveSize` 0 takes the chip's lanes per warp; 32 or 64
  /// choose the wave size of gfx10 and later (gfx9 runs wave64 only, NVIDIA
  /// warps are 32 lanes).
  static llvm::Expected<GPUTarget> parse(llvm::StringRef name,
                                         unsigned waveSize = 0);
};

/// 32-bit registers holding 2^log2Count elements of `bits` bits each (a
/// thread's part of a tile, in the unit of GPUTarget::registerBudget),
/// saturating far above any register file.
inline int64_t elementWords(int log2Count, int bits) {
  if (log2Count > 40)
    return int64_t(1) << 40;
  return std::max<int64_t>(1, ((int64_t(bits) << log2Count) + 31) / 32);
}

/// The text of the error for a layout with 2^laneBits lanes on a target
/// whose warp is smaller, `what` naming the layout ("the source layout").
/// Every pass that finds such a layout reports this text at the op.
std::string lanesExceedMessage(llvm::StringRef what, int laneBits,
                               const GPUTarget &target);

/// Fails with lanesExceedMessage when `layout`'s `lane` dimension is larger
/// than a warp of `target`.
llvm::Error checkLanesFit(const LinearLayout &layout, const GPUTarget &target,
                          llvm::StringRef what);

/// What the passes call the two layouts of a conversion and the layout of a
/// tile access in that error.
inline constexpr llvm::StringLiteral kSourceLayoutName = "the source layout";
inline constexpr llvm::StringLiteral kResultLayoutName = "the result layout";
inline constexpr llvm::StringLiteral kTileLayoutName = "the tile layout";

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_GPUTARGET_H
