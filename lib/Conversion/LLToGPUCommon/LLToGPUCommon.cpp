//===- LLToGPUCommon.cpp - Target-independent lowering of `ll` -----------===//
//
// Lowers the `ll` ops inside GPU kernels to the LLVM dialect. Everything a
// target decides (thread index, barrier, shared address space, bank model)
// comes from GPUTargetHooks; see docs/lowering.md for the scheme.
//
// The central object is an *address map*: a layout composed with the map
// from tensor coordinates to an offset (row-major global offsets, or the
// inverse of a shared-memory layout) is a linear map over F2 from the
// thread's (register, lane, warp) bits to the offset bits. A thread computes
// the lane/warp part T once; register k adds the constant K(k), by `add`
// when T and K never share a bit and by `xor` (the swizzle) otherwise.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"
#include "LinearLayout/Conversion/LLToGPUCommon/ScratchBarriers.h"

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/F2Subspace.h"
#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <map>

using namespace mlir;
using namespace mlir::ll;

GPUTargetHooks::~GPUTargetHooks() = default;

Value GPUTargetHooks::createMatrixLoad(OpBuilder &, Location, Value,
                                       bool) const {
  return Value();
}
void GPUTargetHooks::createMatrixStore(OpBuilder &, Location, Value, ValueRange,
                                       bool) const {}

Value GPUTargetHooks::createLineLoad(OpBuilder &builder, Location loc,
                                     Type type, Value ptr,
                                     unsigned alignment) const {
  return LLVM::LoadOp::create(builder, loc, type, ptr, alignment);
}

Value GPUTargetHooks::createAffineShuffle(OpBuilder &builder, Location loc,
                                          Value value, Value srcLane, uint64_t,
                                          ArrayRef<uint64_t>) const {
  return createShuffleIdx(builder, loc, value, srcLane);
}

static constexpr llvm::StringLiteral kScratchName = "__ll_scratch";
/// What one thread may hold: larger tiles are rejected, not unrolled.
static constexpr int64_t kMaxRegistersPerThread = 4096;

//===----------------------------------------------------------------------===//
// Address maps
//===----------------------------------------------------------------------===//

namespace {
/// A linear map over F2 from a thread's (register, lane, warp) bits to an
/// integer, as the image of each bit.
struct AddressMap {
  SmallVector<uint64_t> reg, lane, warp;

  uint64_t registerValue(uint64_t k) const {
    uint64_t v = 0;
    for (size_t i = 0; i < reg.size(); ++i)
      if ((k >> i) & 1)
        v ^= reg[i];
    return v;
  }
  uint64_t threadMask() const {
    uint64_t m = 0;
    for (uint64_t c : lane)
      m |= c;
    for (uint64_t c : warp)
      m |= c;
    return m;
  }
  uint64_t registerMask() const {
    uint64_t m = 0;
    for (uint64_t c : reg)
      m |= c;
    return m;
  }
  /// T and K(k) never share a bit: T ^ K == T + K.
  bool additive() const { return (threadMask() & registerMask()) == 0; }
};

/// The aligned vectors of an access: register bits `bits[i]` step the
/// offset by 2^i, and every other column keeps the low bits clear.
struct VectorShape {
  SmallVector<int> bits;
  int64_t elements() const { return int64_t(1) << bits.size(); }
};

/// A distributed layout with inputs register, lane, warp, block and outputs
/// dim0..dimN-1, checked to fit one CTA.
struct ThreadLayout {
  LinearLayout layout;
  int registerBits = 0, laneBits = 0, warpBits = 0;
  int64_t numRegisters() const { return int64_t(1) << registerBits; }
};
} // namespace

static SmallVector<std::string> dimNames(size_t rank) {
  SmallVector<std::string> names;
  for (size_t i = 0; i < rank; ++i)
    names.push_back("dim" + std::to_string(i));
  return names;
}

/// The threads of the block that runs `op`, when its gpu.func declares
/// them (`known_block_size`).
static std::optional<int64_t> knownBlockThreads(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> size = func.getKnownBlockSize();
  if (!size || size->empty())
    return std::nullopt;
  int64_t threads = 1;
  for (int32_t d : *size)
    threads *= d;
  return threads;
}

static FailureOr<ThreadLayout> getThreadLayout(Operation *op,
                                               const LinearLayout &layout,
                                               size_t rank, int lanesPerWarp,
                                               StringRef what) {
  SmallVector<std::string> names = dimNames(rank);
  auto normalized = normalizeDistributed(layout, names, what);
  if (!normalized)
    return op->emitError() << llvm::toString(normalized.takeError());
  ThreadLayout result;
  result.layout = std::move(*normalized);
  result.registerBits = result.layout.getInDimSizeLog2("register");
  result.laneBits = result.layout.getInDimSizeLog2("lane");
  result.warpBits = result.layout.getInDimSizeLog2("warp");
  if (result.layout.getInDimSizeLog2("block") != 0)
    return op->emitError() << what
                           << " spans several blocks (CTAs); the lowering "
                              "handles one block";
  if ((int64_t(1) << result.laneBits) > lanesPerWarp)
    return op->emitError() << what << " has " << (int64_t(1) << result.laneBits)
                           << " lanes, but a warp has " << lanesPerWarp;
  // A layout over more threads than the kernel declares would leave part
  // of the tile to threads that do not exist.
  int64_t needed = int64_t(lanesPerWarp) << result.warpBits;
  if (std::optional<int64_t> threads = knownBlockThreads(op);
      threads && *threads < needed)
    return op->emitError() << what << " spans " << needed << " threads ("
                           << lanesPerWarp << " lanes x "
                           << (int64_t(1) << result.warpBits)
                           << " warps), but the function's known_block_size "
                              "has "
                           << *threads;
  if (result.numRegisters() > kMaxRegistersPerThread)
    return op->emitError() << what << " has "
                           << (int64_t(1) << result.registerBits)
                           << " registers per thread (at most "
                           << kMaxRegistersPerThread << " lowered)";
  return result;
}

/// The address map of `tl` followed by `project` (tensor coordinates ->
/// integer).
static AddressMap
mapThroughCoordinates(const ThreadLayout &tl,
                      llvm::function_ref<uint64_t(ArrayRef<int64_t>)> project) {
  AddressMap map;
  auto fill = [&](unsigned dim, int bits, SmallVector<uint64_t> &out) {
    for (int b = 0; b < bits; ++b)
      out.push_back(project(tl.layout.getBasis(dim, b)));
  };
  fill(0, tl.registerBits, map.reg);
  fill(1, tl.laneBits, map.lane);
  fill(2, tl.warpBits, map.warp);
  return map;
}

/// The address map of a layout already composed into a single offset
/// output: its flat columns are the offsets.
static AddressMap mapFromOffsetLayout(const LinearLayout &composed,
                                      const ThreadLayout &tl) {
  AddressMap map;
  ArrayRef<uint64_t> cols = composed.getColumns();
  int at = 0;
  for (int b = 0; b < tl.registerBits; ++b)
    map.reg.push_back(cols[at++]);
  for (int b = 0; b < tl.laneBits; ++b)
    map.lane.push_back(cols[at++]);
  for (int b = 0; b < tl.warpBits; ++b)
    map.warp.push_back(cols[at++]);
  return map;
}

/// The widest aligned vector of at most `maxElements` along `col` (the
/// contiguous offset); with `row`, vector registers must not move the row.
static VectorShape findVector(const AddressMap &col, const AddressMap *row,
                              int64_t maxElements) {
  SmallVector<uint64_t> threads(col.lane.begin(), col.lane.end());
  threads.append(col.warp.begin(), col.warp.end());
  return VectorShape{findAlignedVector(
      col.reg, threads,
      row ? ArrayRef<uint64_t>(row->reg) : ArrayRef<uint64_t>(), maxElements)};
}

/// Register of the vector starting at `base` holding element `e`.
static int64_t vectorRegister(const VectorShape &shape, int64_t base,
                              int64_t e) {
  int64_t k = base;
  for (size_t i = 0; i < shape.bits.size(); ++i)
    if ((e >> i) & 1)
      k |= int64_t(1) << shape.bits[i];
  return k;
}

