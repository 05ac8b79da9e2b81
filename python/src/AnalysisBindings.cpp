//===- AnalysisBindings.cpp - Python API of conversion planning -----------===//
//
// The private functions `_plan_conversion`, `_optimal_swizzle`,
// `_wavefronts`, `_select_free_layouts` and `_gpu_target` return plain dicts
// (or tuples); python/linear_layout/planning.py and target.py wrap them in
// the documented objects (ll.plan_conversion, ll.optimal_swizzle,
// ll.wavefronts, ll.gpu_target). Errors become
// ValueError (bad values) or TypeError (bad types), never a crash.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Analysis/ShuffleRegisterOrder.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;
using namespace nb::literals;
using namespace mlir::ll;
using namespace mlir::ll::python;

static const LinearLayout &toLayout(nb::handle value, const char *what) {
  if (!nb::isinstance<LinearLayout>(value))
    throw nb::type_error((std::string(what) + " must be a LinearLayout, not " +
                          nb::type_name(value.type()).c_str())
                             .c_str());
  // LinearLayout.__new__(LinearLayout) has no layout to read.
  if (!nb::inst_ready(value))
    throw nb::value_error(
        (std::string(what) + " is an uninitialised LinearLayout").c_str());
  return nb::cast<const LinearLayout &>(value);
}

static int toElementBits(nb::handle value) {
  int64_t bits = toInt64(value, "element_bits");
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    throw nb::value_error(
        ("element_bits must be 8, 16, 32 or 64, not " + std::to_string(bits))
            .c_str());
  return int(bits);
}

static GPUTarget toTarget(nb::handle value) {
  return unwrap(GPUTarget::parse(toString(value, "target")));
}

static nb::list vectors(const DistributedColumns &cols,
                        llvm::ArrayRef<uint64_t> vs) {
  nb::list out;
  for (uint64_t v : vs) {
    nb::list basis;
    int shift = 0;
    for (const LayoutDim &d : cols.outDims) {
      basis.append(int64_t((v >> shift) & ((uint64_t(1) << d.log2Size) - 1)));
      shift += d.log2Size;
    }
    out.append(basis);
  }
  return out;
}

template <typename T> static nb::list table(const std::vector<T> &rows) {
  nb::list out;
  for (const auto &row : rows) {
    if constexpr (std::is_integral_v<T>)
      out.append(row);
    else
      out.append(table(row));
  }
  return out;
}

static nb::dict countDict(const WavefrontCount &c) {
  nb::dict d;
  d["wavefronts"] = c.wavefronts;
  d["instructions"] = c.instructions;
  d["active_warps"] = c.activeWarps;
  d["instructions_per_warp"] = c.instructionsPerWarp;
  d["phases"] = c.activePhases;
  d["conflict_dim"] = c.conflictDim;
  d["paired_phases"] = c.pairedPhases;
  d["vector_bits"] = c.vectorBits;
  return d;
}

/// The sets of Lemma 9.5 both plans name I, E, F, C (the side-only sets E, F
/// are the store/load or src/dst ones).
static void putLemmaSets(nb::dict &d, const DistributedColumns &c,
                         const F2Vectors &intersection, const F2Vectors &onlyE,
                         const F2Vectors &onlyF, const F2Vectors &complement) {
  d["I"] = vectors(c, intersection);
  d["E"] = vectors(c, onlyE);
  d["F"] = vectors(c, onlyF);
  d["C"] = vectors(c, complement);
}

static nb::dict swizzleDict(const SwizzlePlan &s, const DistributedColumns &c) {
  nb::dict d;
  d["memory_layout"] = nb::cast(s.memoryLayout);
  d["vector_bits"] = s.vectorBits;
  d["store"] = countDict(s.store);
  d["load"] = countDict(s.load);
  d["shared_bytes"] = s.sharedBytes;
  d["rounds"] = s.rounds();
  d["phase_bits"] = s.phaseBits;
  d["vec"] = vectors(c, s.vec);
  d["sub"] = vectors(c, s.sub);
  d["bank"] = vectors(c, s.bank);
  d["seg"] = vectors(c, s.seg);
  d["round"] = vectors(c, s.round);
  d["thread_round"] = vectors(c, s.threadRound);
  d["store_threads"] = vectors(c, s.storeThreads);
  d["load_threads"] = vectors(c, s.loadThreads);
  putLemmaSets(d, c, s.intersection, s.onlyStore, s.onlyLoad, s.complement);
  d["H"] = vectors(c, s.pairs);
  d["store_conflict_bound"] = s.storeConflictBound;
  d["load_conflict_bound"] = s.loadConflictBound;
  d["store_conflict_dim"] = s.storeConflictDim;
  d["load_conflict_dim"] = s.loadConflictDim;
  d["store_instruction"] = sharedInstructionName(s.storeTile.kind, true);
  d["load_instruction"] = sharedInstructionName(s.loadTile.kind, false);
  auto tileRegs = [](const MatrixTile &t) {
    nb::dict r;
    r["pair_register"] = t.pairRegister;
    r["quad_register"] = t.quadRegister;
    r["matrix_registers"] =
        nb::make_tuple(t.matrixRegisters[0], t.matrixRegisters[1]);
    return r;
  };
  d["store_tile"] = tileRegs(s.storeTile);
  d["load_tile"] = tileRegs(s.loadTile);
  return d;
}

