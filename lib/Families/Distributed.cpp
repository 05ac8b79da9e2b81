//===- Distributed.cpp - Validation and dispatch of register layouts ------===//
//
// getDistributedRank checks every parameter of a (possibly nested) layout
// description against what Triton 3.6 accepts, so that the builders never
// see values Triton would abort on.
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"
#include "LinearLayout/Core/DimNames.h"
#include "Validation.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;
using namespace mlir::ll::families;

static llvm::Expected<int64_t> blockedRank(const DistributedLayoutSpec &spec) {
  int64_t rank = int64_t(spec.sizePerThread.size());
  if (rank == 0)
    return makeError("size_per_thread must not be empty");
  if (auto err = checkLength(spec.threadsPerWarp, rank, "threads_per_warp"))
    return std::move(err);
  if (auto err = checkLength(spec.warpsPerCTA, rank, "warps_per_cta"))
    return std::move(err);
  if (auto err = checkLength(spec.order, rank, "order"))
    return std::move(err);
  if (auto err = checkPowersOfTwo(spec.sizePerThread, "size_per_thread"))
    return std::move(err);
  if (auto err = checkPowersOfTwo(spec.threadsPerWarp, "threads_per_warp"))
    return std::move(err);
  if (auto err = checkPowersOfTwo(spec.warpsPerCTA, "warps_per_cta"))
    return std::move(err);
  if (auto err = checkPermutation(spec.order, "order"))
    return std::move(err);
  return rank;
}

static llvm::Expected<int64_t>
nvidiaMmaRank(const DistributedLayoutSpec &spec) {
  int64_t rank = int64_t(spec.warpsPerCTA.size());
  if (auto err = checkPowersOfTwo(spec.warpsPerCTA, "warps_per_cta"))
    return std::move(err);
  llvm::ArrayRef<int64_t> instr = spec.instrShape;
  if (spec.version == 2) {
    if (rank != 2 && rank != 3)
      return makeError("warps_per_cta of an mma v2 layout must have 2 or 3 "
                       "entries, got " +
                       listToString(spec.warpsPerCTA));
    bool ok = rank == 2 ? instr == llvm::ArrayRef<int64_t>{16, 8}
                        : instr == llvm::ArrayRef<int64_t>{1, 16, 8};
    if (!ok)
      return makeError("instr_shape of an mma v2 layout must be " +
                       llvm::Twine(rank == 2 ? "[16, 8]" : "[1, 16, 8]") +
                       ", got " + listToString(instr));
    return rank;
  }
  if (spec.version == 3) {
    if (rank != 2)
      return makeError("warps_per_cta of an mma v3 (wgmma) layout must have "
                       "2 entries, got " +
                       listToString(spec.warpsPerCTA));
    if (instr.size() != 3 || instr[0] != 16 || !isPowerOfTwo(instr[1]) ||
        instr[1] < 8 || instr[1] > 256 ||
        (instr[2] != 8 && instr[2] != 16 && instr[2] != 32))
      return makeError("instr_shape of an mma v3 (wgmma) layout must be "
                       "[16, N, K] with N a power of two in [8, 256] and K "
                       "8, 16 or 32, got " +
                       listToString(instr));
    return rank;
  }
  return makeError("version of an NVIDIA mma layout must be 2 (mma) or 3 "
                   "(wgmma), got " +
                   llvm::Twine(spec.version));
}

static llvm::Expected<int64_t>
tilesAndWarps(const DistributedLayoutSpec &spec) {
  int64_t rank = int64_t(spec.warpsPerCTA.size());
  if (rank != 2 && rank != 3)
    return makeError("warps_per_cta must have 2 or 3 entries, got " +
                     listToString(spec.warpsPerCTA));
  if (auto err = checkPowersOfTwo(spec.warpsPerCTA, "warps_per_cta"))
    return std::move(err);
  if (!spec.tilesPerWarp.empty()) {
    if (auto err = checkLength(spec.tilesPerWarp, rank, "tiles_per_warp"))
      return std::move(err);
    if (auto err = checkPowersOfTwo(spec.tilesPerWarp, "tiles_per_warp"))
      return std::move(err);
  }
  return rank;
}

