//===- LLToROCDL.cpp - Lower the `ll` dialect to ROCDL --------------------===//
//
// The AMD side of the lowering: thread index, barrier and cross-lane moves
// as ROCDL ops, LDS in address space 3 with the chip's bank model, wave64
// or wave32. The patterns themselves are in lib/Conversion/LLToGPUCommon.
// The `ll-to-rocdl` pipeline is in lib/Conversion/Pipelines;
// docs/lowering-rocdl.md has the details.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"
#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ll {
#define GEN_PASS_DEF_CONVERTLLTOROCDL
#include "LinearLayout/Conversion/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

namespace {
/// DPP controls (AMDGPU ISA, "DPP_CTRL"): quad_perm is 0x00-0xFF, row
/// shifts move by N lanes within a row of 16, the mirrors reverse 16 (row)
/// or 8 (half row) lanes.
constexpr uint32_t kDppRowShl = 0x100; // + N: lane l reads l + N
constexpr uint32_t kDppRowShr = 0x110; // + N: lane l reads l - N
constexpr uint32_t kDppRowMirror = 0x140;
constexpr uint32_t kDppRowHalfMirror = 0x141;

/// The smallest round of a shared-memory conversion (bytes of LDS).
constexpr int64_t kMinRoundBytes = 4096;

class ROCDLHooks : public GPUTargetHooks {
public:
  explicit ROCDLHooks(GPUTarget target) : GPUTargetHooks(std::move(target)) {}

  unsigned getSharedAddressSpace() const override { return 3; }
  /// Rounds below 4 KiB are merged, in loops or not (docs/lowering-rocdl.md,
  /// "Rounds"): a split saves at most 2 KiB of the 64 KiB LDS and costs a
  /// barrier pair and, for the rounds' registers, separate accesses that
  /// the backend cannot pair into ds_write2/ds_read2.
  int64_t getMinRoundBytes() const override { return kMinRoundBytes; }
  /// LDS addresses in bytes: an address is a VGPR of byte offset, so an
  /// element GEP costs a shift per distinct address (v_lshlrev after each
  /// v_xor); in bytes the shift is folded into the thread part, computed
  /// once.
  bool sharedAddressesInBytes() const override { return true; }
  bool globalAddressesInBytes() const override { return true; }
  bool groupsAddressTerms() const override { return true; }
  bool hasBytePermute() const override { return true; }
  /// v_perm_b32 (llvm.amdgcn.perm(src0, src1, sel)): bytes 0-3 of src1 and
  /// 4-7 of src0, one selector byte per result byte.
  Value createBytePermute(OpBuilder &builder, Location loc, Value lo, Value hi,
                          Value selector) const override {
    Type i32 = builder.getI32Type();
    return LLVM::CallIntrinsicOp::create(
               builder, loc, i32, builder.getStringAttr("llvm.amdgcn.perm"),
               ValueRange{hi, lo, selector})
        .getResult(0);
  }
  int64_t bytePermuteSelector(uint32_t nibbles) const override {
    uint32_t bytes = 0;
    for (int k = 0; k < 4; ++k)
      bytes |= ((nibbles >> (4 * k)) & 0xf) << (8 * k);
    return int64_t(int32_t(bytes));
  }
  bool pairsSharedStores() const override { return true; }
  Value createThreadIdX(OpBuilder &builder, Location loc) const override {
    return ROCDL::ThreadIdXOp::create(builder, loc, builder.getI32Type());
  }
  /// HIP's __syncthreads(): the LDS accesses before the barrier are visible
  /// to the workgroup after it.
  Operation *createBarrier(OpBuilder &builder, Location loc) const override {
    LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::release,
                          "workgroup");
    Operation *wait = ROCDL::SBarrierOp::create(builder, loc);
    LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::acquire,
                          "workgroup");
    return wait;
  }
  /// The lanes of a wave run in lockstep and the LDS performs one wave's
  /// accesses in order, so a wave orders its own LDS accesses with a
  /// fence at wavefront scope: no instruction (AMDGPU memory model), only
  /// no reordering by the compiler. Triton 3.6 omits the barrier there too.
  bool hasWarpBarrier() const override { return true; }
  Operation *createWarpBarrier(OpBuilder &builder,
                               Location loc) const override {
    return LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::acq_rel,
                                 "wavefront");
  }
  /// ds_bpermute_b32 addresses lanes in bytes: lane * 4.
  Value createShuffleIdx(OpBuilder &builder, Location loc, Value value,
                         Value srcLane) const override {
    Type i32 = builder.getI32Type();
    Value two = LLVM::ConstantOp::create(builder, loc, i32,
                                         builder.getI32IntegerAttr(2));
    Value address = LLVM::ShlOp::create(builder, loc, srcLane, two);
    return ROCDL::DsBpermuteOp::create(builder, loc, i32, address, value);
  }
  /// ds_bpermute's byte address, lane * 4, computed with the lane.
  int shuffleLaneShift() const override { return 2; }
  bool affineShuffleReadsAddress(uint64_t srcConst,
                                 ArrayRef<uint64_t> srcCols) const override {
    return !fixedPattern(srcConst, srcCols);
  }
  Value createAffineShuffle(OpBuilder &builder, Location loc, Value value,
                            Value srcAddress, uint64_t srcConst,
                            ArrayRef<uint64_t> srcCols) const override {
    if (std::optional<FixedPattern> pattern = fixedPattern(srcConst, srcCols))
      return emitFixedPattern(builder, loc, value, *pattern);
    return ROCDL::DsBpermuteOp::create(builder, loc, builder.getI32Type(),
                                       srcAddress, value);
  }
  bool supportsShuffles() const override { return true; }
  void configureTarget(ConversionTarget &target) const override {
    target.addLegalDialect<ROCDL::ROCDLDialect>();
  }