static nb::dict shuffleDict(const WarpShufflePlan &p,
                            const DistributedColumns &c) {
  nb::dict d;
  d["vec"] = vectors(c, p.vec);
  putLemmaSets(d, c, p.intersection, p.onlySrc, p.onlyDst, p.complement);
  d["G"] = vectors(c, p.pairs);
  d["exchange"] = vectors(c, p.exchange);
  d["round_bases"] = vectors(c, p.roundBases);
  d["rounds"] = p.rounds;
  d["words_per_round"] = p.wordsPerRound;
  d["shuffles"] = p.shuffles;
  d["selects"] = p.selects;
  d["src_lane"] = table(p.srcLane);
  d["send_register"] = table(p.sendRegister);
  d["dst_round"] = table(p.dstRound);
  d["dst_slot"] = table(p.dstSlot);
  return d;
}

static std::optional<ConversionKind> toKind(nb::handle value) {
  if (value.is_none())
    return std::nullopt;
  std::string name = toString(value, "kind");
  for (ConversionKind k :
       {ConversionKind::Noop, ConversionKind::Registers,
        ConversionKind::Shuffle, ConversionKind::SharedMemory})
    if (name == conversionKindName(k))
      return k;
  throw nb::value_error(("kind must be one of 'noop', 'registers', "
                         "'shuffle', 'shared_memory', not '" +
                         name + "'")
                            .c_str());
}

/// The arguments every planning entry point starts with, checked in order
/// (a braced list evaluates left to right).
struct PlanningArgs {
  const LinearLayout &src;
  const LinearLayout &dst;
  int bits;
  GPUTarget target;
};

static PlanningArgs toPlanningArgs(nb::handle src, nb::handle dst,
                                   nb::handle elementBits, nb::handle target) {
  return PlanningArgs{toLayout(src, "src"), toLayout(dst, "dst"),
                      toElementBits(elementBits), toTarget(target)};
}

static nb::dict planConversionPy(nb::handle src, nb::handle dst,
                                 nb::handle elementBits, nb::handle target,
                                 nb::handle kind, nb::handle allowRounds,
                                 nb::handle allowMatrix,
                                 nb::handle allowOneSided) {
  auto [a, b, bits, t] = toPlanningArgs(src, dst, elementBits, target);
  ConversionPlanOptions options;
  options.forceKind = toKind(kind);
  options.swizzle.allowRounds = toBool(allowRounds, "allow_rounds");
  options.swizzle.allowMatrix = toBool(allowMatrix, "allow_matrix");
  // Unset, one-sided vectors follow allow_matrix: allow_matrix=False alone
  // is the paper's construction.
  options.swizzle.allowOneSidedVectors =
      allowOneSided.is_none() ? options.swizzle.allowMatrix
                              : toBool(allowOneSided, "allow_one_sided");
  ConversionPlan plan = unwrap(planConversion(a, b, bits, t, options));
  DistributedColumns cols =
      unwrap(getDistributedColumns(a, plan.outDims, "src"));
  nb::dict d;
  d["kind"] = conversionKindName(plan.kind);
  d["classification"] = conversionKindName(plan.classification);
  d["conversion"] = nb::cast(plan.conversion);
  d["element_bits"] = plan.elementBits;
  d["target"] = plan.target.name;
  d["reason"] = plan.reason;
  d["explain"] = plan.explain();
  nb::list sources;
  for (int32_t s : plan.registerSources)
    sources.append(s);
  d["register_sources"] = sources;
  d["register_map"] = plan.kind == ConversionKind::Registers
                          ? nb::cast(plan.registerMap)
                          : nb::none();
  d["shuffle"] =
      plan.shuffle ? nb::object(shuffleDict(*plan.shuffle, cols)) : nb::none();
  d["swizzle"] =
      plan.swizzle ? nb::object(swizzleDict(*plan.swizzle, cols)) : nb::none();
  return d;
}

