//===- LLToGPUCommon.h - Target-independent lowering of `ll` ----*- C++ -*-===//
//
// One set of patterns lowers the `ll` ops for every GPU target. What differs
// between targets is behind GPUTargetHooks: the thread index, the barrier,
// the warp shuffle, the shared-memory address space and the bank model the
// planner optimises for. The NVVM pass (lib/Conversion/LLToNVVM) implements
// the hooks with NVVM ops; a ROCDL pass implements them with ROCDL ops and
// reuses everything else.
//
// This header includes no target dialect.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_LLTOGPUCOMMON_H
#define LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_LLTOGPUCOMMON_H

#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Conversion/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir {
class ConversionTarget;
} // namespace mlir

namespace mlir::ll {

/// The target-specific pieces of the lowering. The facts about the chip
/// (lanes, shared memory, instruction set) are its GPUTarget, the one the
/// planner sees; the hooks add the instructions.
class GPUTargetHooks {
public:
  explicit GPUTargetHooks(GPUTarget target) : target(std::move(target)) {}
  virtual ~GPUTargetHooks();

  /// The chip: lanes, banks, shared-memory limits, matrix instructions.
  const GPUTarget &getTarget() const { return target; }
  /// Lanes per warp (32 on NVIDIA; 64 or 32 on AMD).
  int getLanesPerWarp() const { return target.lanesPerWarp; }
  /// The most shared memory a kernel may declare statically; a larger
  /// scratch becomes a dynamic (extern) buffer sized at launch.
  int64_t getMaxStaticSharedBytes() const {
    return target.maxStaticSharedBytes;
  }
  /// Shared memory one block may use, static and dynamic together.
  int64_t getMaxSharedBytes() const { return target.maxSharedBytes; }
  /// A conversion that the plan splits into rounds runs fewer, larger
  /// rounds, inside loops or not, until one round covers at least this many
  /// bytes of the scratch (or the whole tile): below it the barriers and the
  /// accesses a split adds cost more than the scratch it saves. 0 (the
  /// default): only LLLoweringOptions::minRoundBytes, inside loops.
  virtual int64_t getMinRoundBytes() const { return 0; }
  /// Outside loops, the rounds of a conversion are merged until each moves
  /// at least this many scratch bytes per thread of the block (its layout's
  /// lanes and warps): smaller rounds cost two block barriers for less
  /// than two words a thread (docs/lowering.md, "Rounds"). 0: no floor.
  virtual int64_t getMinRoundBytesPerThreadOnce() const { return 0; }
  /// Whether a conversion's shared-memory addresses are computed in bytes
  /// (i8 GEPs, the element size folded into the thread part) rather than
  /// in elements: each distinct address then costs its XOR alone, no shift.
  virtual bool sharedAddressesInBytes() const { return false; }
  /// Whether the backend fuses an OR, but not an XOR, with the shifts and
  /// masks of its operands (AMD's v_or3_b32, v_lshl_or_b32, v_and_or_b32):
  /// an address's thread part is then one term per distance its bits move,
  /// lane and warp bits together, ORed where the terms are disjoint
  /// (docs/lowering.md, "Thread parts"). Else runs of bits, XORed: ptxas
  /// fuses any three-input logic op, and on the H100 the grouped terms
  /// only changed the order ptxas gave the loads, slowing memory-bound
  /// kernels.
  virtual bool groupsAddressTerms() const { return false; }
  /// Whether a global tile's addresses are its base plus a zero-extended
  /// 32-bit byte offset (AMDGPU's `global_load v, voffset, s[base]`, a
  /// scalar base beside a vector offset) rather than plus an element offset
  /// (NVIDIA's wide multiply-add, which a byte offset would turn into a
  /// 64-bit add per distinct offset).
  virtual bool globalAddressesInBytes() const { return false; }
  /// Whether the backend fuses two shared-memory stores from one base
  /// register into one instruction (AMDGPU's ds_write2), which it does only
  /// when no store to another base lies between them: a conversion's
  /// stores are then issued grouped by base.
  virtual bool pairsSharedStores() const { return false; }
  /// The attribute of a kernel that bounds its registers per thread
  /// (NVVM: `nvvm.maxnreg`, PTX `.maxnreg`), which the lowering sets on a
  /// kernel whose conversions need every register a thread can have
  /// (RegisterBound.cpp); empty where the target has none.
  virtual StringRef getMaxRegistersAttrName() const { return {}; }
  /// LLVM address space of shared memory / LDS.
  virtual unsigned getSharedAddressSpace() const = 0;
  /// The thread's index within the (1-D) block, as i32.
  virtual Value createThreadIdX(OpBuilder &builder, Location loc) const = 0;
  /// A block-wide barrier that also orders shared-memory accesses; returns
  /// the op that waits.
  virtual Operation *createBarrier(OpBuilder &builder, Location loc) const = 0;
  /// A barrier among the threads of one warp that orders their
  /// shared-memory accesses, for blocks of a single warp; the block-wide
  /// barrier unless the target has a cheaper one. Returns its op.
  virtual Operation *createWarpBarrier(OpBuilder &builder, Location loc) const {
    return createBarrier(builder, loc);
  }
  /// A barrier among the lanes set in `lanes` of one warp, which orders
  /// their shared-memory accesses, for code that exactly those lanes run (a
  /// branch on lane bits); only where hasLanesBarrier. Returns its op.
  virtual Operation *createLanesBarrier(OpBuilder &builder, Location loc,
                                        uint64_t lanes) const {
    llvm_unreachable("the target has no barrier among some lanes");
  }
  /// Whether createLanesBarrier is available.
  virtual bool hasLanesBarrier() const { return false; }
  /// Whether createWarpBarrier orders one warp only (and so costs less than
  /// the block's): then a conversion whose warps each read only what they
  /// wrote (warp-private) takes it in blocks of several warps too.
  virtual bool hasWarpBarrier() const { return false; }
  /// Whether a warp-private conversion that runs once takes warp barriers
  /// where it runs in rounds of 16-bit or wider elements (elsewhere it
  /// keeps the block's barrier, which keeps the block's warps together for
  /// the memory-bound code around it; docs/lowering.md, "Warp-private
  /// conversions"). Measured on NVIDIA only.
  virtual bool warpBarriersForRoundsOnce() const { return false; }
  /// Whether global tile loads and stores put createWarpBarrier between
  /// their groups of accesses to the same 128-byte lines, so that the
  /// assembler issues each group back to back in the order written rather
  /// than interleaved with another group's (docs/lowering.md, "Barriers
  /// between line groups"); a store whose warps write parts of the same
  /// sectors takes createBarrier instead ("Block barriers between line
  /// groups"). Only where the warp barrier is free in converged code.
  virtual bool fencesLineGroups() const { return false; }
  /// Reads the i32 `value` of lane `srcLane` (i32) of the warp; null if the
  /// target has no such instruction (conversions then use shared memory).
  virtual Value createShuffleIdx(OpBuilder &builder, Location loc, Value value,
                                 Value srcLane) const = 0;
  /// Whether createShuffleIdx is available (else shuffle-kind conversions
  /// go through shared memory).
  virtual bool supportsShuffles() const = 0;
  /// The unit in which createAffineShuffle's instruction names the source
  /// lane: the lane shifted left by this much. AMD's ds_bpermute takes the
  /// byte address lane * 4, so its shift is 2.
  virtual int shuffleLaneShift() const { return 0; }
  /// Whether createAffineShuffle(srcConst, srcCols) reads its srcAddress:
  /// false where a fixed-pattern instruction makes the move.
  virtual bool affineShuffleReadsAddress(uint64_t srcConst,
                                         ArrayRef<uint64_t> srcCols) const {
    return true;
  }
  /// Reads the i32 `value` of the lane srcConst ^ (XOR of srcCols[b] over
  /// the set bits b of the calling lane): an affine source lane, known at
  /// compile time. `srcAddress` is that lane computed at run time, shifted
  /// left by shuffleLaneShift(). The default is
  /// createShuffleIdx(value, srcAddress), for a shift of 0. A target may
  /// use a fixed-pattern instruction instead (AMD DPP quad_perm,
  /// ds_swizzle).
  virtual Value createAffineShuffle(OpBuilder &builder, Location loc,
                                    Value value, Value srcAddress,
                                    uint64_t srcConst,
                                    ArrayRef<uint64_t> srcCols) const;
  /// Whether createBytePermute is available. A store then packs 8-bit
  /// elements into its words with it (one per word whose bytes come from
  /// at most two loaded words) rather than leaving the byte inserts to
  /// LLVM, which on AMD takes two v_perm_b32 per word where one does and on
  /// NVIDIA builds a word of 16-bit loads byte by byte (three prmt).
  virtual bool hasBytePermute() const { return false; }
  /// The bytes of the i32 words `lo` (bytes 0-3) and `hi` (4-7) that
  /// `selector` names (bytePermuteSelector of the byte numbers), byte k of
  /// the result from the k-th (PTX prmt, AMD v_perm_b32). Only called when
  /// hasBytePermute().
  virtual Value createBytePermute(OpBuilder &builder, Location loc, Value lo,
                                  Value hi, Value selector) const;
  /// The selector of createBytePermute for result bytes taken from the
  /// bytes (0-7) that the nibbles of `nibbles` name, nibble k for byte k:
  /// the nibbles themselves for prmt, one byte per result byte on AMD.
  virtual int64_t bytePermuteSelector(uint32_t nibbles) const {
    return int64_t(int32_t(nibbles));
  }
  /// Marks the target's own dialects legal.
  virtual void configureTarget(ConversionTarget &target) const = 0;