static llvm::Expected<int64_t> mfmaRank(const DistributedLayoutSpec &spec) {
  if (spec.version < 1 || spec.version > 4)
    return makeError("version of an AMD mfma layout must be 1 to 4, got " +
                     llvm::Twine(spec.version));
  llvm::ArrayRef<int64_t> instr = spec.instrShape;
  bool shapeOk =
      instr.size() == 3 && isPowerOfTwo(instr[2]) && instr[2] <= 1024 &&
      ((instr[0] == 32 && instr[1] == 32) ||
       (instr[0] == 16 && instr[1] == 16) ||
       (instr[0] == 64 && instr[1] == 4) || (instr[0] == 4 && instr[1] == 64));
  if (!shapeOk)
    return makeError("instr_shape of an AMD mfma layout must be [M, N, K] "
                     "with [M, N] one of [32, 32], [16, 16], [64, 4], "
                     "[4, 64] and K a power of two, got " +
                     listToString(instr));
  if (instr[0] == 64 && instr[1] == 4 && !spec.transposed)
    return makeError("transposed must be true for a 64x4 mfma "
                     "instr_shape");
  if (spec.elementBitwidth != 32 && spec.elementBitwidth != 64)
    return makeError("element_bitwidth of an AMD mfma layout must be 32 or "
                     "64, got " +
                     llvm::Twine(spec.elementBitwidth));
  return tilesAndWarps(spec);
}

static llvm::Expected<int64_t> wmmaRank(const DistributedLayoutSpec &spec) {
  if (spec.version < 1 || spec.version > 3)
    return makeError("version of an AMD wmma layout must be 1 to 3, got " +
                     llvm::Twine(spec.version));
  llvm::ArrayRef<int64_t> instr = spec.instrShape;
  bool ok = instr.size() == 3 && instr[0] == 16 && instr[1] == 16;
  if (ok && spec.version == 1)
    ok = instr[2] == 16;
  else if (ok && spec.version == 2)
    ok = instr[2] == 16 || instr[2] == 32;
  else if (ok)
    ok = instr[2] == 4 || instr[2] == 32 || instr[2] == 64 || instr[2] == 128;
  if (!ok)
    return makeError("instr_shape of an AMD wmma v" +
                     llvm::Twine(spec.version) + " layout must be " +
                     (spec.version == 1 ? "[16, 16, 16]"
                      : spec.version == 2
                          ? "[16, 16, 16] or [16, 16, 32]"
                          : "[16, 16, K] with K 4, 32, 64 or 128") +
                     ", got " + listToString(instr));
  return tilesAndWarps(spec);
}

static llvm::Expected<int64_t> dotRank(const DistributedLayoutSpec &spec) {
  if (!spec.parent)
    return makeError("parent of a dot operand layout is missing");
  const DistributedLayoutSpec &parent = *spec.parent;
  auto rank = getDistributedRank(parent);
  if (!rank)
    return rank.takeError();
  if (spec.operandIndex != 0 && spec.operandIndex != 1)
    return makeError("operand_index must be 0 (A) or 1 (B), got " +
                     llvm::Twine(spec.operandIndex));
  int64_t k = spec.kWidth;
  auto badKWidth = [&](const llvm::Twine &allowed) {
    return makeError("k_width " + llvm::Twine(k) + " is not valid for " +
                     allowed);
  };
  switch (parent.kind) {
  case DistributedKind::Blocked:
    if (*rank < 2)
      return makeError("parent of a dot operand layout must have rank 2 or "
                       "3, got a rank-" +
                       llvm::Twine(*rank) + " layout");
    if (k != 0)
      return badKWidth("a blocked (FMA) parent: it must be 0");
    return rank;
  case DistributedKind::NvidiaMma:
    if (parent.version == 3 && spec.operandIndex != 0)
      return makeError("operand_index must be 0 for an mma v3 (wgmma) "
                       "parent: operand B is read from shared memory");
    if (!isPowerOfTwo(k) || k > 16)
      return badKWidth("an NVIDIA mma parent: it must be 1, 2, 4, 8 or 16");
    return rank;
  case DistributedKind::AmdMfma:
    if (!isPowerOfTwo(k) || k > 32)
      return badKWidth("an AMD mfma parent: it must be a power of two up to "
                       "32");
    return rank;
  case DistributedKind::AmdWmma: {
    bool ok = parent.version == 1   ? (k == 8 || k == 16)
              : parent.version == 2 ? (k == 4 || k == 8 || k == 16)
                                    : (k == 2 || k == 8 || k == 16);
    if (!ok)
      return badKWidth("an AMD wmma v" + llvm::Twine(parent.version) +
                       " parent: it must be " +
                       (parent.version == 1   ? "8 or 16"
                        : parent.version == 2 ? "4, 8 or 16"
                                              : "2, 8 or 16"));
    return rank;
  }
  default:
    return makeError("parent of a dot operand layout must be a blocked, "
                     "NVIDIA mma, AMD mfma or AMD wmma layout");
  }
}