static nb::dict planGatherPy(nb::handle src, nb::handle index, nb::handle axis,
                             nb::handle elementBits, nb::handle target,
                             nb::handle kind, bool indicesLiveAfter,
                             bool indicesLiveOnlyAcrossLoop,
                             bool sourceLiveAfter,
                             nb::handle otherLiveRegisters,
                             bool resultsConsumedOneByOne) {
  const LinearLayout &a = toLayout(src, "src");
  const LinearLayout &i = toLayout(index, "index");
  int64_t ax = toInt64(axis, "axis");
  if (ax < 0 || ax > 63)
    throw nb::value_error(
        ("axis " + std::to_string(ax) + " is out of range").c_str());
  int bits = toElementBits(elementBits);
  GPUTarget t = toTarget(target);
  GatherPlanOptions options;
  options.indicesLiveAfter = indicesLiveAfter;
  options.indicesLiveOnlyAcrossLoop = indicesLiveOnlyAcrossLoop;
  options.sourceLiveAfter = sourceLiveAfter;
  options.resultsConsumedOneByOne = resultsConsumedOneByOne;
  options.otherLiveRegisters =
      toInt64(otherLiveRegisters, "other_live_registers");
  if (options.otherLiveRegisters < 0)
    throw nb::value_error(("other_live_registers must be non-negative, got " +
                           std::to_string(options.otherLiveRegisters))
                              .c_str());
  if (!kind.is_none()) {
    std::string k = toString(kind, "kind");
    if (k == "shuffle")
      options.forceKind = GatherKind::Shuffle;
    else if (k == "shared_memory")
      options.forceKind = GatherKind::SharedMemory;
    else
      throw nb::value_error(
          ("kind must be 'shuffle' or 'shared_memory', not '" + k + "'")
              .c_str());
  }
  GatherPlan plan = unwrap(planGather(a, i, int(ax), bits, t, options));
  nb::dict d;
  d["kind"] = gatherKindName(plan.kind);
  d["axis"] = plan.axis;
  d["element_bits"] = plan.elementBits;
  d["target"] = t.name;
  d["warp_local"] = plan.warpLocal;
  d["not_warp_local"] = plan.notWarpLocal;
  d["reason"] = plan.reason;
  d["explain"] = plan.explain();
  d["index_registers"] = plan.indexRegisters;
  d["distinct_index_registers"] = plan.distinctIndexRegisters;
  d["shuffle_cost"] = plan.shuffleCost;
  d["shared_cost"] = plan.sharedCost;
  d["shuffle_live_registers"] =
      plan.warpLocal ? nb::cast(plan.shuffleLiveRegisters) : nb::none();
  d["shared_live_registers"] = plan.sharedLiveRegisters;
  d["indices_live_after"] = plan.indicesLiveAfter;
  d["indices_live_only_across_loop"] = plan.indicesLiveOnlyAcrossLoop;
  d["source_live_after"] = plan.sourceLiveAfter;
  d["other_live_registers"] = plan.otherLiveRegisters;
  d["results_consumed_one_by_one"] = plan.resultsConsumedOneByOne;
  if (plan.shuffle) {
    const GatherShuffle &s = *plan.shuffle;
    d["shuffles"] = s.shuffles;
    d["selects"] = s.selects;
    d["shuffles_per_register"] = s.shufflesPerRegister;
    d["candidate_registers"] = int64_t(1) << s.selectBasis.size();
    d["packed_per_word"] = int64_t(1) << s.packedBits;
  } else {
    d["shuffles"] = nb::none();
    d["selects"] = nb::none();
    d["shuffles_per_register"] = nb::none();
    d["candidate_registers"] = nb::none();
    d["packed_per_word"] = nb::none();
  }
  d["memory_layout"] = nb::cast(plan.shared.memoryLayout);
  d["vector_bits"] = plan.shared.vectorBits;
  d["store_wavefronts"] = plan.shared.store.wavefronts;
  d["load_instructions"] = plan.shared.loadInstructions;
  d["load_wavefronts_conflict_free"] = plan.shared.loadWavefrontsConflictFree;
  d["shared_bytes"] = plan.shared.sharedBytes;
  d["rounds"] = int64_t(1) << plan.shared.roundBits;
  return d;
}

static nb::dict optimalSwizzlePy(nb::handle src, nb::handle dst,
                                 nb::handle elementBits, nb::handle target,
                                 nb::handle allowRounds,
                                 nb::handle allowMatrix) {
  auto [a, b, bits, t] = toPlanningArgs(src, dst, elementBits, target);
  SwizzleOptions options;
  options.allowRounds = toBool(allowRounds, "allow_rounds");
  options.allowMatrix = toBool(allowMatrix, "allow_matrix");
  options.allowOneSidedVectors = options.allowMatrix;
  auto outDims = outDimsOf(a);
  DistributedColumns ca = unwrap(getDistributedColumns(a, outDims, "src"));
  DistributedColumns cb = unwrap(getDistributedColumns(b, outDims, "dst"));
  SwizzlePlan plan = unwrap(computeOptimalSwizzle(ca, cb, bits, t, options));
  return swizzleDict(plan, ca);
}