  /// A warp-wide load of four 8x8 b16 matrices (ldmatrix.x4[.trans]): each
  /// lane gives the address `ptr` (shared) of one 16-byte row; returns a
  /// struct of four i32. Only called when the target has ldmatrix.
  virtual Value createMatrixLoad(OpBuilder &builder, Location loc, Value ptr,
                                 bool trans) const;
  /// The store of the same fragment (stmatrix.x4[.trans]) from four i32.
  virtual void createMatrixStore(OpBuilder &builder, Location loc, Value ptr,
                                 ValueRange words, bool trans) const;
  /// A load of `type` (a tile's vector of 4, 8 or 16 bytes) from global
  /// memory at `ptr` that asks the cache to fetch the whole 128-byte lines
  /// it touches: the warp's access reads whole 32-byte sectors of lines
  /// whose other sectors the block reads too (docs/lowering.md "Global
  /// loads"). The default is a plain load, as for every other access; an
  /// override must keep the load in order with the stores around it.
  virtual Value createLineLoad(OpBuilder &builder, Location loc, Type type,
                               Value ptr, unsigned alignment) const;

private:
  GPUTarget target;
};

/// What the lowering emitted, for the passes' statistics.
struct LLLoweringStatistics {
  /// Conversions lowered as no-ops, register moves, warp shuffles and
  /// round trips through shared memory.
  int64_t noop = 0, registers = 0, shuffle = 0, sharedMemory = 0;
  /// Barriers the conversions emit (in the code, not as executed).
  int64_t barriers = 0;
};

struct LLLoweringOptions {
  /// Width of the integer offsets computed per thread (32 or 64).
  unsigned indexBitwidth = 32;
  /// A conversion that the plan splits into rounds (common register
  /// directions, docs/lowering.md "Rounds") runs fewer, larger rounds until
  /// one round covers at least this many bytes of the scratch (or the
  /// whole tile). 0 keeps the plan's rounds, the smallest scratch, also
  /// outside loops (GPUTargetHooks::getMinRoundBytesPerThreadOnce applies
  /// only where this is not 0).
  int64_t minRoundBytes = kDefaultMinRoundBytes;
  /// Barriers between the line groups of global tile loads and stores
  /// where the rules ask for them and the target has them
  /// (GPUTargetHooks::fencesLineGroups; docs/lowering.md, "Barriers between
  /// line groups"); false: none.
  bool lineBarriers = true;
  /// Where to count what was emitted (optional).
  LLLoweringStatistics *statistics = nullptr;
};

/// Name of the integer attribute set on a symbol table (gpu.module) whose
/// scratch is dynamic shared memory: the bytes to request at launch.
inline constexpr llvm::StringLiteral kDynamicSharedBytesAttr =
    "ll.dynamic_shared_bytes";

/// An op of the ll dialect, or one with an ll tensor or shared buffer
/// among its operands or results: what the lowering converts.
bool isLLOp(Operation *op);

/// Lowers every `ll` op below `root` (usually a module holding gpu.modules)
/// to the LLVM dialect plus the hooks' ops. Creates the shared scratch and
/// buffer globals in the symbol table enclosing each kernel. Emits located
/// errors and fails on anything it cannot lower.
LogicalResult lowerLLToLLVM(Operation *root, const GPUTargetHooks &hooks,
                            const LLLoweringOptions &options);

/// `value` (a target lookup of the convert-ll-to-<target> pass `passName`,
/// such as the chip's bank model), or its error located at `op`.
template <typename T>
FailureOr<T> getOrEmitError(Operation *op, StringRef passName,
                            llvm::Expected<T> value) {
  if (value)
    return std::move(*value);
  return op->emitError(passName) << ": " << llvm::toString(value.takeError());
}

/// The body of the convert-ll-to-<target> pass `passName`: parses `chip`
/// (with `waveSize`), checks that it is one of `vendor`'s chips
/// (`expectedChips` describes them in the error) and lowers with `Hooks`.
template <typename Hooks>
LogicalResult lowerLLToLLVMFor(Operation *root, StringRef passName,
                               StringRef chip, unsigned waveSize,
                               GPUVendor vendor, StringRef expectedChips,
                               const LLLoweringOptions &options) {
  FailureOr<GPUTarget> target =
      getOrEmitError(root, passName, GPUTarget::parse(chip, waveSize));
  if (failed(target))
    return failure();
  if (target->vendor != vendor)
    return root->emitError(passName)
           << ": chip must be " << expectedChips << ", got '" << chip << "'";
  Hooks hooks(std::move(*target));
  return lowerLLToLLVM(root, hooks, options);
}

/// Adds what one run lowered to the convert-ll-to-<target> pass's
/// statistics (the members both passes declare in Passes.td).
inline void addLoweringStatistics(const LLLoweringStatistics &stats,
                                  Pass::Statistic &noop,
                                  Pass::Statistic &registers,
                                  Pass::Statistic &shuffle,
                                  Pass::Statistic &sharedMemory,
                                  Pass::Statistic &barriers) {
  noop += uint64_t(stats.noop);
  registers += uint64_t(stats.registers);
  shuffle += uint64_t(stats.shuffle);
  sharedMemory += uint64_t(stats.sharedMemory);
  barriers += uint64_t(stats.barriers);
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_LLTOGPUCOMMON_H
