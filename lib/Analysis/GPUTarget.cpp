//===- GPUTarget.cpp - What the planner and the lowering know of a GPU ----===//

#include "LinearLayout/Analysis/GPUTarget.h"

#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <tuple>

using namespace mlir::ll;

static bool isLowerHex(char c) {
  return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
}

/// The warps and blocks one SM holds at once, from the CUDA programming
/// guide's table of compute capabilities (64 K registers on all of them).
static std::pair<int, int> nvidiaSMWarpsAndBlocks(int arch) {
  if (arch == 75)
    return {32, 16};
  if (arch == 86 || arch == 87)
    return {48, 16};
  if (arch == 89)
    return {48, 24};
  if (arch >= 120)
    return {48, 32};
  return {64, 32};
}

/// The per-block shared-memory limit of the CUDA programming guide's table
/// of compute capabilities (above 48 KiB the kernel's attribute must be
/// raised at launch).
static int64_t nvidiaMaxSharedBytes(int arch) {
  if (arch >= 90)
    return 227 * 1024;
  if (arch == 80 || arch == 87)
    return 163 * 1024;
  if (arch >= 86)
    return 99 * 1024;
  if (arch == 75)
    return 64 * 1024;
  if (arch >= 70)
    return 96 * 1024;
  return 48 * 1024;
}

llvm::Expected<GPUTarget> GPUTarget::parse(llvm::StringRef name,
                                           unsigned waveSize) {
  GPUTarget t;
  t.name = name.str();
  bool known = false;
  if (name.starts_with("sm_")) {
    llvm::StringRef number = name.drop_front(3);
    t.archSpecific = number.consume_back("a");
    unsigned version = 0;
    // One spelling per target: sm_090 is not sm_90.
    if (!number.empty() && number[0] != '0' &&
        llvm::all_of(number, llvm::isDigit) &&
        !number.getAsInteger(10, version) && version < 10000) {
      known = true;
      t.vendor = GPUVendor::NVIDIA;
      t.arch = int(version);
      t.lanesPerWarp = 32;
      t.sharedBanks = 32;
      t.maxSharedBytes = nvidiaMaxSharedBytes(t.arch);
      std::tie(t.smMaxWarps, t.smMaxBlocks) = nvidiaSMWarpsAndBlocks(t.arch);
      t.maxStaticSharedBytes = 48 * 1024;
      t.hasLdmatrix = t.arch >= 75;
      t.hasStmatrix = t.arch >= 90;
      t.hasLineLoads = t.arch >= 87;
      // Shared memory and the L1 are one array from sm_70 (Volta) on.
      if (t.arch < 70)
        t.gatherScratchBytesPerThread = 0;
    }
  } else if (name.starts_with("gfx")) {
    // gfx9 names have three characters (gfx90a), later ones four (gfx1100).
    llvm::StringRef v = name.drop_front(3);
    if (v.size() == 3 && v[0] == '9' && isLowerHex(v[1]) && isLowerHex(v[2])) {
      known = true;
      t.arch = 9;
      t.lanesPerWarp = 64;
    } else if (v.size() == 4 && v[0] == '1' && v[1] >= '0' && v[1] <= '2' &&
               isLowerHex(v[2]) && isLowerHex(v[3])) {
      known = true;
      t.arch = 10 + (v[1] - '0');
      t.lanesPerWarp = 32;
    }
    if (known) {
      t.vendor = GPUVendor::AMD;
      t.sharedBanks = name == "gfx950" ? 64 : 32;
      t.maxSharedBytes = name == "gfx950" ? 160 * 1024 : 64 * 1024;
      t.maxStaticSharedBytes = t.maxSharedBytes;
      t.hasLdmatrix = t.hasStmatrix = t.hasLineLoads = false;
      t.pairsLoadPhases = false;
      t.gatherScratchBytesPerThread = 0;
    }
  }
  if (!known)
    return makeError("target '" + name +
                     "' is not known: expected 'sm_<N>' or 'sm_<N>a' (NVIDIA), "
                     "'gfx9<XX>' or 'gfx1<0-2><XX>' (AMD, e.g. gfx942, gfx950, "
                     "gfx1100)");
  if (waveSize == 0)
    return t;
  if (waveSize != 32 && waveSize != 64)
    return makeError(
        "wave-size must be 64, 32 or 0 (the chip's default), got " +
        llvm::Twine(waveSize));
  if (t.isNVIDIA() && waveSize != 32)
    return makeError(
        name + " warps have 32 lanes; wave-size=" + llvm::Twine(waveSize) +
        " needs an AMD gfx10 or later chip");
  if (t.isAMD() && t.arch == 9 && waveSize == 32)
    return makeError(name + " runs wave64 only; wave-size=32 needs gfx10 or "
                            "later");
  t.lanesPerWarp = int(waveSize);
  return t;
}

std::string mlir::ll::lanesExceedMessage(llvm::StringRef what, int laneBits,
                                         const GPUTarget &target) {
  std::string lanes = laneBits < 63 ? std::to_string(int64_t(1) << laneBits)
                                    : "2^" + std::to_string(laneBits);
  return (what + " has " + lanes + " lanes, but a warp has " +
          llvm::Twine(target.lanesPerWarp) + " on " + target.name)
      .str();
}

llvm::Error mlir::ll::checkLanesFit(const LinearLayout &layout,
                                    const GPUTarget &target,
                                    llvm::StringRef what) {
  int laneBits = layout.getInDimSizeLog2(dims::kLane);
  if (target.fitsLanes(laneBits))
    return llvm::Error::success();
  return makeError(lanesExceedMessage(what, laneBits, target));
}