static nb::dict wavefrontsPy(nb::handle memory, nb::handle distributed,
                             nb::handle elementBits, nb::handle vectorBits,
                             nb::handle target, nb::handle access) {
  const LinearLayout &m = toLayout(memory, "memory_layout");
  const LinearLayout &l = toLayout(distributed, "distributed");
  int bits = toElementBits(elementBits);
  int64_t vec = toInt64(vectorBits, "vector_bits");
  if (vec <= 0 || vec > 128)
    throw nb::value_error(("vector_bits must be between element_bits and 128, "
                           "not " +
                           std::to_string(vec))
                              .c_str());
  GPUTarget t = toTarget(target);
  std::string kind = toString(access, "access");
  AccessKind accessKind;
  if (kind == "load")
    accessKind = AccessKind::Load;
  else if (kind == "store")
    accessKind = AccessKind::Store;
  else if (kind == "owner_load")
    accessKind = AccessKind::OwnerLoad;
  else
    throw nb::value_error(("access must be 'load', 'store' or 'owner_load', "
                           "not '" +
                           kind + "'")
                              .c_str());
  WavefrontCount c =
      unwrap(countWavefronts(m, l, bits, int(vec), accessKind, t));
  return countDict(c);
}

static nb::object selectFreeLayoutsPy(nb::handle src, nb::handle dst,
                                      nb::handle elementBits,
                                      nb::handle target) {
  auto [a, b, bits, t] = toPlanningArgs(src, dst, elementBits, target);
  ConversionPlanOptions shuffleOnly;
  shuffleOnly.forceKind = ConversionKind::Shuffle;
  ConversionPlan plan = unwrap(planConversion(a, b, bits, t, shuffleOnly));
  auto natural = getNaturalShuffleLayouts(*plan.shuffle, a, b);
  if (!natural)
    return nb::none();
  return nb::make_tuple(natural->src, natural->dst);
}

/// The target as C++ parses it (GPUTarget::parse), for ll.gpu_target and
/// the compiler's chip check: Python never parses a target name itself.
static nb::dict gpuTargetPy(nb::handle name, nb::handle waveSize) {
  std::string text = toString(name, "target");
  int64_t wave = toInt64(waveSize, "wave_size");
  if (wave < 0 || wave > 1024)
    throw nb::value_error(
        ("wave-size must be 64, 32 or 0 (the chip's default), got " +
         std::to_string(wave))
            .c_str());
  GPUTarget t = unwrap(GPUTarget::parse(text, unsigned(wave)));
  nb::dict d;
  d["name"] = t.name;
  d["vendor"] = t.isNVIDIA() ? "nvidia" : "amd";
  d["arch"] = t.arch;
  d["arch_specific"] = t.archSpecific;
  d["lanes_per_warp"] = t.lanesPerWarp;
  d["shared_banks"] = t.sharedBanks;
  d["bank_bytes"] = t.bankBytes;
  d["max_shared_bytes"] = t.maxSharedBytes;
  d["max_static_shared_bytes"] = t.maxStaticSharedBytes;
  d["has_ldmatrix"] = t.hasLdmatrix;
  d["has_stmatrix"] = t.hasStmatrix;
  d["has_line_loads"] = t.hasLineLoads;
  d["pairs_load_phases"] = t.pairsLoadPhases;
  return d;
}

static void populate(nb::module_ &m) {
  m.def("_plan_conversion", &planConversionPy, "src"_a, "dst"_a,
        "element_bits"_a, "target"_a, "kind"_a.none(), "allow_rounds"_a,
        "allow_matrix"_a, "allow_one_sided"_a.none());
  m.def("_plan_gather", &planGatherPy, "src"_a, "index"_a, "axis"_a,
        "element_bits"_a, "target"_a, "kind"_a.none(), "indices_live_after"_a,
        "indices_live_only_across_loop"_a, "source_live_after"_a,
        "other_live_registers"_a, "results_consumed_one_by_one"_a);
  m.def("_optimal_swizzle", &optimalSwizzlePy, "src"_a, "dst"_a,
        "element_bits"_a, "target"_a, "allow_rounds"_a, "allow_matrix"_a);
  m.def("_wavefronts", &wavefrontsPy, "memory_layout"_a, "distributed"_a,
        "element_bits"_a, "vector_bits"_a, "target"_a, "access"_a);
  m.def("_select_free_layouts", &selectFreeLayoutsPy, "src"_a, "dst"_a,
        "element_bits"_a, "target"_a);
  m.def("_gpu_target", &gpuTargetPy, "name"_a, "wave_size"_a);
}

static BindingRegistration registration(/*order=*/30, populate);