static bool isVectorBase(const VectorShape &shape, int64_t k) {
  for (int b : shape.bits)
    if ((k >> b) & 1)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Conversion decisions (computed before rewriting, to size the scratch)
//===----------------------------------------------------------------------===//

/// A warp-wide ldmatrix/stmatrix access (MatrixInstructions.h) of a thread
/// layout whose address map (in elements) is `map`. Lane L gives the start
/// of one 16-byte row: rows.lane[b] are the offsets of its five address bits
/// (three row bits, then the two matrix bits), and rows.reg are the
/// layout's register columns with the pair and matrix registers zeroed, so
/// an instruction whose other registers are `k` reads or writes rows at
/// rows(lane, warp) ^ rows.registerValue(k). Fragment word i (matrix i) of
/// that instruction is register k | i0 << matrix[0] | i1 << matrix[1],
/// with the 16-bit halves registers k' and k' | 1 << pair.
struct MatrixAccess {
  bool trans = false;
  int pair = -1;
  int matrix[2] = {-1, -1};
  AddressMap rows;
  /// The registers of the fragment word `word` of the instruction at `k`.
  SmallVector<int64_t, 2> wordRegisters(int64_t k, int word) const {
    int64_t r = k | (int64_t(word & 1) << matrix[0]) |
                (int64_t(word >> 1) << matrix[1]);
    if (pair < 0)
      return {r};
    return {r, r | (int64_t(1) << pair)};
  }
  bool isBase(int64_t k) const {
    for (int b : {pair, matrix[0], matrix[1]})
      if (b >= 0 && ((k >> b) & 1))
        return false;
    return true;
  }
};

/// The matrix access of `tile` through `map`, or std::nullopt when the
/// address map does not have the instruction's shape: the fragment's
/// contiguous bits must step the offset by 1, 2, 4 (in that order) and
/// every row address must be 16-byte aligned. (The planner's memory layout
/// is built so that they do; this check keeps the emitted code correct for
/// any layout the planner returns.)
static std::optional<MatrixAccess>
matrixAccess(const AddressMap &map, const MatrixTile &tile, int bits) {
  if (tile.kind == SharedInstruction::Vector || map.lane.size() != 5)
    return std::nullopt;
  if (bits != 16 && (bits != 32 || tile.kind == SharedInstruction::MatrixTrans))
    return std::nullopt;
  int numRegs = int(map.reg.size());
  auto validReg = [&](int r) { return r >= 0 && r < numRegs; };
  if (!validReg(tile.matrixRegisters[0]) ||
      !validReg(tile.matrixRegisters[1]) ||
      (bits == 16) != validReg(tile.pairRegister))
    return std::nullopt;
  MatrixAccess access;
  access.trans = tile.kind == SharedInstruction::MatrixTrans;
  access.pair = bits == 16 ? tile.pairRegister : -1;
  access.matrix[0] = tile.matrixRegisters[0];
  access.matrix[1] = tile.matrixRegisters[1];
  SmallVector<uint64_t> contiguous, rowLanes;
  if (bits == 32) {
    contiguous = {map.lane[0], map.lane[1]};
    rowLanes = {map.lane[2], map.lane[3], map.lane[4]};
  } else if (!access.trans) {
    contiguous = {map.reg[access.pair], map.lane[0], map.lane[1]};
    rowLanes = {map.lane[2], map.lane[3], map.lane[4]};
  } else {
    contiguous = {map.lane[2], map.lane[3], map.lane[4]};
    rowLanes = {map.reg[access.pair], map.lane[0], map.lane[1]};
  }
  for (size_t i = 0; i < contiguous.size(); ++i)
    if (contiguous[i] != (uint64_t(1) << i))
      return std::nullopt;
  rowLanes.push_back(map.reg[access.matrix[0]]);
  rowLanes.push_back(map.reg[access.matrix[1]]);
  uint64_t rowMask = (uint64_t(1) << contiguous.size()) - 1;
  access.rows.lane = rowLanes;
  access.rows.warp = map.warp;
  access.rows.reg = map.reg;
  for (int b : {access.pair, access.matrix[0], access.matrix[1]})
    if (b >= 0)
      access.rows.reg[b] = 0;
  for (ArrayRef<uint64_t> cols :
       {ArrayRef<uint64_t>(access.rows.lane), ArrayRef<uint64_t>(map.warp),
        ArrayRef<uint64_t>(access.rows.reg)})
    for (uint64_t c : cols)
      if (c & rowMask)
        return std::nullopt;
  return access;
}

namespace {
enum class LoweringKind { Noop, Rename, Shuffle, SharedMemory };

/// A value that depends on the lane only through the lane bits `bits`:
/// values[c] for the combination c of those bits (bit i of c = lane bit
/// bits[i]). Emitted as a tree of 2^|bits| - 1 selects.
struct LaneMux {
  SmallVector<int> bits;
  SmallVector<int64_t> values;
};

/// One round of a warp-shuffle conversion (docs/lowering.md): source lane
/// = srcConst ^ XOR of srcCols[b] over the set lane bits b; send[j] = the
/// source register in slot j of the shuffled word(s).
struct ShuffleRound {
  uint64_t srcConst = 0;
  SmallVector<uint64_t> srcCols;
  SmallVector<LaneMux> send;
};

struct ConversionLowering {
  LoweringKind kind = LoweringKind::Noop;
  /// SharedMemory: address maps (in elements) of the store and the load,
  /// the scratch size 2^scratchBits elements, processed in 2^roundBits
  /// rounds (the top offset bits).
  AddressMap store, load;
  /// Shuffle: the rounds, elements packed per 32-bit word (slots), words
  /// per element (2 for 64-bit), and per result register the
  /// (round * slots + slot) it takes. Rename: per result register the
  /// source register (by lane).
  SmallVector<ShuffleRound> rounds;
  int slots = 1, wordsPerElement = 1;
  SmallVector<LaneMux> receive;
  int scratchBits = 0, roundBits = 0;
  int elementBytes = 0;
  /// SharedMemory: the store or the load by ldmatrix/stmatrix, if planned.
  std::optional<MatrixAccess> storeMatrix, loadMatrix;
  /// SharedMemory: the byte offset of the scratch slot it uses, and
  /// whether its first store needs a barrier (ScratchBarriers.h).
  int64_t slotOffset = 0;
  bool leadingBarrier = true;
  /// SharedMemory in several rounds over two slots: the slot size; round r
  /// runs on the slot (first + r) % 2 and needs no barrier before its
  /// store. 0: every round on the same slot, each after a barrier.
  int64_t alternateSlotBytes = 0;
  /// The block is one warp: its barriers only order the warp's accesses.
  bool oneWarpBlock = false;
  /// The conversion is inside a loop of its function (runs repeatedly).
  bool insideLoop = false;
  int64_t scratchBytes() const {
    return (int64_t(1) << scratchBits) * elementBytes;
  }
};

struct LoweringState {
  llvm::DenseMap<Operation *, ConversionLowering> conversions;
  llvm::DenseMap<Operation *, std::string> buffers; // alloc_shared -> global
};
} // namespace

static FailureOr<int> getElementBits(Operation *op, Type elementType) {
  if (!elementType.isIntOrFloat())
    return op->emitError("cannot lower ")
           << elementType << " elements (integers or floats only)";
  int bits = int(elementType.getIntOrFloatBitWidth());
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return op->emitError("cannot lower ")
           << bits << "-bit elements (8, 16, 32 or 64 bits)";
  return bits;
}

/// `memory` (offset -> dims) inverted and composed after `tl`: the address
/// map of the accesses of `tl` to a buffer placed by `memory`.
static FailureOr<AddressMap> sharedAddressMap(Operation *op,
                                              const ThreadLayout &tl,
                                              const LinearLayout &memory) {
  auto inverse = memory.invert();
  if (!inverse)
    return op->emitError("the shared-memory layout is not invertible: ")
           << llvm::toString(inverse.takeError());
  auto composed = tl.layout.compose(*inverse);
  if (!composed)
    return op->emitError("cannot address shared memory: ")
           << llvm::toString(composed.takeError());
  return mapFromOffsetLayout(*composed, tl);
}

/// Tabulated lane -> value (negative: any value) as a LaneMux over the lane
/// bits it depends on; nullopt if it needs more than `maxBits` of them.
static std::optional<LaneMux> tabulateLaneMux(ArrayRef<int64_t> table,
                                              int laneBits, int maxBits) {
  int lanes = 1 << laneBits;
  LaneMux mux;
  for (int b = 0; b < laneBits; ++b)
    for (int l = 0; l < lanes; ++l) {
      int other = l ^ (1 << b);
      if (table[l] >= 0 && table[other] >= 0 && table[l] != table[other]) {
        mux.bits.push_back(b);
        break;
      }
    }
  if (int(mux.bits.size()) > maxBits)
    return std::nullopt;
  mux.values.assign(size_t(1) << mux.bits.size(), -1);
  for (int l = 0; l < lanes; ++l) {
    if (table[l] < 0)
      continue;
    size_t combo = 0;
    for (size_t i = 0; i < mux.bits.size(); ++i)
      if ((l >> mux.bits[i]) & 1)
        combo |= size_t(1) << i;
    if (mux.values[combo] >= 0 && mux.values[combo] != table[l])
      return std::nullopt; // depends on more than these bits
    mux.values[combo] = table[l];
  }
  for (int64_t &v : mux.values)
    if (v < 0)
      v = 0; // no lane needs it: any valid choice
  return mux;
}

/// The shuffle rounds of `plan`, or nullopt when its tables are not of the
/// form the lowering emits (affine source lanes, few selects).
static std::optional<ConversionLowering>
shuffleLowering(const WarpShufflePlan &plan, int lanesPerWarp,
                int64_t dstRegisters) {
  if (plan.lanes != lanesPerWarp)
    return std::nullopt;
  int laneBits = int(llvm::Log2_64(uint64_t(lanesPerWarp)));
  ConversionLowering lowering;
  lowering.kind = LoweringKind::Shuffle;
  lowering.wordsPerElement = plan.elementBits == 64 ? 2 : 1;
  lowering.slots = 0;
  for (int64_t k = 0; k < plan.rounds; ++k) {
    ShuffleRound round;
    const auto &src = plan.srcLane[k];
    // Affine source lane: src(l) = c ^ M l on every lane that reads.
    int anchor = -1;
    for (int l = 0; l < lanesPerWarp && anchor < 0; ++l)
      if (src[l] >= 0)
        anchor = l;
    if (anchor < 0)
      return std::nullopt;
    // Solve from the anchor and its single-bit neighbours.
    round.srcCols.assign(laneBits, 0);
    for (int b = 0; b < laneBits; ++b) {
      int other = anchor ^ (1 << b);
      if (src[other] < 0)
        return std::nullopt;
      round.srcCols[b] = uint64_t(src[other] ^ src[anchor]);
    }
    uint64_t atAnchor = 0;
    for (int b = 0; b < laneBits; ++b)
      if ((anchor >> b) & 1)
        atAnchor ^= round.srcCols[b];
    round.srcConst = uint64_t(src[anchor]) ^ atAnchor;
    for (int l = 0; l < lanesPerWarp; ++l) {
      uint64_t v = round.srcConst;
      for (int b = 0; b < laneBits; ++b)
        if ((l >> b) & 1)
          v ^= round.srcCols[b];
      if (src[l] >= 0 && uint64_t(src[l]) != v)
        return std::nullopt;
    }
    int slots = int(plan.sendRegister[k][0].size());
    if (lowering.slots && slots != lowering.slots)
      return std::nullopt;
    lowering.slots = slots;
    for (int j = 0; j < slots; ++j) {
      SmallVector<int64_t> table;
      for (int l = 0; l < lanesPerWarp; ++l)
        table.push_back(plan.sendRegister[k][l][j]);
      auto mux = tabulateLaneMux(table, laneBits, kMaxSelectLaneBits);
      if (!mux)
        return std::nullopt;
      round.send.push_back(std::move(*mux));
    }
    lowering.rounds.push_back(std::move(round));
  }
  if (int64_t(plan.dstRound.size()) != dstRegisters || lowering.slots == 0)
    return std::nullopt;
  for (int64_t r = 0; r < dstRegisters; ++r) {
    SmallVector<int64_t> table;
    for (int l = 0; l < lanesPerWarp; ++l) {
      int64_t round = plan.dstRound[r][l], slot = plan.dstSlot[r][l];
      if (round < 0 || slot < 0)
        return std::nullopt;
      table.push_back(round * lowering.slots + slot);
    }
    auto mux = tabulateLaneMux(table, laneBits, kMaxSelectLaneBits);
    if (!mux)
      return std::nullopt;
    lowering.receive.push_back(std::move(*mux));
  }
  return lowering;
}

/// Whether `op` is inside a loop of its function.
static bool isInsideLoop(Operation *op) {
  for (Operation *parent = op->getParentOp();
       parent && !llvm::isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp())
    if (llvm::isa<LoopLikeOpInterface>(parent))
      return true;
  return false;
}

static FailureOr<ConversionLowering>
decideConversion(ConvertLayoutOp op, const GPUTargetHooks &hooks,
                 const LLLoweringOptions &loweringOptions) {
  auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
  auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
  FailureOr<int> bits = getElementBits(op, srcType.getElementType());
  if (failed(bits))
    return failure();
  size_t rank = srcType.getRank();
  int lanes = hooks.getLanesPerWarp();
  FailureOr<ThreadLayout> src =
      getThreadLayout(op, getLinearEncoding(srcType).getLinearLayout(), rank,
                      lanes, "the source layout");
  FailureOr<ThreadLayout> dst =
      getThreadLayout(op, getLinearEncoding(dstType).getLinearLayout(), rank,
                      lanes, "the result layout");
  if (failed(src) || failed(dst))
    return failure();

  ConversionPlanOptions options;
  // ldmatrix/stmatrix where the target has them (the bank model's
  // architecture says which), else plain ld/st.shared.
  options.swizzle.allowMatrix = hooks.supportsMatrixInstructions();
  auto plan = planConversion(src->layout, dst->layout, *bits,
                             hooks.getBankModel(), options);
  if (!plan)
    return op.emitError("cannot plan the conversion: ")
           << llvm::toString(plan.takeError());

  ConversionLowering lowering;
  lowering.elementBytes = *bits / 8;
  if (plan->kind == ConversionKind::Noop && src->layout == dst->layout)
    return lowering;
  if (plan->kind == ConversionKind::Registers) {
    // Register moves: result register r of lane l copies source register
    // map(r) ^ XOR of the lane columns of the set bits of l (the map is
    // linear). Thread-independent sources are SSA renames; sources that
    // depend on at most kMaxSelectLaneBits lane bits take a tree of
    // selects. Sources that depend on the warp go through shared memory.
    const LinearLayout &map = plan->registerMap;
    ArrayRef<uint64_t> cols = map.getColumns();
    int regBits = map.getInDimSizeLog2("register");
    std::optional<SmallVector<int>> laneBits = registerSourceLaneBits(map);
    if (regBits == dst->registerBits && laneBits &&
        laneBits->size() <= size_t(kMaxSelectLaneBits)) {
      const SmallVector<int> &bitsUsed = *laneBits;
      lowering.kind = LoweringKind::Rename;
      for (int64_t r = 0; r < dst->numRegisters(); ++r) {
        LaneMux mux;
        mux.bits = bitsUsed;
        uint64_t base = map.applyFlat(uint64_t(r));
        for (size_t combo = 0; combo < (size_t(1) << bitsUsed.size());
             ++combo) {
          uint64_t v = base;
          for (size_t i = 0; i < bitsUsed.size(); ++i)
            if ((combo >> i) & 1)
              v ^= cols[regBits + bitsUsed[i]];
          mux.values.push_back(int64_t(v));
        }
        lowering.receive.push_back(std::move(mux));
      }
      return lowering;
    }
  }
  if (plan->kind == ConversionKind::Shuffle && plan->shuffle &&
      hooks.supportsShuffles()) {
    if (auto shuffle =
            shuffleLowering(*plan->shuffle, lanes, dst->numRegisters())) {
      shuffle->elementBytes = *bits / 8;
      return std::move(*shuffle);
    }
  }
  if (plan->kind != ConversionKind::SharedMemory) {
    // Shuffles and lane-dependent register moves go through shared memory
    // (correct for every conversion inside one block).
    options.forceKind = ConversionKind::SharedMemory;
    plan = planConversion(src->layout, dst->layout, *bits, hooks.getBankModel(),
                          options);
    if (!plan)
      return op.emitError("cannot plan the conversion through shared memory: ")
             << llvm::toString(plan.takeError());
  }
  if (!plan->swizzle)
    return op.emitError("the plan has no shared-memory layout");
  const LinearLayout &memory = plan->swizzle->memoryLayout;
  FailureOr<AddressMap> store = sharedAddressMap(op, *src, memory);
  FailureOr<AddressMap> load = sharedAddressMap(op, *dst, memory);
  if (failed(store) || failed(load))
    return failure();
  lowering.kind = LoweringKind::SharedMemory;
  lowering.store = std::move(*store);
  lowering.load = std::move(*load);
  int offsetBits = memory.getTotalInBits();
  int roundBits = int(plan->swizzle->round.size());
  // Rounds are the top offset bits; they must be register directions only
  // (the same for every thread), else one round over the whole buffer.
  uint64_t roundMask = ~((uint64_t(1) << (offsetBits - roundBits)) - 1);
  if ((lowering.store.threadMask() & roundMask) ||
      (lowering.load.threadMask() & roundMask))
    roundBits = 0;
  // Fewer, larger rounds: merging the lowest round bits into the scratch
  // leaves the memory layout (and so every access's wavefronts) unchanged.
  // Only conversions that run repeatedly: once, a few barriers cost less
  // than the occupancy a larger scratch takes from the memory-bound code
  // around it (docs/lowering.md, "Rounds").
  lowering.insideLoop = isInsideLoop(op);
  int elementBytesLog2 = llvm::Log2_32(std::max(*bits / 8, 1));
  while (roundBits > 0 && lowering.insideLoop &&
         (int64_t(1) << (offsetBits - roundBits + elementBytesLog2)) <
             loweringOptions.minRoundBytes)
    --roundBits;
  lowering.roundBits = roundBits;
  lowering.scratchBits = offsetBits - roundBits;
  std::optional<int64_t> blockThreads = knownBlockThreads(op);
  lowering.oneWarpBlock = blockThreads && *blockThreads <= lanes;
  // A matrix instruction moves all its registers in one round; a tile
  // whose registers straddle rounds (or an address map without the
  // instruction's shape) falls back to plain vectors on the same memory.
  uint64_t localMask = (uint64_t(1) << lowering.scratchBits) - 1;
  auto withinRound = [&](const std::optional<MatrixAccess> &access,
                         const AddressMap &map) {
    if (!access)
      return false;
    for (int b : {access->pair, access->matrix[0], access->matrix[1]})
      if (b >= 0 && (map.reg[b] & ~localMask))
        return false;
    return true;
  };
  lowering.storeMatrix =
      matrixAccess(lowering.store, plan->swizzle->storeTile, *bits);
  // stmatrix is warp-wide: no lane may be predicated off.
  bool freeSourceLanes = false;
  for (const auto &[dim, mask] : src->layout.getFreeVariableMasks())
    freeSourceLanes |= dim == "lane" && mask != 0;
  if (!withinRound(lowering.storeMatrix, lowering.store) || freeSourceLanes)
    lowering.storeMatrix.reset();
  lowering.loadMatrix =
      matrixAccess(lowering.load, plan->swizzle->loadTile, *bits);
  if (!withinRound(lowering.loadMatrix, lowering.load))
    lowering.loadMatrix.reset();
  return lowering;
}

//===----------------------------------------------------------------------===//
// IR helpers
//===----------------------------------------------------------------------===//

namespace {
struct Emitter {
  OpBuilder &b;
  Location loc;
  IntegerType indexType;
  llvm::DenseMap<std::tuple<Block *, Type, int64_t>, Value> constants = {};
  llvm::DenseMap<std::tuple<const AddressMap *, Block *, Value, Value>, Value>
      threadParts = {};
  llvm::DenseMap<std::tuple<Block *, Value, int>, Value> laneBits = {};
  llvm::DenseMap<std::pair<Block *, Type>, Value> poisons = {};

  /// The integer constant, created once per block where first needed (an
  /// unrolled conversion uses the same few constants hundreds of times; the
  /// IR volume is the lowering's cost, bench/results/lowering-cost.md).
  /// Within one rewrite the insertion point only moves forward in a block,
  /// so the first one dominates the later uses.
  Value constant(Type type, int64_t value) {
    auto key = std::make_tuple(b.getInsertionBlock(), type, value);
    auto it = constants.find(key);
    if (it != constants.end())
      return it->second;
    Value result =
        LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
    constants[key] = result;
    return result;
  }
  Value index(int64_t value) { return constant(indexType, value); }

  /// A poison value of `type`, once per block (the root of every vector a
  /// store packs), like `constant`.
  Value poison(Type type) {
    auto key = std::make_pair(b.getInsertionBlock(), type);
    auto it = poisons.find(key);
    if (it != poisons.end())
      return it->second;
    Value result = LLVM::PoisonOp::create(b, loc, type);
    poisons[key] = result;
    return result;
  }

  /// i1: bit `bit` of `lane` is set. Once per block: a conversion's selects
  /// test the same few lane bits over and over.
  Value laneBitSet(Value lane, int bit) {
    auto key = std::make_tuple(b.getInsertionBlock(), lane, bit);
    auto it = laneBits.find(key);
    if (it != laneBits.end())
      return it->second;
    Value set = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::ne,
        LLVM::AndOp::create(b, loc, lane, index(int64_t(1) << bit)), index(0));
    laneBits[key] = set;
    return set;
  }

  /// (lane, warp) of the calling thread in `indexType`.
  std::pair<Value, Value> laneAndWarp(const GPUTargetHooks &hooks) {
    Value tid = hooks.createThreadIdX(b, loc);
    if (indexType.getWidth() > 32)
      tid = LLVM::ZExtOp::create(b, loc, indexType, tid);
    int lanes = hooks.getLanesPerWarp();
    Value lane = LLVM::AndOp::create(b, loc, tid, index(lanes - 1));
    Value warp = LLVM::LShrOp::create(b, loc, tid,
                                      index(llvm::Log2_64(uint64_t(lanes))));
    return {lane, warp};
  }

  /// T = XOR over the set bits of lane and warp of their images.
  Value threadPart(const AddressMap &map, Value lane, Value warp) {
    // Rounds reuse their maps: one computation per block (insertion only
    // moves forward within a block, so the first one dominates the rest).
    auto key = std::make_tuple(&map, b.getInsertionBlock(), lane, warp);
    auto it = threadParts.find(key);
    if (it != threadParts.end())
      return it->second;
    Value result = computeThreadPart(map, lane, warp);
    threadParts[key] = result;
    return result;
  }

  Value computeThreadPart(const AddressMap &map, Value lane, Value warp) {
    Value acc;
    auto add = [&](ArrayRef<uint64_t> cols, Value id) {
      for (size_t i = 0; i < cols.size();) {
        if (!cols[i]) {
          ++i;
          continue;
        }
        Value term;
        size_t end = i + 1;
        if (llvm::isPowerOf2_64(cols[i])) {
          // A run of single-bit columns c, 2c, 4c, ...: bits i..end-1 of
          // the id moved to bit log2(c) and up, by one mask and one shift.
          while (end < cols.size() && cols[end] == cols[i] << (end - i))
            ++end;
          int64_t to = llvm::Log2_64(cols[i]);
          int64_t from = int64_t(i);
          uint64_t run = (uint64_t(1) << (end - i)) - 1;
          if (to >= from) {
            term = LLVM::AndOp::create(b, loc, id, index(int64_t(run << from)));
            if (to > from)
              term = LLVM::ShlOp::create(b, loc, term, index(to - from));
          } else {
            term = LLVM::LShrOp::create(b, loc, id, index(from - to));
            term = LLVM::AndOp::create(b, loc, term, index(int64_t(run << to)));
          }
        } else {
          // A column of several bits (a swizzle): bit i times the column.
          Value bit = id;
          if (i)
            bit = LLVM::LShrOp::create(b, loc, bit, index(int64_t(i)));
          bit = LLVM::AndOp::create(b, loc, bit, index(1));
          term = LLVM::MulOp::create(b, loc, bit, index(int64_t(cols[i])));
        }
        acc = acc ? Value(LLVM::XOrOp::create(b, loc, acc, term)) : term;
        i = end;
      }
    };
    add(map.lane, lane);
    add(map.warp, warp);
    return acc ? acc : index(0);
  }

  /// T combined with K = `constant`: add when they share no bit, else XOR.
  Value combine(const AddressMap &map, Value threadValue, uint64_t constant) {
    if (constant == 0)
      return threadValue;
    Value k = index(int64_t(constant));
    if (map.additive())
      return LLVM::AddOp::create(b, loc, threadValue, k);
    return LLVM::XOrOp::create(b, loc, threadValue, k);
  }

  /// base + (T ^ K) as a pointer. The bits of K that T may also have are
  /// XORed into T (one pointer per distinct overlap, cached in `bases`); the
  /// rest of K is disjoint from T, so it is added as a constant offset that
  /// folds into the instruction's immediate. This keeps the number of live
  /// addresses at the number of distinct overlaps, not of registers.
  Value address(Value base, Type elementType, const AddressMap &map,
                Value threadValue, uint64_t constant,
                llvm::DenseMap<uint64_t, Value> &bases) {
    uint64_t threadBits = map.threadMask();
    uint64_t overlap = constant & threadBits;
    uint64_t rest = constant & ~threadBits;
    auto it = bases.find(overlap);
    if (it == bases.end()) {
      Value swizzled = overlap
                           ? Value(LLVM::XOrOp::create(b, loc, threadValue,
                                                       index(int64_t(overlap))))
                           : threadValue;
      it = bases.try_emplace(overlap, gep(base, elementType, swizzled)).first;
    }
    if (!rest)
      return it->second;
    return gep(it->second, elementType, index(int64_t(rest)));
  }

  Value gep(Value base, Type elementType, Value offset) {
    return LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                               ArrayRef<LLVM::GEPArg>{offset});
  }

  /// The type a vector access of `count` elements moves: the elements
  /// themselves when they are words or double words (no bitcast), else
  /// packed into 32-bit words.
  Type memoryType(Type elementType, int64_t count, int bits) {
    int64_t total = count * bits;
    if (count == 1)
      return elementType;
    if (bits >= 32)
      return VectorType::get({count}, elementType);
    if (total < 32)
      return b.getIntegerType(unsigned(total));
    if (total == 32)
      return b.getI32Type();
    return VectorType::get({total / 32}, b.getI32Type());
  }

  /// `lineLoads`: load through GPUTargetHooks::createLineLoad.
  SmallVector<Value> load(Value ptr, Type elementType, int64_t count, int bits,
                          const GPUTargetHooks *lineLoads = nullptr) {
    Type memType = memoryType(elementType, count, bits);
    unsigned align = unsigned(count * bits / 8);
    Value word = lineLoads
                     ? lineLoads->createLineLoad(b, loc, memType, ptr, align)
                     : Value(LLVM::LoadOp::create(b, loc, memType, ptr, align));
    if (count == 1)
      return {word};
    auto vecType = VectorType::get({count}, elementType);
    Value vec = word.getType() == vecType
                    ? word
                    : Value(LLVM::BitcastOp::create(b, loc, vecType, word));
    SmallVector<Value> elems;
    for (int64_t e = 0; e < count; ++e)
      elems.push_back(LLVM::ExtractElementOp::create(
          b, loc, vec, constant(b.getI32Type(), e)));
    return elems;
  }

  void store(Value ptr, Type elementType, ArrayRef<Value> elems, int bits) {
    int64_t count = int64_t(elems.size());
    unsigned align = unsigned(count * bits / 8);
    if (count == 1) {
      LLVM::StoreOp::create(b, loc, elems[0], ptr, align);
      return;
    }
    auto vecType = VectorType::get({count}, elementType);
    Value vec = poison(vecType);
    for (int64_t e = 0; e < count; ++e)
      vec = LLVM::InsertElementOp::create(b, loc, vec, elems[e],
                                          constant(b.getI32Type(), e));
    Type memType = memoryType(elementType, count, bits);
    Value word = memType == vecType
                     ? vec
                     : Value(LLVM::BitcastOp::create(b, loc, memType, vec));
    LLVM::StoreOp::create(b, loc, word, ptr, align);
  }

  /// The n registers of a tensor value. Where a previous pattern packed
  /// them (an insertvalue chain), the packed values themselves: no
  /// extractvalue, and the chain dies (erased after the conversion).
  SmallVector<Value> unpack(Value structValue, int64_t n) {
    SmallVector<Value> values(n);
    for (Value v = structValue;
         auto insert = v.getDefiningOp<LLVM::InsertValueOp>();
         v = insert.getContainer()) {
      ArrayRef<int64_t> position = insert.getPosition();
      if (position.size() == 1 && position[0] >= 0 && position[0] < n &&
          !values[position[0]])
        values[position[0]] = insert.getValue();
    }
    for (int64_t i = 0; i < n; ++i)
      if (!values[i])
        values[i] = LLVM::ExtractValueOp::create(b, loc, structValue,
                                                 ArrayRef<int64_t>{i});
    return values;
  }

  Value pack(Type structType, ArrayRef<Value> values) {
    Value result = LLVM::PoisonOp::create(b, loc, structType);
    for (size_t i = 0; i < values.size(); ++i)
      result = LLVM::InsertValueOp::create(b, loc, result, values[i],
                                           ArrayRef<int64_t>{int64_t(i)});
    return result;
  }
};
} // namespace