/// log2 of every size a description multiplies together, summed over the
/// description and its parents.
static int64_t parameterBits(const DistributedLayoutSpec &spec) {
  int64_t bits = 0;
  auto add = [&](llvm::ArrayRef<int64_t> values) {
    for (int64_t value : values)
      if (value > 1)
        bits += llvm::Log2_64(uint64_t(value));
  };
  add(spec.sizePerThread);
  add(spec.threadsPerWarp);
  add(spec.warpsPerCTA);
  add(spec.tilesPerWarp);
  add(spec.instrShape);
  add(spec.kWidth);
  if (spec.parent)
    bits += parameterBits(*spec.parent);
  return bits;
}

/// Layouts of more than 2^48 elements per CTA cannot be indexed by the 64
/// bits of a LinearLayout together with a tensor shape; refusing them also
/// keeps every intermediate size far from int64 overflow.
static constexpr int64_t kMaxParameterBits = 48;

static llvm::Expected<int64_t> rankOf(const DistributedLayoutSpec &spec);
static llvm::Expected<int64_t> rankAndCga(const DistributedLayoutSpec &spec);

llvm::Expected<int64_t>
mlir::ll::getDistributedRank(const DistributedLayoutSpec &spec) {
  auto rank = rankAndCga(spec);
  if (!rank)
    return rank.takeError();
  if (*rank > kMaxDistributedRank)
    return makeError("layouts of rank above " +
                     llvm::Twine(kMaxDistributedRank) +
                     " are not supported, got rank " + llvm::Twine(*rank));
  if (parameterBits(spec) > kMaxParameterBits)
    return makeError("the layout parameters describe more than 2^48 "
                     "elements per CTA (size_per_thread, threads_per_warp, "
                     "warps_per_cta, tiles_per_warp, instr_shape and "
                     "k_width multiply together)");
  return rank;
}

static llvm::Expected<int64_t> rankAndCga(const DistributedLayoutSpec &spec) {
  auto rank = rankOf(spec);
  if (!rank)
    return rank.takeError();
  if (spec.kind == DistributedKind::Slice ||
      spec.kind == DistributedKind::DotOperand) {
    if (!spec.cgaLayout.empty())
      return makeError("cga_layout of a slice or dot operand layout is its "
                       "parent's: give it to the parent");
  } else if (auto err = checkCgaLayout(spec.cgaLayout, *rank)) {
    return std::move(err);
  }
  return rank;
}

static llvm::Expected<int64_t> rankOf(const DistributedLayoutSpec &spec) {
  switch (spec.kind) {
  case DistributedKind::Blocked:
    return blockedRank(spec);
  case DistributedKind::Slice: {
    if (!spec.parent)
      return makeError("parent of a slice layout is missing");
    auto rank = getDistributedRank(*spec.parent);
    if (!rank)
      return rank.takeError();
    if (*rank < 2)
      return makeError("parent of a slice layout must have rank 2 or more, "
                       "got a rank-" +
                       llvm::Twine(*rank) + " layout");
    if (spec.dim < 0 || spec.dim >= *rank)
      return makeError("dim of a slice layout must be in [0, " +
                       llvm::Twine(*rank) + "), got " + llvm::Twine(spec.dim));
    return *rank - 1;
  }
  case DistributedKind::NvidiaMma:
    return nvidiaMmaRank(spec);
  case DistributedKind::DotOperand:
    return dotRank(spec);
  case DistributedKind::AmdMfma:
    return mfmaRank(spec);
  case DistributedKind::AmdWmma:
    return wmmaRank(spec);
  case DistributedKind::Linear:
    if (!spec.linear)
      return makeError("a linear layout needs its bases");
    return int64_t(spec.linear->getOutDims().size());
  }
  return makeError("unknown layout kind");
}