private:
  /// A cross-lane move by a fixed pattern: no LDS hardware at all (DPP), or
  /// no address computation (ds_swizzle).
  struct FixedPattern {
    enum Kind { Identity, Dpp, DppBanks, Swizzle } kind;
    /// Dpp: the control; Swizzle: the offset.
    uint32_t control = 0;
    /// DppBanks: (control, bank mask) of each row shift, applied in order.
    SmallVector<std::pair<uint32_t, uint32_t>, 2> moves = {};
  };

  /// The source lane srcConst ^ M l as a fixed cross-lane pattern, if one
  /// exists: the identity, a DPP mirror, quad_perm or row shifts, or
  /// ds_swizzle's bit-mask mode. Every pattern keeps the lane bits it does
  /// not name, so M must be the identity on those.
  static std::optional<FixedPattern> fixedPattern(uint64_t srcConst,
                                                  ArrayRef<uint64_t> srcCols) {
    // lowBits: the lane bits the pattern may change; the others must map
    // to themselves and not appear in srcConst.
    auto keepsAbove = [&](int lowBits) {
      if (srcConst >> lowBits)
        return false;
      for (size_t b = 0; b < srcCols.size(); ++b) {
        if (int(b) >= lowBits ? srcCols[b] != (uint64_t(1) << b)
                              : (srcCols[b] >> lowBits) != 0)
          return false;
      }
      return true;
    };
    auto diagonal = [&](int lowBits) {
      for (int b = 0; b < lowBits && b < int(srcCols.size()); ++b)
        if (srcCols[b] != (uint64_t(1) << b))
          return false;
      return true;
    };
    if (keepsAbove(0))
      return FixedPattern{FixedPattern::Identity}; // every lane reads itself
    if (keepsAbove(4) && diagonal(4) && srcConst == 15)
      return FixedPattern{FixedPattern::Dpp, kDppRowMirror};
    if (keepsAbove(3) && diagonal(3) && srcConst == 7)
      return FixedPattern{FixedPattern::Dpp, kDppRowHalfMirror};
    if (keepsAbove(2)) {
      uint32_t control = 0;
      for (uint64_t p = 0; p < 4; ++p) {
        uint64_t src = srcConst;
        for (int b = 0; b < 2 && b < int(srcCols.size()); ++b)
          if ((p >> b) & 1)
            src ^= srcCols[b];
        control |= uint32_t(src) << (2 * p);
      }
      return FixedPattern{FixedPattern::Dpp, control};
    }
    // Moves by whole banks of 4 lanes within a row of 16: lane l reads
    // l + delta(bank); one DPP row_shl (read l + d) or row_shr (read l - d)
    // per distinct nonzero delta, each enabled on its banks only (the
    // other lanes keep `old`, the previous result). Two at most.
    if (keepsAbove(4) && diagonal(2) && (srcConst & 3) == 0) {
      llvm::SmallDenseMap<int, uint32_t> banksByDelta;
      for (int bank = 0; bank < 4; ++bank) {
        uint64_t src = srcConst >> 2;
        for (int b = 2; b < 4 && b < int(srcCols.size()); ++b)
          if ((bank >> (b - 2)) & 1)
            src ^= srcCols[b] >> 2;
        int delta = 4 * (int(src) - bank);
        if (delta)
          banksByDelta[delta] |= 1u << bank;
      }
      if (banksByDelta.size() <= 2) {
        SmallVector<std::pair<int, uint32_t>> byDelta(banksByDelta.begin(),
                                                      banksByDelta.end());
        llvm::sort(byDelta);
        FixedPattern pattern{FixedPattern::DppBanks};
        for (auto [delta, banks] : byDelta)
          pattern.moves.push_back({delta > 0 ? kDppRowShl + uint32_t(delta)
                                             : kDppRowShr + uint32_t(-delta),
                                   banks});
        return pattern;
      }
    }
    // ds_swizzle bit-mask mode, within groups of 32 lanes:
    // src = ((lane & and) | or) ^ xor, offset = and | or << 5 | xor << 10.
    if (keepsAbove(5)) {
      uint32_t andMask = 0;
      for (int b = 0; b < 5 && b < int(srcCols.size()); ++b) {
        if (srcCols[b] == (uint64_t(1) << b))
          andMask |= 1u << b;
        else if (srcCols[b] != 0)
          return std::nullopt;
      }
      return FixedPattern{FixedPattern::Swizzle,
                          andMask | (uint32_t(srcConst) << 10)};
    }
    return std::nullopt;
  }

  static Value emitFixedPattern(OpBuilder &builder, Location loc, Value value,
                                const FixedPattern &pattern) {
    Type i32 = builder.getI32Type();
    switch (pattern.kind) {
    case FixedPattern::Identity:
      return value;
    case FixedPattern::Dpp:
      return ROCDL::DPPUpdateOp::create(builder, loc, i32, value, value,
                                        pattern.control, /*rowMask=*/0xF,
                                        /*bankMask=*/0xF,
                                        /*boundCtrl=*/false);
    case FixedPattern::DppBanks: {
      Value result = value;
      for (auto [control, banks] : pattern.moves)
        result = ROCDL::DPPUpdateOp::create(builder, loc, i32, result, value,
                                            control, /*rowMask=*/0xF, banks,
                                            /*boundCtrl=*/false);
      return result;
    }
    case FixedPattern::Swizzle: {
      Value offset = LLVM::ConstantOp::create(
          builder, loc, i32,
          builder.getI32IntegerAttr(int32_t(pattern.control)));
      return ROCDL::DsSwizzleOp::create(builder, loc, i32, value, offset);
    }
    }
    llvm_unreachable("unknown fixed pattern");
  }
};

struct ConvertLLToROCDLPass
    : public mlir::ll::impl::ConvertLLToROCDLBase<ConvertLLToROCDLPass> {
  using ConvertLLToROCDLBase::ConvertLLToROCDLBase;

  void runOnOperation() override {
    LLLoweringStatistics stats;
    if (failed(lowerLLToLLVMFor<ROCDLHooks>(
            getOperation(), getArgument(), chip, waveSize, GPUVendor::AMD,
            "an AMD GPU such as gfx942, gfx950 or gfx1100",
            {indexBitwidth, minRoundBytes, /*lineBarriers=*/false, &stats})))
      return signalPassFailure();
    addLoweringStatistics(stats, numNoop, numRegisters, numShuffle,
                          numSharedMemory, numBarriers);
  }
};
} // namespace