/// Whether a warp's vector loads from a contiguous tile (element offsets
/// `col`) read whole 32-byte sectors but not whole 128-byte lines, and the
/// block reads the rest of those lines: then fetching whole lines into L2
/// at the first miss serves the block's later accesses to them
/// (docs/lowering.md "Global loads"). Over F2: the bytes one load
/// instruction of a warp touches are an affine space whose direction is
/// spanned by the vector's own byte bits and the lanes' offsets; a sector
/// (line) is whole iff byte bits 0-4 (0-6) lie in that span.
static bool readsPartialLines(const AddressMap &col, const VectorShape &vec,
                              int bits) {
  if (bits < 8)
    return false;
  int byteShift = llvm::Log2_32(unsigned(bits / 8));
  int vectorBytesLog2 = byteShift + int(vec.bits.size());
  // Byte offsets: the vector's own bytes, then the columns shifted.
  F2Vectors vectorBytes, laneBytes, otherBytes;
  for (int i = 0; i < vectorBytesLog2; ++i)
    vectorBytes.push_back(uint64_t(1) << i);
  for (uint64_t c : col.lane)
    laneBytes.push_back(c << byteShift);
  for (uint64_t c : concat({col.reg, col.warp}))
    otherBytes.push_back(c << byteShift);
  F2Subspace warpSpan(concat({vectorBytes, laneBytes}));
  F2Subspace blockSpan(concat({vectorBytes, laneBytes, otherBytes}));
  bool wholeSectors = true, wholeLines = true, blockLines = true;
  for (int i = 0; i < 7; ++i) {
    bool inWarp = warpSpan.contains(uint64_t(1) << i);
    (i < 5 ? wholeSectors : wholeLines) &= inWarp;
    blockLines &= blockSpan.contains(uint64_t(1) << i);
  }
  return wholeSectors && !wholeLines && blockLines;
}