CgaLayout families::dotOperandCga(const DistributedLayoutSpec &dot, int rank) {
  CgaLayout cga = dot.parent->cgaLayout;
  int kDim = dot.operandIndex == 0 ? rank - 1 : rank - 2;
  for (auto &basis : cga)
    basis[kDim] = 0;
  return cga;
}

std::vector<int64_t>
families::tilesPerWarpOrOnes(const DistributedLayoutSpec &spec, int rank) {
  if (spec.tilesPerWarp.empty())
    return std::vector<int64_t>(rank, 1);
  return std::vector<int64_t>(spec.tilesPerWarp.begin(),
                              spec.tilesPerWarp.end());
}

/// A linear layout resized to `shape` (Triton's LinearEncodingAttr):
/// register bits added where it is smaller, bases zeroed where larger.
static llvm::Expected<LayoutBuilder>
buildLinear(const DistributedLayoutSpec &spec, llvm::ArrayRef<int64_t> shape) {
  const LinearLayout &layout = *spec.linear;
  std::vector<std::string> outs;
  for (const LayoutDim &out : layout.getOutDims())
    outs.push_back(out.name);
  if (outs != standardOutNames(int(shape.size())))
    return makeError("a linear layout's outputs must be dim0..dim" +
                     llvm::Twine(shape.size() - 1));
  // Triton resizes a linear encoding without broadcasting registers: a
  // register bit that reaches past the shape is dropped, not zeroed (other
  // bits past it are zeroed below, and broadcast).
  auto pastShape = [&](const Basis &basis) {
    for (size_t d = 0; d < basis.size(); ++d)
      if (basis[d] >= shape[d])
        return true;
    return false;
  };
  std::vector<BuilderInDim> ins;
  for (const InDimBases &in : layout.getBases()) {
    BuilderInDim dim{in.name, {}};
    for (const Basis &basis : in.bases)
      if (in.name != dims::kRegister || !pastShape(basis))
        dim.bases.emplace_back(basis.begin(), basis.end());
    ins.push_back(std::move(dim));
  }
  LayoutBuilder builder = LayoutBuilder::fromBases(std::move(ins), outs);
  for (unsigned i = 0; i < outs.size(); ++i)
    builder.setOutSize(i, layout.getOutDims()[i].size());
  return combineWithShape(builder, shape, {});
}

llvm::Expected<LayoutBuilder>
families::buildDistributed(const DistributedLayoutSpec &spec,
                           llvm::ArrayRef<int64_t> shape) {
  switch (spec.kind) {
  case DistributedKind::Blocked:
    return buildBlocked(spec, shape);
  case DistributedKind::Slice:
    return buildSlice(spec, shape);
  case DistributedKind::NvidiaMma:
    return buildNvidiaMma(spec, shape);
  case DistributedKind::AmdMfma:
    return buildAmdMfma(spec, shape);
  case DistributedKind::AmdWmma:
    return buildAmdWmma(spec, shape);
  case DistributedKind::Linear:
    return buildLinear(spec, shape);
  case DistributedKind::DotOperand:
    switch (spec.parent->kind) {
    case DistributedKind::Blocked:
      return buildFmaDotOperand(spec, shape);
    case DistributedKind::NvidiaMma:
      return buildNvidiaDotOperand(spec, shape);
    case DistributedKind::AmdMfma:
      return buildAmdMfmaDotOperand(spec, shape);
    case DistributedKind::AmdWmma:
      return buildAmdWmmaDotOperand(spec, shape);
    default:
      break;
    }
    break;
  }
  return makeError("unsupported layout");
}

llvm::Expected<LinearLayout>
mlir::ll::distributedToLinearLayout(const DistributedLayoutSpec &spec,
                                    llvm::ArrayRef<int64_t> shape) {
  auto rank = getDistributedRank(spec);
  if (!rank)
    return rank.takeError();
  if (auto err = checkShape(shape, *rank))
    return std::move(err);
  auto built = buildDistributed(spec, shape);
  if (!built)
    return built.takeError();
  return built->toLinearLayout(distributedInNames(), shape);
}
