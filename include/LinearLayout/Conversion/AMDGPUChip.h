//===- AMDGPUChip.h - What the ROCDL lowering needs of a chip ----*- C++
//-*-===//
//
// The facts about an AMD GPU the lowering depends on: wave size and LDS
// capacity. Parsed from the chip name (`gfx942`) so that a bad name is a
// diagnostic, never a crash. No target dialect is included.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_AMDGPUCHIP_H
#define LINEARLAYOUT_CONVERSION_AMDGPUCHIP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::ll {

struct AMDGPUChip {
  std::string name;
  /// The GFX major version: 9 (GCN/CDNA), 10, 11, 12 (RDNA).
  int major = 9;
  /// Lanes per wave: 64 on gfx9; 32 (default) or 64 on gfx10+.
  int waveSize = 64;
  /// LDS per workgroup: 64 KiB, 160 KiB on gfx950.
  int64_t ldsBytes = 64 * 1024;

  /// `gfx9xx` (gfx90a, gfx942, gfx950, ...) or `gfx1xxx` (gfx1030, gfx1100,
  /// gfx1201, ...). `waveSize` 0 takes the chip's default; 32 is rejected
  /// on gfx9.
  static llvm::Expected<AMDGPUChip> get(llvm::StringRef name,
                                        unsigned waveSize = 0);
};

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_AMDGPUCHIP_H