/// Loads every register of `tl` (values[k]) from `base` + offset(k), where
/// offset(k) = row(k) * rowStride + col(k) (no rows: col(k)). Duplicate
/// registers (same address) are loaded once.
static SmallVector<Value>
loadRegisters(Emitter &em, Value base, Type elementType, int bits,
              const ThreadLayout &tl, const AddressMap &col,
              const AddressMap *row, Value rowStride, Value lane, Value warp,
              int64_t maxVector, const GPUTargetHooks *globalTarget = nullptr) {
  VectorShape vec = findVector(col, row, maxVector);
  const GPUTargetHooks *lineLoads =
      globalTarget && !row && readsPartialLines(col, vec, bits) ? globalTarget
                                                                : nullptr;
  Value colThread = em.threadPart(col, lane, warp);
  Value rowThread = row ? em.threadPart(*row, lane, warp) : Value();
  SmallVector<Value> values(tl.numRegisters());
  llvm::DenseMap<std::pair<uint64_t, uint64_t>, SmallVector<Value>> loaded;
  llvm::DenseMap<uint64_t, Value> bases;
  for (int64_t k = 0; k < tl.numRegisters(); ++k) {
    if (!isVectorBase(vec, k))
      continue;
    uint64_t c = col.registerValue(uint64_t(k));
    uint64_t r = row ? row->registerValue(uint64_t(k)) : 0;
    auto key = std::make_pair(r, c);
    auto it = loaded.find(key);
    if (it == loaded.end()) {
      Value ptr;
      if (row) {
        Value rowValue = em.combine(*row, rowThread, r);
        Value offset = LLVM::AddOp::create(
            em.b, em.loc,
            LLVM::MulOp::create(em.b, em.loc, rowValue, rowStride),
            em.combine(col, colThread, c));
        ptr = em.gep(base, elementType, offset);
      } else {
        ptr = em.address(base, elementType, col, colThread, c, bases);
      }
      it = loaded
               .try_emplace(key, em.load(ptr, elementType, vec.elements(), bits,
                                         lineLoads))
               .first;
    }
    for (int64_t e = 0; e < vec.elements(); ++e)
      values[vectorRegister(vec, k, e)] = it->second[e];
  }
  return values;
}

