//===- LLToNVVM.cpp - Lower the `ll` dialect to NVVM ----------------------===//
//
// The NVVM side of the lowering: thread index, barrier and shuffle as NVVM
// ops, shared memory in address space 3 with NVIDIA's bank model. The
// patterns themselves are in lib/Conversion/LLToGPUCommon; the `ll-to-ptx`
// pipeline is in lib/Conversion/Pipelines.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/FinalizeGPUModule.h"
#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"
#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::ll {
#define GEN_PASS_DEF_CONVERTLLTONVVM
#include "LinearLayout/Conversion/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

namespace {
class NVVMHooks : public GPUTargetHooks {
public:
  explicit NVVMHooks(GPUTarget target) : GPUTargetHooks(std::move(target)) {}

  unsigned getSharedAddressSpace() const override {
    return unsigned(NVVM::NVVMMemorySpace::Shared);
  }
  Value createThreadIdX(OpBuilder &builder, Location loc) const override {
    return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
  }
  Operation *createBarrier(OpBuilder &builder, Location loc) const override {
    return NVVM::Barrier0Op::create(builder, loc);
  }
  // bar.warp.sync orders the shared-memory accesses of the threads it
  // synchronises (PTX ISA); in a one-warp block it replaces bar.sync
  // (H100: conv_loop of the 1-warp transposes 0.98 -> 0.84..0.89 of
  // Triton's time).
  bool hasWarpBarrier() const override { return true; }
  bool warpBarriersForRoundsOnce() const override { return true; }
  int64_t getMinRoundBytesPerThreadOnce() const override { return 8; }
  Operation *createWarpBarrier(OpBuilder &builder,
                               Location loc) const override {
    Value all = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                         builder.getI32IntegerAttr(-1));
    return NVVM::SyncWarpOp::create(builder, loc, all);
  }
  // bar.warp.sync with a member mask: the lanes named must all reach it.
  bool hasLanesBarrier() const override { return true; }
  Operation *createLanesBarrier(OpBuilder &builder, Location loc,
                                uint64_t lanes) const override {
    Value members = LLVM::ConstantOp::create(
        builder, loc, builder.getI32Type(),
        builder.getI32IntegerAttr(int32_t(uint32_t(lanes))));
    return NVVM::SyncWarpOp::create(builder, loc, members);
  }
  // ptxas drops a bar.warp.sync of converged code but schedules no memory
  // access across it: the line groups of a tile's global loads and stores
  // stay in the order written in the SASS (docs/lowering.md, "Barriers
  // between line groups").
  bool fencesLineGroups() const override { return true; }
  // Also packs the words of 8-bit stores: one prmt a word where NVPTX
  // builds a word of 16-bit loads byte by byte (docs/lowering.md, "Bytes of
  // 16-bit loads").
  bool hasBytePermute() const override { return true; }
  StringRef getMaxRegistersAttrName() const override {
    return NVVM::NVVMDialect::getMaxnregAttrName();
  }
  Value createBytePermute(OpBuilder &builder, Location loc, Value lo, Value hi,
                          Value selector) const override {
    return createNVVMBytePermute(builder, loc, lo, hi, selector);
  }
  Value createShuffleIdx(OpBuilder &builder, Location loc, Value value,
                         Value srcLane) const override {
    Type i32 = builder.getI32Type();
    Value mask = LLVM::ConstantOp::create(builder, loc, i32,
                                          builder.getI32IntegerAttr(-1));
    Value clamp = LLVM::ConstantOp::create(builder, loc, i32,
                                           builder.getI32IntegerAttr(31));
    return NVVM::ShflOp::create(
        builder, loc, i32, mask, value, srcLane, clamp,
        NVVM::ShflKindAttr::get(builder.getContext(), NVVM::ShflKind::idx),
        UnitAttr());
  }
  bool supportsShuffles() const override { return true; }
  Value createMatrixLoad(OpBuilder &builder, Location loc, Value ptr,
                         bool trans) const override {
    Type i32 = builder.getI32Type();
    auto type = LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                 {i32, i32, i32, i32});
    return NVVM::LdMatrixOp::create(
        builder, loc, type, ptr, /*num=*/4,
        trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(builder.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
  void createMatrixStore(OpBuilder &builder, Location loc, Value ptr,
                         ValueRange words, bool trans) const override {
    NVVM::StMatrixOp::create(
        builder, loc, ptr, words,
        trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(builder.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
  void configureTarget(ConversionTarget &target) const override {
    target.addLegalDialect<NVVM::NVVMDialect>();
  }
  // ld.global with the L2::128B prefetch size, which LLVM's loads cannot
  // express: inline PTX, 4, 8 or 16 bytes as b32/v2.b32/v4.b32 (b64/v2.b64
  // for 64-bit elements), bitcast to `type`. Only from global pointers
  // (address space 1: a generic one may point to shared memory), and only
  // on chips whose default PTX ISA has the qualifier (7.4; the NVPTX
  // backend writes 7.0 for sm_80 and 7.1 for sm_86, 7.4 from sm_87 on).
  // With side effects: the asm has no memory effects that MLIR or LLVM
  // could see, so without them a later load of a stored address would be
  // CSE'd with an earlier one.
  Value createLineLoad(OpBuilder &builder, Location loc, Type type, Value ptr,
                       unsigned alignment) const override {
    Type element = getElementTypeOrSelf(type);
    auto vector = llvm::dyn_cast<VectorType>(type);
    unsigned bits = element.getIntOrFloatBitWidth() *
                    unsigned(vector ? vector.getNumElements() : 1);
    auto ptrType = llvm::dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
    if (!getTarget().hasLineLoads || !ptrType ||
        ptrType.getAddressSpace() != unsigned(NVVM::NVVMMemorySpace::Global) ||
        alignment * 8 < bits || (bits != 32 && bits != 64 && bits != 128))
      return GPUTargetHooks::createLineLoad(builder, loc, type, ptr, alignment);
    MLIRContext *ctx = builder.getContext();
    // Words of the element's width where that is 64 bits, else of 32 bits.
    unsigned wordBits = element.getIntOrFloatBitWidth() == 64 ? 64 : 32;
    unsigned words = bits / wordBits;
    Type word = builder.getIntegerType(wordBits);
    Type resultType = words == 1 ? word
                                 : Type(LLVM::LLVMStructType::getLiteral(
                                       ctx, SmallVector<Type>(words, word)));
    // A constant element offset on the address goes into the instruction
    // (as LLVM's own loads fold it), not into a register.
    int64_t offset = 0;
    if (auto gep = ptr.getDefiningOp<LLVM::GEPOp>();
        gep && gep.getIndices().size() == 1 &&
        gep.getElemType().isIntOrFloat() &&
        gep.getElemType().getIntOrFloatBitWidth() % 8 == 0) {
      auto index = *gep.getIndices().begin();
      APInt value;
      std::optional<int64_t> elements;
      if (auto attr = llvm::dyn_cast_if_present<IntegerAttr>(index))
        elements = attr.getInt();
      else if (auto v = llvm::dyn_cast_if_present<Value>(index);
               v && matchPattern(v, m_ConstantInt(&value)))
        elements = value.getSExtValue();
      int64_t bytes = 0;
      if (elements &&
          !llvm::MulOverflow(
              *elements, int64_t(gep.getElemType().getIntOrFloatBitWidth() / 8),
              bytes) &&
          bytes >= INT32_MIN && bytes <= INT32_MAX) {
        offset = bytes;
        ptr = gep.getBase();
      }
    }
    std::string address = (offset > 0 ? "+" : "") +
                          (offset ? std::to_string(offset) : std::string()) +
                          "]";
    std::string text = "ld.global.L2::128B";
    std::string constraints;
    if (words > 1)
      text += ".v" + std::to_string(words);
    text += ".b" + std::to_string(wordBits) + " ";
    for (unsigned w = 0; w < words; ++w) {
      text += (w == 0 ? (words > 1 ? "{$" : "$") : ", $") + std::to_string(w);
      constraints += wordBits == 64 ? "=l," : "=r,";
    }
    text += std::string(words > 1 ? "}" : "") + ", [$" + std::to_string(words) +
            address + ";";
    constraints += "l";
    Value loaded =
        LLVM::InlineAsmOp::create(
            builder, loc, resultType, ValueRange{ptr},
            builder.getStringAttr(text), builder.getStringAttr(constraints),
            /*has_side_effects=*/builder.getUnitAttr(),
            /*is_align_stack=*/UnitAttr(),
            LLVM::TailCallKindAttr::get(ctx, LLVM::TailCallKind::None),
            LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
            /*operand_attrs=*/ArrayAttr())
            .getResult(0);
    if (words > 1) {
      auto wordsType = VectorType::get({int64_t(words)}, word);
      Value packed = LLVM::PoisonOp::create(builder, loc, wordsType);
      for (unsigned w = 0; w < words; ++w)
        packed = LLVM::InsertElementOp::create(
            builder, loc, packed,
            LLVM::ExtractValueOp::create(builder, loc, loaded,
                                         ArrayRef<int64_t>{int64_t(w)}),
            LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                     builder.getI32IntegerAttr(int32_t(w))));
      loaded = packed;
    }
    return loaded.getType() == type
               ? loaded
               : Value(LLVM::BitcastOp::create(builder, loc, type, loaded));
  }
};

struct ConvertLLToNVVMPass
    : public mlir::ll::impl::ConvertLLToNVVMBase<ConvertLLToNVVMPass> {
  using ConvertLLToNVVMBase::ConvertLLToNVVMBase;

  void runOnOperation() override {
    LLLoweringStatistics stats;
    if (failed(lowerLLToLLVMFor<NVVMHooks>(
            getOperation(), getArgument(), chip, /*waveSize=*/0,
            GPUVendor::NVIDIA, "sm_<N>",
            {indexBitwidth, minRoundBytes, lineBarriers, &stats})))
      return signalPassFailure();
    addLoweringStatistics(stats, numNoop, numRegisters, numShuffle,
                          numSharedMemory, numBarriers);
  }
};
} // namespace
