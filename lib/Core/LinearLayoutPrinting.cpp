//===- LinearLayoutPrinting.cpp - Text forms of a LinearLayout ------------===//

#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::ll;

static void printBasis(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> basis) {
  os << '[';
  llvm::interleaveComma(basis, os);
  os << ']';
}

std::string LinearLayout::basesToString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '{';
  llvm::interleaveComma(getBases(), os, [&](const InDimBases &dim) {
    os << dim.name << " = [";
    llvm::interleaveComma(dim.bases, os,
                          [&](const Basis &basis) { printBasis(os, basis); });
    os << ']';
  });
  os << '}';
  return text;
}

std::string LinearLayout::outDimsToString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '{';
  llvm::interleaveComma(outDims, os, [&](const LayoutDim &dim) {
    os << dim.name << " = " << dim.size();
  });
  os << '}';
  return text;
}

std::string LinearLayout::toMlirString() const {
  return "#ll.linear<" + basesToString() + " -> " + outDimsToString() + ">";
}

std::string LinearLayout::toBitTableString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto printDims = [&](llvm::ArrayRef<LayoutDim> dims) {
    if (dims.empty())
      os << "()";
    llvm::interleave(
        dims, os,
        [&](const LayoutDim &dim) {
          os << dim.name << '[' << dim.size() << ']';
        },
        " x ");
  };
  os << "LinearLayout ";
  printDims(inDims);
  os << " -> ";
  printDims(outDims);
  os << '\n';
  size_t nameWidth = 0;
  for (const LayoutDim &dim : inDims)
    nameWidth = std::max(nameWidth, dim.name.size());
  int flatBit = 0;
  for (const LayoutDim &dim : inDims) {
    for (int bit = 0; bit < dim.log2Size; ++bit) {
      os << "  " << dim.name;
      os.indent(nameWidth - dim.name.size());
      os << " bit " << bit << (bit < 10 ? "  " : " ") << "-> (";
      llvm::interleave(
          llvm::zip_equal(outDims, unflattenOut(columns[flatBit++])), os,
          [&](auto pair) {
            os << std::get<0>(pair).name << '=' << std::get<1>(pair);
          },
          ", ");
      os << ")\n";
    }
  }
  return text;
}

/// Short tag for an input dimension in the element table.
static std::string inputTag(llvm::StringRef name) {
  if (name == dims::kRegister)
    return "r";
  if (name == dims::kLane)
    return "t";
  if (name == dims::kWarp)
    return "w";
  if (name == dims::kBlock)
    return "b";
  if (name == dims::kOffset)
    return "o";
  return name.str();
}

std::string LinearLayout::toElementTableString() const {
  int outBits = getTotalOutBits();
  if (outDims.size() > 2 || outBits > 16 || getTotalInBits() > 20)
    return "(element table shown only for at most 2 output dimensions, "
           "65536 elements and 2^20 inputs)\n";
  // For every element, every input that holds it (inputs in flat order, so
  // the lowest holder comes first).
  std::vector<std::vector<uint64_t>> holders(size_t(1) << outBits);
  for (uint64_t in = 0, e = uint64_t(1) << getTotalInBits(); in < e; ++in)
    holders[applyFlat(in)].push_back(in);
  auto cellText = [&](uint64_t element) {
    if (holders[element].empty())
      return std::string("-");
    std::string cell;
    for (auto [k, in] : llvm::enumerate(holders[element])) {
      if (k)
        cell += '|';
      llvm::SmallVector<int64_t> values = unflattenIn(in);
      // Most significant dimension first: w0:t3:r1.
      bool first = true;
      for (int d = int(inDims.size()) - 1; d >= 0; --d) {
        if (inDims[d].log2Size == 0)
          continue;
        cell += (first ? "" : ":") + inputTag(inDims[d].name) +
                std::to_string(values[d]);
        first = false;
      }
      if (first)
        cell += "*";
    }
    return cell;
  };
  // Rows are dim0 and columns dim1 (a row-major picture of a 2-D tile).
  int64_t rows = outDims.empty() ? 1 : outDims[0].size();
  int64_t cols = outDims.size() < 2 ? 1 : outDims[1].size();
  int rowBits = outDims.empty() ? 0 : outDims[0].log2Size;
  std::vector<std::string> cells;
  size_t width = 1;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      cells.push_back(cellText(uint64_t(r) | uint64_t(c) << rowBits));
      width = std::max(width, cells.back().size());
    }
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const std::string &cell = cells[r * cols + c];
      os << (c ? " " : "") << cell;
      os.indent(width - cell.size());
    }
    os << '\n';
  }
  return text;
}