/// Stores every distinct register of `tl` to `base` + offset(k); registers
/// for which `keep(k)` is false are skipped.
static void storeRegisters(Emitter &em, Value base, Type elementType, int bits,
                           const ThreadLayout &tl, ArrayRef<Value> values,
                           const AddressMap &col, const AddressMap *row,
                           Value rowStride, Value lane, Value warp,
                           int64_t maxVector,
                           llvm::function_ref<bool(int64_t)> keep,
                           uint64_t offsetMask) {
  // Broadcast: a thread whose free lane or warp bits are set holds only
  // elements that the thread with those bits cleared also holds, so only
  // threads with all free bits clear store (each element once).
  uint64_t freeLanes = 0, freeWarps = 0;
  for (const auto &[dim, mask] : tl.layout.getFreeVariableMasks()) {
    if (dim == "lane")
      freeLanes = mask;
    else if (dim == "warp")
      freeWarps = mask;
  }
  OpBuilder::InsertionGuard guard(em.b);
  if (freeLanes || freeWarps) {
    Value zero = em.index(0);
    Value free = LLVM::OrOp::create(
        em.b, em.loc,
        LLVM::AndOp::create(em.b, em.loc, lane, em.index(int64_t(freeLanes))),
        LLVM::AndOp::create(em.b, em.loc, warp, em.index(int64_t(freeWarps))));
    Value owner =
        LLVM::ICmpOp::create(em.b, em.loc, LLVM::ICmpPredicate::eq, free, zero);
    auto ifOp = scf::IfOp::create(em.b, em.loc, owner, /*withElse=*/false);
    em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  VectorShape vec = findVector(col, row, maxVector);
  Value colThread = em.threadPart(col, lane, warp);
  Value rowThread = row ? em.threadPart(*row, lane, warp) : Value();
  llvm::DenseSet<std::pair<uint64_t, uint64_t>> stored;
  llvm::DenseMap<uint64_t, Value> bases;
  for (int64_t k = 0; k < tl.numRegisters(); ++k) {
    if (!isVectorBase(vec, k) || !keep(k))
      continue;
    uint64_t c = col.registerValue(uint64_t(k)) & offsetMask;
    uint64_t r = row ? row->registerValue(uint64_t(k)) : 0;
    if (!stored.insert({r, c}).second)
      continue;
    Value ptr;
    if (row) {
      Value rowValue = em.combine(*row, rowThread, r);
      Value offset = LLVM::AddOp::create(
          em.b, em.loc, LLVM::MulOp::create(em.b, em.loc, rowValue, rowStride),
          em.combine(col, colThread, c));
      ptr = em.gep(base, elementType, offset);
    } else {
      ptr = em.address(base, elementType, col, colThread, c, bases);
    }
    SmallVector<Value> elems;
    for (int64_t e = 0; e < vec.elements(); ++e)
      elems.push_back(values[vectorRegister(vec, k, e)]);
    em.store(ptr, elementType, elems, bits);
  }
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

/// Element types as LLVM sees them: floats LLVM has no type for (fp8) as
/// integers of their width.
static Type convertElementType(Type type) {
  if (LLVM::isCompatibleType(type))
    return type;
  if (type.isIntOrFloat())
    return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
  return {};
}

static bool isLLType(Type type) {
  if (llvm::isa<SharedBufferType>(type))
    return true;
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && llvm::isa_and_nonnull<LinearAttr>(tensor.getEncoding());
}

static bool involvesLL(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isLLType) ||
         llvm::any_of(op->getResultTypes(), isLLType);
}

namespace {
class LLTypeConverter : public TypeConverter {
public:
  LLTypeConverter(MLIRContext *ctx, unsigned sharedAddressSpace) {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> std::optional<Type> {
      auto encoding = llvm::dyn_cast_or_null<LinearAttr>(type.getEncoding());
      if (!encoding)
        return type;
      const LinearLayout &layout = encoding.getLinearLayout();
      int64_t registers =
          layout.hasInDim("register") ? layout.getInDimSize("register") : 1;
      // More registers than a thread is lowered with: no type, so the op
      // that uses it fails to legalize with its own diagnostic (building
      // a 2^40-member struct would exhaust memory first).
      if (registers > kMaxRegistersPerThread)
        return std::nullopt;
      Type element = convertElementType(type.getElementType());
      if (!element)
        return std::nullopt;
      SmallVector<Type> members(registers, element);
      return LLVM::LLVMStructType::getLiteral(type.getContext(), members);
    });
    addConversion([ctx, sharedAddressSpace](SharedBufferType) -> Type {
      return LLVM::LLVMPointerType::get(ctx, sharedAddressSpace);
    });
    auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// Shared state of the patterns.
struct LoweringContext {
  const GPUTargetHooks &hooks;
  const LoweringState &state;
  IntegerType indexType;
};

template <typename Op> struct LLPattern : public OpConversionPattern<Op> {
  LLPattern(const TypeConverter &converter, MLIRContext *ctx,
            const LoweringContext &lc)
      : OpConversionPattern<Op>(converter, ctx), lc(lc) {}
  const LoweringContext &lc;

  int64_t maxVector(int bits) const { return 128 / bits; }
};

/// The row stride as an index-typed value, or null for a contiguous tile.
static Value getRowStride(Emitter &em, Value stride, size_t rank) {
  if (!stride || rank < 2)
    return {};
  Type type = stride.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(em.b, em.loc, em.indexType, stride);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < em.indexType.getWidth())
    return LLVM::SExtOp::create(em.b, em.loc, em.indexType, stride);
  if (width > em.indexType.getWidth())
    return LLVM::TruncOp::create(em.b, em.loc, em.indexType, stride);
  return stride;
}

/// The global address maps of a tile: contiguous (row-major flat offset) or
/// rows (dim0) and columns (the rest, row-major).
static std::pair<AddressMap, std::optional<AddressMap>>
globalMaps(const ThreadLayout &tl, ArrayRef<int64_t> shape, bool hasRows) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  size_t first = hasRows ? 1 : 0;
  AddressMap col = mapThroughCoordinates(tl, [&](ArrayRef<int64_t> c) {
    uint64_t v = 0;
    for (size_t d = first; d < c.size(); ++d)
      v += uint64_t(c[d] * strides[d]);
    return v;
  });
  if (!hasRows)
    return {col, std::nullopt};
  AddressMap row = mapThroughCoordinates(
      tl, [](ArrayRef<int64_t> c) { return uint64_t(c[0]); });
  return {col, row};
}

struct LoadTileLowering : public LLPattern<LoadTileOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(LoadTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    FailureOr<ThreadLayout> tl = getThreadLayout(
        op, getLinearEncoding(type).getLinearLayout(), type.getRank(),
        lc.hooks.getLanesPerWarp(), "the tile layout");
    if (failed(tl))
      return failure();
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return op.emitError("cannot convert ") << type;
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    Value stride = getRowStride(em, op.getRowStride(), type.getRank());
    auto [col, row] = globalMaps(*tl, type.getShape(), bool(stride));
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    Type elementType = convertElementType(type.getElementType());
    SmallVector<Value> values = loadRegisters(
        em, adaptor.getPtr(), elementType, *bits, *tl, col,
        row ? &*row : nullptr, stride, lane, warp, maxVector(*bits), &lc.hooks);
    rewriter.replaceOp(op, em.pack(structType, values));
    return success();
  }
};

struct StoreTileLowering : public LLPattern<StoreTileOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(StoreTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getValue().getType());
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    FailureOr<ThreadLayout> tl = getThreadLayout(
        op, getLinearEncoding(type).getLinearLayout(), type.getRank(),
        lc.hooks.getLanesPerWarp(), "the tile layout");
    if (failed(tl))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    Value stride = getRowStride(em, op.getRowStride(), type.getRank());
    auto [col, row] = globalMaps(*tl, type.getShape(), bool(stride));
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values =
        em.unpack(adaptor.getValue(), tl->numRegisters());
    storeRegisters(
        em, adaptor.getPtr(), convertElementType(type.getElementType()), *bits,
        *tl, values, col, row ? &*row : nullptr, stride, lane, warp,
        maxVector(*bits), [](int64_t) { return true; }, ~uint64_t(0));
    rewriter.eraseOp(op);
    return success();
  }
};

static Value scratchBase(Emitter &em, Operation *op, unsigned addressSpace) {
  auto ptrType = LLVM::LLVMPointerType::get(op->getContext(), addressSpace);
  return LLVM::AddressOfOp::create(em.b, em.loc, ptrType, kScratchName);
}

struct ConvertLayoutLowering : public LLPattern<ConvertLayoutOp> {
  using LLPattern::LLPattern;

