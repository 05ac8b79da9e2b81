//===- AMDGPUChip.cpp - What the ROCDL lowering needs of a chip -----------===//

#include "LinearLayout/Conversion/AMDGPUChip.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir::ll;

static llvm::Error error(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

llvm::Expected<AMDGPUChip> AMDGPUChip::get(llvm::StringRef name,
                                           unsigned waveSize) {
  auto bad = [&] {
    return error("chip must be an AMD GPU such as gfx942, gfx950 or gfx1100, "
                 "got '" +
                 name + "'");
  };
  if (!name.starts_with("gfx"))
    return bad();
  llvm::StringRef version = name.drop_front(3);
  if (!llvm::all_of(version, llvm::isAlnum))
    return bad();
  AMDGPUChip chip;
  chip.name = name.str();
  // gfx9 names have three characters (gfx90a), later ones four (gfx1100).
  if (version.size() == 3 && version[0] == '9' &&
      llvm::isHexDigit(version[1]) && llvm::isHexDigit(version[2])) {
    chip.major = 9;
    chip.waveSize = 64;
  } else if (version.size() == 4 && version[0] == '1' &&
             (version[1] >= '0' && version[1] <= '2') &&
             llvm::isHexDigit(version[2]) && llvm::isHexDigit(version[3])) {
    chip.major = 10 + (version[1] - '0');
    chip.waveSize = 32;
  } else {
    return bad();
  }
  if (name == "gfx950")
    chip.ldsBytes = 160 * 1024;
  if (waveSize != 0) {
    if (waveSize != 32 && waveSize != 64)
      return error("wave-size must be 64, 32 or 0 (the chip's default), got " +
                   llvm::Twine(waveSize));
    if (chip.major == 9 && waveSize == 32)
      return error(name + " runs wave64 only; wave-size=32 needs gfx10 or "
                          "later");
    chip.waveSize = int(waveSize);
  }
  return chip;
}