  /// The fragment word of `values` at the registers `regs` (one 32-bit
  /// element, or two 16-bit halves, low half first) as i32.
  static Value packWord(Emitter &em, Type elementType, ArrayRef<Value> values,
                        ArrayRef<int64_t> regs) {
    Type i32 = em.b.getI32Type();
    if (regs.size() == 1) {
      Value v = values[regs[0]];
      return v.getType() == i32 ? v
                                : LLVM::BitcastOp::create(em.b, em.loc, i32, v);
    }
    auto pairType = VectorType::get({2}, elementType);
    Value vec = em.poison(pairType);
    for (int h = 0; h < 2; ++h)
      vec = LLVM::InsertElementOp::create(em.b, em.loc, vec, values[regs[h]],
                                          em.constant(i32, h));
    return LLVM::BitcastOp::create(em.b, em.loc, i32, vec);
  }

  /// The registers `regs` of the fragment word `word` (inverse of packWord).
  static void unpackWord(Emitter &em, Type elementType, Value word,
                         ArrayRef<int64_t> regs, MutableArrayRef<Value> out) {
    Type i32 = em.b.getI32Type();
    if (regs.size() == 1) {
      out[regs[0]] =
          elementType == i32
              ? word
              : Value(LLVM::BitcastOp::create(em.b, em.loc, elementType, word));
      return;
    }
    Value vec = LLVM::BitcastOp::create(
        em.b, em.loc, VectorType::get({2}, elementType), word);
    for (int h = 0; h < 2; ++h)
      out[regs[h]] = LLVM::ExtractElementOp::create(em.b, em.loc, vec,
                                                    em.constant(i32, h));
  }

  /// stmatrix.x4 of every instruction base k with `keep(k)`; threads of
  /// free (broadcast) warps skip the store, as in storeRegisters.
  void storeMatrix(Emitter &em, const MatrixAccess &access, Value base,
                   Type elementType, int bits, const ThreadLayout &tl,
                   ArrayRef<Value> values, Value lane, Value warp,
                   uint64_t offsetMask,
                   llvm::function_ref<bool(int64_t)> keep) const {
    OpBuilder::InsertionGuard guard(em.b);
    uint64_t freeWarps = 0;
    for (const auto &[dim, mask] : tl.layout.getFreeVariableMasks())
      if (dim == "warp")
        freeWarps = mask;
    if (freeWarps) {
      Value owner = LLVM::ICmpOp::create(
          em.b, em.loc, LLVM::ICmpPredicate::eq,
          LLVM::AndOp::create(em.b, em.loc, warp, em.index(int64_t(freeWarps))),
          em.index(0));
      auto ifOp = scf::IfOp::create(em.b, em.loc, owner, /*withElse=*/false);
      em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    }
    Value thread = em.threadPart(access.rows, lane, warp);
    llvm::DenseSet<uint64_t> stored;
    llvm::DenseMap<uint64_t, Value> bases;
    for (int64_t k = 0; k < tl.numRegisters(); ++k) {
      if (!access.isBase(k) || !keep(k))
        continue;
      uint64_t c = access.rows.registerValue(uint64_t(k)) & offsetMask;
      if (!stored.insert(c).second)
        continue;
      Value ptr = em.address(base, elementType, access.rows, thread, c, bases);
      SmallVector<Value, 4> words;
      for (int w = 0; w < 4; ++w)
        words.push_back(
            packWord(em, elementType, values, access.wordRegisters(k, w)));
      lc.hooks.createMatrixStore(em.b, em.loc, ptr, words, access.trans);
    }
  }

  /// ldmatrix.x4 of every instruction base k with `keep(k)` into `out`.
  void loadMatrix(Emitter &em, const MatrixAccess &access, Value base,
                  Type elementType, int bits, MutableArrayRef<Value> out,
                  Value lane, Value warp, uint64_t offsetMask,
                  llvm::function_ref<bool(int64_t)> keep) const {
    Value thread = em.threadPart(access.rows, lane, warp);
    llvm::DenseMap<uint64_t, Value> loaded;
    llvm::DenseMap<uint64_t, Value> bases;
    for (int64_t k = 0; k < int64_t(out.size()); ++k) {
      if (!access.isBase(k) || !keep(k))
        continue;
      uint64_t c = access.rows.registerValue(uint64_t(k)) & offsetMask;
      auto found = loaded.find(c);
      if (found == loaded.end()) {
        Value ptr =
            em.address(base, elementType, access.rows, thread, c, bases);
        found = loaded
                    .try_emplace(c, lc.hooks.createMatrixLoad(em.b, em.loc, ptr,
                                                              access.trans))
                    .first;
      }
      for (int w = 0; w < 4; ++w) {
        Value word = LLVM::ExtractValueOp::create(em.b, em.loc, found->second,
                                                  ArrayRef<int64_t>{w});
        unpackWord(em, elementType, word, access.wordRegisters(k, w), out);
      }
    }
  }

  /// A tree of selects on the lane bits of `mux`, leaves from `leaf`.
  static Value selectByLane(Emitter &em, const LaneMux &mux, Value lane,
                            llvm::function_ref<Value(int64_t)> leaf) {
    SmallVector<Value> level;
    for (int64_t v : mux.values)
      level.push_back(leaf(v));
    for (int bit : mux.bits) {
      Value set = em.laneBitSet(lane, bit);
      SmallVector<Value> next;
      for (size_t c = 0; c < level.size(); c += 2)
        next.push_back(level[c] == level[c + 1]
                           ? level[c]
                           : Value(LLVM::SelectOp::create(
                                 em.b, em.loc, set, level[c + 1], level[c])));
      level = std::move(next);
    }
    return level.front();
  }

  /// Warp shuffles: per round, every lane packs the registers it sends into
  /// 32-bit words, reads the words of its source lane (`shfl.sync.idx`),
  /// and each result register unpacks its (round, slot).
  SmallVector<Value> lowerShuffle(Emitter &em, const ConversionLowering &lw,
                                  ArrayRef<Value> in, Type elementType,
                                  int bits) const {
    OpBuilder &b = em.b;
    Location loc = em.loc;
    Type i32 = b.getI32Type();
    Type intType = b.getIntegerType(unsigned(bits));
    auto toInt = [&](Value v) -> Value {
      return v.getType() == intType
                 ? v
                 : Value(LLVM::BitcastOp::create(b, loc, intType, v));
    };
    auto fromInt = [&](Value v) -> Value {
      return elementType == intType
                 ? v
                 : Value(LLVM::BitcastOp::create(b, loc, elementType, v));
    };
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    // words[round][w]
    SmallVector<SmallVector<Value>> received;
    std::map<SmallVector<uint64_t>, Value> linearParts;
    for (const ShuffleRound &round : lw.rounds) {
      SmallVector<Value> words(lw.wordsPerElement);
      for (int j = 0; j < lw.slots; ++j) {
        Value elem = toInt(selectByLane(em, round.send[j], lane,
                                        [&](int64_t r) { return in[r]; }));
        if (bits == 64) {
          words[0] = LLVM::TruncOp::create(b, loc, i32, elem);
          words[1] = LLVM::TruncOp::create(
              b, loc, i32,
              LLVM::LShrOp::create(
                  b, loc, elem,
                  LLVM::ConstantOp::create(b, loc, intType,
                                           b.getIntegerAttr(intType, 32))));
          continue;
        }
        Value word =
            bits == 32 ? elem : Value(LLVM::ZExtOp::create(b, loc, i32, elem));
        if (j)
          word = LLVM::ShlOp::create(
              b, loc, word,
              LLVM::ConstantOp::create(b, loc, i32,
                                       b.getI32IntegerAttr(j * bits)));
        words[0] =
            words[0] ? Value(LLVM::OrOp::create(b, loc, words[0], word)) : word;
      }
      // Source lane: an affine function of the lane. Rounds usually share
      // the linear part and differ in the constant: one computation each.
      Value src;
      if (llvm::any_of(round.srcCols, [](uint64_t c) { return c != 0; })) {
        Value &linear = linearParts[round.srcCols];
        if (!linear) {
          AddressMap map;
          map.lane.assign(round.srcCols.begin(), round.srcCols.end());
          linear = em.computeThreadPart(map, lane, warp);
        }
        if (round.srcConst)
          src = LLVM::XOrOp::create(b, loc, linear,
                                    em.index(int64_t(round.srcConst)));
        else
          src = linear;
      } else {
        src = em.index(int64_t(round.srcConst));
      }
      if (em.indexType.getWidth() != 32)
        src = LLVM::TruncOp::create(b, loc, i32, src);
      SmallVector<Value> got;
      for (Value w : words)
        got.push_back(lc.hooks.createAffineShuffle(
            b, loc, w, src, round.srcConst, round.srcCols));
      received.push_back(std::move(got));
    }
    // Unpack (round, slot) pairs on demand.
    llvm::DenseMap<int64_t, Value> unpacked;
    auto element = [&](int64_t q) -> Value {
      auto it = unpacked.find(q);
      if (it != unpacked.end())
        return it->second;
      const SmallVector<Value> &words = received[q / lw.slots];
      int64_t slot = q % lw.slots;
      Value v;
      if (bits == 64) {
        Value lo = LLVM::ZExtOp::create(b, loc, intType, words[0]);
        Value hi = LLVM::ShlOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, intType, words[1]),
            LLVM::ConstantOp::create(b, loc, intType,
                                     b.getIntegerAttr(intType, 32)));
        v = LLVM::OrOp::create(b, loc, lo, hi);
      } else if (bits == 32) {
        v = words[0];
      } else {
        Value shifted =
            slot ? Value(LLVM::LShrOp::create(
                       b, loc, words[0],
                       LLVM::ConstantOp::create(
                           b, loc, i32, b.getI32IntegerAttr(slot * bits))))
                 : words[0];
        v = LLVM::TruncOp::create(b, loc, intType, shifted);
      }
      v = fromInt(v);
      unpacked[q] = v;
      return v;
    };
    SmallVector<Value> out;
    for (const LaneMux &mux : lw.receive)
      out.push_back(selectByLane(em, mux, lane, element));
    return out;
  }

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = lc.state.conversions.find(op);
    if (it == lc.state.conversions.end())
      return op.emitError("conversion was not planned");
    const ConversionLowering &lowering = it->second;
    auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
    auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType)
      return op.emitError("cannot convert ") << dstType;
    int lanes = lc.hooks.getLanesPerWarp();
    FailureOr<ThreadLayout> src =
        getThreadLayout(op, getLinearEncoding(srcType).getLinearLayout(),
                        srcType.getRank(), lanes, "the source layout");
    FailureOr<ThreadLayout> dst =
        getThreadLayout(op, getLinearEncoding(dstType).getLinearLayout(),
                        dstType.getRank(), lanes, "the result layout");
    if (failed(src) || failed(dst))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    if (lowering.kind == LoweringKind::Noop) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    SmallVector<Value> in = em.unpack(adaptor.getSource(), src->numRegisters());
    if (lowering.kind == LoweringKind::Rename) {
      SmallVector<Value> out;
      Value lane;
      for (const LaneMux &mux : lowering.receive) {
        if (!mux.bits.empty() && !lane)
          lane = em.laneAndWarp(lc.hooks).first;
        out.push_back(
            selectByLane(em, mux, lane, [&](int64_t r) { return in[r]; }));
      }
      rewriter.replaceOp(op, em.pack(structType, out));
      return success();
    }

    int bits = lowering.elementBytes * 8;
    Type elementType = convertElementType(srcType.getElementType());
    if (lowering.kind == LoweringKind::Shuffle) {
      rewriter.replaceOp(
          op, em.pack(structType,
                      lowerShuffle(em, lowering, in, elementType, bits)));
      return success();
    }
    Value scratch = scratchBase(em, op, lc.hooks.getSharedAddressSpace());
    auto at = [&](int64_t offset) {
      return offset ? em.gep(scratch, em.b.getI8Type(), em.index(offset))
                    : scratch;
    };
    // The first round's slot, and with alternating rounds the other one.
    bool alternate = lowering.alternateSlotBytes != 0;
    Value slotBase[2] = {at(lowering.slotOffset), Value()};
    if (alternate)
      slotBase[1] = at(lowering.alternateSlotBytes - lowering.slotOffset);
    auto barrier = [&] {
      if (lowering.oneWarpBlock)
        lc.hooks.createWarpBarrier(rewriter, op.getLoc());
      else
        lc.hooks.createBarrier(rewriter, op.getLoc());
    };
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    uint64_t localMask = (uint64_t(1) << lowering.scratchBits) - 1;
    int64_t rounds = int64_t(1) << lowering.roundBits;
    SmallVector<Value> out(dst->numRegisters());
    for (int64_t round = 0; round < rounds; ++round) {
      auto inRound = [&](const AddressMap &map, int64_t k) {
        return int64_t(map.registerValue(uint64_t(k)) >>
                       lowering.scratchBits) == round;
      };
      // Earlier readers of the scratch (this conversion's previous round, or
      // another conversion) must be done before it is overwritten; the
      // first round needs no barrier where ScratchBarriers proved none
      // pending, and alternating rounds none after the first (the slot
      // round r writes was read before round r - 1's middle barrier).
      Value base = slotBase[alternate ? round % 2 : 0];
      if (round == 0 ? lowering.leadingBarrier : !alternate)
        barrier();
      if (lowering.storeMatrix)
        storeMatrix(em, *lowering.storeMatrix, base, elementType, bits, *src,
                    in, lane, warp, localMask,
                    [&](int64_t k) { return inRound(lowering.store, k); });
      else
        storeRegisters(
            em, base, elementType, bits, *src, in, lowering.store, nullptr,
            Value(), lane, warp, maxVector(bits),
            [&](int64_t k) { return inRound(lowering.store, k); }, localMask);
      barrier();
      if (lowering.loadMatrix) {
        loadMatrix(em, *lowering.loadMatrix, base, elementType, bits, out, lane,
                   warp, localMask,
                   [&](int64_t k) { return inRound(lowering.load, k); });
        continue;
      }
      // Load this round's registers; others keep their values.
      VectorShape vec = findVector(lowering.load, nullptr, maxVector(bits));
      Value thread = em.threadPart(lowering.load, lane, warp);
      llvm::DenseMap<uint64_t, SmallVector<Value>> loaded;
      llvm::DenseMap<uint64_t, Value> bases;
      for (int64_t k = 0; k < dst->numRegisters(); ++k) {
        if (!isVectorBase(vec, k) || !inRound(lowering.load, k))
          continue;
        uint64_t c = lowering.load.registerValue(uint64_t(k)) & localMask;
        auto found = loaded.find(c);
        if (found == loaded.end()) {
          Value ptr =
              em.address(base, elementType, lowering.load, thread, c, bases);
          found = loaded
                      .try_emplace(
                          c, em.load(ptr, elementType, vec.elements(), bits))
                      .first;
        }
        for (int64_t e = 0; e < vec.elements(); ++e)
          out[vectorRegister(vec, k, e)] = found->second[e];
      }
    }
    rewriter.replaceOp(op, em.pack(structType, out));
    return success();
  }
};

struct AllocSharedLowering : public LLPattern<AllocSharedOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(AllocSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = lc.state.buffers.find(op);
    if (it == lc.state.buffers.end())
      return op.emitError("shared buffer was not allocated");
    auto ptrType = LLVM::LLVMPointerType::get(op.getContext(),
                                              lc.hooks.getSharedAddressSpace());
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, ptrType, it->second);
    return success();
  }
};

/// Common part of ll.store_shared / ll.load_shared.
static FailureOr<std::pair<ThreadLayout, AddressMap>>
sharedAccess(Operation *op, RankedTensorType tensorType,
             SharedBufferType bufferType, int lanes) {
  FailureOr<ThreadLayout> tl =
      getThreadLayout(op, getLinearEncoding(tensorType).getLinearLayout(),
                      tensorType.getRank(), lanes, "the tensor layout");
  if (failed(tl))
    return failure();
  const LinearLayout &memory = bufferType.getLayout().getLinearLayout();
  if (memory.hasInDim("block") && memory.getInDimSize("block") > 1)
    return op->emitError("shared buffers spread over several blocks are not "
                         "supported by the lowering");
  LinearLayout single = memory;
  if (memory.hasInDim("block")) {
    auto offsetOnly =
        memory.sublayout({"offset"}, dimNames(tensorType.getRank()));
    if (!offsetOnly)
      return op->emitError() << llvm::toString(offsetOnly.takeError());
    single = *offsetOnly;
  }
  FailureOr<AddressMap> map = sharedAddressMap(op, *tl, single);
  if (failed(map))
    return failure();
  return std::make_pair(std::move(*tl), std::move(*map));
}

struct StoreSharedLowering : public LLPattern<StoreSharedOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(StoreSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getValue().getType());
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    auto access = sharedAccess(
        op, type, llvm::cast<SharedBufferType>(op.getBuffer().getType()),
        lc.hooks.getLanesPerWarp());
    if (failed(access))
      return failure();
    auto &[tl, map] = *access;
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values =
        em.unpack(adaptor.getValue(), tl.numRegisters());
    storeRegisters(
        em, adaptor.getBuffer(), convertElementType(type.getElementType()),
        *bits, tl, values, map, nullptr, Value(), lane, warp, maxVector(*bits),
        [](int64_t) { return true; }, ~uint64_t(0));
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadSharedLowering : public LLPattern<LoadSharedOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(LoadSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    auto access = sharedAccess(
        op, type, llvm::cast<SharedBufferType>(op.getBuffer().getType()),
        lc.hooks.getLanesPerWarp());
    if (failed(access))
      return failure();
    auto &[tl, map] = *access;
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return op.emitError("cannot convert ") << type;
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values = loadRegisters(
        em, adaptor.getBuffer(), convertElementType(type.getElementType()),
        *bits, tl, map, nullptr, Value(), lane, warp, maxVector(*bits));
    rewriter.replaceOp(op, em.pack(structType, values));
    return success();
  }
};

/// Elementwise ops (arith.addf, ...) on `ll` tensors of one layout: the same
/// op on each register.
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumRegions() != 0 || !involvesLL(op))
      return failure();
    auto resultType =
        llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !isLLType(resultType))
      return failure();
    for (Type t : op->getOperandTypes())
      if (auto tensor = llvm::dyn_cast<RankedTensorType>(t))
        if (tensor.getEncoding() != resultType.getEncoding())
          return rewriter.notifyMatchFailure(op, "operands in other layouts");
    Type element = resultType.getElementType();
    if (convertElementType(element) != element)
      return op->emitError("elementwise ops on ")
             << element << " tensors are not lowered";
    Type structType = getTypeConverter()->convertType(resultType);
    if (!structType)
      return failure();
    int64_t n =
        int64_t(llvm::cast<LLVM::LLVMStructType>(structType).getBody().size());
    Emitter em{rewriter, op->getLoc(), rewriter.getI32Type()};
    SmallVector<SmallVector<Value>> unpacked;
    for (Value operand : operands)
      unpacked.push_back(em.unpack(operand, n));
    SmallVector<Value> results;
    for (int64_t k = 0; k < n; ++k) {
      OperationState state(op->getLoc(), op->getName());
      for (auto &regs : unpacked)
        state.operands.push_back(regs[k]);
      for (Type t : op->getResultTypes())
        state.types.push_back(llvm::cast<RankedTensorType>(t).getElementType());
      state.attributes = op->getAttrDictionary();
      results.push_back(rewriter.create(state)->getResult(0));
    }
    rewriter.replaceOp(op, em.pack(structType, results));
    return success();
  }
};

/// Splat constants of `ll` tensors: one constant per register.
struct SplatConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isLLType(type))
      return failure();
    auto splat = llvm::dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return op.emitError("only splat constants of ll tensors are lowered");
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return failure();
    int64_t n =
        int64_t(llvm::cast<LLVM::LLVMStructType>(structType).getBody().size());
    Emitter em{rewriter, op.getLoc(), rewriter.getI32Type()};
    Value scalar = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        llvm::cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    SmallVector<Value> values(n, scalar);
    rewriter.replaceOp(op, em.pack(structType, values));
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// Plans every conversion and creates the shared globals.
static LogicalResult prepare(Operation *root, const GPUTargetHooks &hooks,
                             const LLLoweringOptions &options,
                             LoweringState &state) {
  llvm::MapVector<Operation *, int64_t> scratchBytes; // per symbol table
  llvm::DenseMap<Operation *, Operation *> largestConversion;
  int bufferCount = 0;
  SmallVector<std::pair<Operation *, AllocSharedOp>> allocs;
  WalkResult walk = root->walk([&](Operation *op) {
    if (auto convert = llvm::dyn_cast<ConvertLayoutOp>(op)) {
      FailureOr<ConversionLowering> lowering =
          decideConversion(convert, hooks, options);
      if (failed(lowering))
        return WalkResult::interrupt();
      Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
      if (!table) {
        op->emitError("needs an enclosing symbol table for its scratch");
        return WalkResult::interrupt();
      }
      if (lowering->kind == LoweringKind::SharedMemory) {
        int64_t &bytes = scratchBytes[table];
        if (lowering->scratchBytes() > bytes)
          largestConversion[table] = op;
        bytes = std::max(bytes, lowering->scratchBytes());
      }
      state.conversions[op] = std::move(*lowering);
    } else if (auto alloc = llvm::dyn_cast<AllocSharedOp>(op)) {
      Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
      if (!table) {
        op->emitError("needs an enclosing symbol table for its buffer");
        return WalkResult::interrupt();
      }
      allocs.push_back({table, alloc});
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  // Scratch slots and write-after-read barriers. A slot is aligned to 256
  // bytes so that the swizzle sees the same banks in both.
  int64_t maxStatic = hooks.getMaxStaticSharedBytes();
  llvm::DenseMap<Operation *, int64_t> tableSlotBytes;
  for (auto &[table, bytes] : scratchBytes)
    tableSlotBytes[table] = int64_t(llvm::alignTo(bytes, 256));
  auto slotBytes = [&](Operation *op) {
    return tableSlotBytes.lookup(
        op->getParentWithTrait<OpTrait::SymbolTable>());
  };
  auto twoSlots = [&](Operation *op) { return 2 * slotBytes(op) <= maxStatic; };
  // Rounds alternate slots only in loops: once, R - 1 barriers cost less
  // than the occupancy a doubled scratch takes (docs/lowering.md).
  auto alternatesRounds = [&](Operation *op) {
    const ConversionLowering &lowering = state.conversions[op];
    return lowering.roundBits > 0 && twoSlots(op) && lowering.insideLoop;
  };
  auto uses = planScratchBarriers(
      root,
      [&](Operation *op) -> int {
        auto it = state.conversions.find(op);
        if (it == state.conversions.end() ||
            it->second.kind != LoweringKind::SharedMemory)
          return 0;
        return alternatesRounds(op) ? 1 << it->second.roundBits : 1;
      },
      twoSlots, [](Operation *op) { return llvm::isa<gpu::BarrierOp>(op); });
  for (auto &[op, use] : uses) {
    ConversionLowering &lowering = state.conversions[op];
    lowering.leadingBarrier = use.leadingBarrier;
    lowering.slotOffset = use.slot * slotBytes(op);
    lowering.alternateSlotBytes = alternatesRounds(op) ? slotBytes(op) : 0;
    if (use.slot || lowering.alternateSlotBytes) {
      Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
      scratchBytes[table] =
          std::max<int64_t>(scratchBytes[table], 2 * slotBytes(op));
    }
  }

  MLIRContext *ctx = root->getContext();
  unsigned addressSpace = hooks.getSharedAddressSpace();
  auto createGlobal = [&](Operation *table, StringRef name, int64_t bytes,
                          bool dynamic) {
    OpBuilder builder(ctx);
    Region &body = table->getRegion(0);
    builder.setInsertionPointToStart(&body.front());
    // A dynamic buffer is an external array of unknown size (PTX:
    // `.extern .shared .b8 name[]`), sized by the launch.
    auto type = LLVM::LLVMArrayType::get(
        IntegerType::get(ctx, 8),
        dynamic ? 0 : uint64_t(std::max<int64_t>(bytes, 1)));
    return LLVM::GlobalOp::create(
        builder, table->getLoc(), type, /*isConstant=*/false,
        dynamic ? LLVM::Linkage::External : LLVM::Linkage::Internal, name,
        Attribute(), /*alignment=*/16, addressSpace);
  };
  // What a block may hold: buffers are static, the scratch is static when
  // it fits beside them, else dynamic; together within the target's limit.
  llvm::DenseMap<Operation *, int64_t> bufferBytes;
  for (auto &[table, alloc] : allocs)
    bufferBytes[table] += alloc.getBuffer().getType().getSizeInBytes();
  llvm::SetVector<Operation *> tables;
  for (auto &[table, bytes] : scratchBytes)
    tables.insert(table);
  for (auto &[table, alloc] : allocs)
    tables.insert(table);
  int64_t maxTotal = hooks.getMaxSharedBytes();
  for (Operation *table : tables) {
    int64_t scratch = scratchBytes.lookup(table);
    int64_t buffers = bufferBytes.lookup(table);
    if (scratch + buffers > maxTotal) {
      Operation *at = scratch ? largestConversion.lookup(table) : table;
      return at->emitError("needs ")
             << scratch + buffers << " bytes of shared memory per block ("
             << scratch << " of conversion scratch, " << buffers
             << " of ll.alloc_shared buffers), more than the " << maxTotal
             << " the target allows";
    }
    if (buffers > maxStatic)
      return table->emitError("needs ")
             << buffers << " bytes of static shared memory for its "
             << "ll.alloc_shared buffers, more than the " << maxStatic
             << " the target allows";
  }
  for (auto &[table, bytes] : scratchBytes) {
    if (SymbolTable::lookupSymbolIn(table, kScratchName))
      return table->emitError("the symbol ")
             << kScratchName << " is reserved for the ll scratch buffer";
    bool dynamic = bytes + bufferBytes.lookup(table) > maxStatic;
    createGlobal(table, kScratchName, bytes, dynamic);
    if (dynamic)
      table->setAttr(kDynamicSharedBytesAttr,
                     IntegerAttr::get(IntegerType::get(ctx, 64), bytes));
  }
  for (auto &[table, alloc] : allocs) {
    std::string name;
    do {
      name = "__ll_shared_" + std::to_string(bufferCount++);
    } while (SymbolTable::lookupSymbolIn(table, name));
    createGlobal(table, name, alloc.getBuffer().getType().getSizeInBytes(),
                 /*dynamic=*/false);
    state.buffers[alloc] = name;
  }
  return success();
}

bool mlir::ll::isLLOp(Operation *op) {
  return llvm::isa_and_nonnull<LLDialect>(op->getDialect()) || involvesLL(op);
}

/// What the conversion can work on independently: the outermost
/// isolated-from-above ops below `root` (looking through symbol tables such
/// as gpu.module) that hold an ll op, or `root` alone when some ll op lies
/// outside all of them.
static SmallVector<Operation *> conversionUnits(Operation *root) {
  SmallVector<Operation *> units;
  bool outside = false;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root || op->hasTrait<OpTrait::SymbolTable>() ||
        !op->hasTrait<OpTrait::IsIsolatedFromAbove>()) {
      outside |= op != root && isLLOp(op);
      return WalkResult::advance();
    }
    if (op->walk([](Operation *inner) {
            return isLLOp(inner) ? WalkResult::interrupt()
                                 : WalkResult::advance();
          }).wasInterrupted())
      units.push_back(op);
    return WalkResult::skip();
  });
  if (outside || isLLOp(root))
    return {root};
  return units;
}

/// Erases the insertvalue chains (and their poison roots) that nothing
/// reads any more: tensors whose every user unpacked them directly.
static void eraseDeadPacks(Operation *root) {
  SmallVector<Operation *> worklist;
  root->walk([&](LLVM::InsertValueOp op) {
    if (op->use_empty())
      worklist.push_back(op);
  });
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op->use_empty())
      continue;
    Operation *container = nullptr;
    if (auto insert = llvm::dyn_cast<LLVM::InsertValueOp>(op))
      container = insert.getContainer().getDefiningOp();
    op->erase();
    if (container && container->use_empty() &&
        llvm::isa<LLVM::InsertValueOp, LLVM::PoisonOp>(container))
      worklist.push_back(container);
  }
}

LogicalResult mlir::ll::lowerLLToLLVM(Operation *root,
                                      const GPUTargetHooks &hooks,
                                      const LLLoweringOptions &options) {
  if (options.indexBitwidth != 32 && options.indexBitwidth != 64)
    return root->emitError("index-bitwidth must be 32 or 64, got ")
           << options.indexBitwidth;
  if (options.minRoundBytes < 0)
    return root->emitError("min-round-bytes must not be negative, got ")
           << options.minRoundBytes;
  LoweringState state;
  if (failed(prepare(root, hooks, options, state)))
    return failure();

  MLIRContext *ctx = root->getContext();
  LLTypeConverter converter(ctx, hooks.getSharedAddressSpace());
  LoweringContext lc{hooks, state,
                     IntegerType::get(ctx, options.indexBitwidth)};
  RewritePatternSet patterns(ctx);
  patterns.add<LoadTileLowering, StoreTileLowering, ConvertLayoutLowering,
               AllocSharedLowering, StoreSharedLowering, LoadSharedLowering>(
      converter, ctx, lc);
  patterns.add<ElementwiseLowering, SplatConstantLowering>(converter, ctx);

  ConversionTarget target(*ctx);
  target.addLegalDialect<LLVM::LLVMDialect>();
  hooks.configureTarget(target);
  target.addIllegalDialect<LLDialect>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !involvesLL(op); });
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  FrozenRewritePatternSet frozen(std::move(patterns));
  // Kernels are converted independently, in parallel (the conversion is
  // most of the pass's time on a module of many kernels); the patterns only
  // read `state` and create symbols nowhere (prepare made the globals).
  return failableParallelForEach(
      ctx, conversionUnits(root), [&](Operation *unit) -> LogicalResult {
        if (failed(applyPartialConversion(unit, target, frozen)))
          return failure();
        eraseDeadPacks(unit);
        return success();
      });
}
