//===- FamiliesBindings.cpp - Python API of the layout families -----------===//
//
// The Python parameter classes (python/linear_layout/families.py) describe a
// distributed layout as a nested dict ({"kind": "blocked", ...,
// "parent": {...}}); these functions turn it into a DistributedLayoutSpec and
// call the C++ constructors. Type errors raise TypeError, bad values
// ValueError with the parameter's name.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "LinearLayout/Families/LayoutFamilies.h"

#include <nanobind/stl/string.h>

namespace nb = nanobind;
using namespace nb::literals;
using namespace mlir::ll;
using namespace mlir::ll::python;

static llvm::SmallVector<int64_t, 4> toIntList(nb::handle value,
                                               const char *what) {
  llvm::SmallVector<int64_t, 4> result;
  for (nb::handle item : toSequence(value, what))
    result.push_back(toInt64(item, what));
  return result;
}

/// CGA bases: a sequence of int sequences (None: one CTA).
static CgaLayout toCgaLayout(nb::handle value) {
  CgaLayout result;
  if (value.is_none())
    return result;
  for (nb::handle basis : toSequence(value, "cga_layout"))
    result.push_back(toIntList(basis, "cga_layout"));
  return result;
}

/// A required entry of the description dict.
static nb::handle entry(nb::dict spec, const char *key) {
  nb::str name(key);
  if (!spec.contains(name))
    throw nb::value_error(
        (std::string("layout description lacks '") + key + "'").c_str());
  return spec[name];
}

/// Required entries of the description dict, converted; errors name the key.
static llvm::SmallVector<int64_t, 4> intListEntry(nb::dict spec,
                                                  const char *key) {
  return toIntList(entry(spec, key), key);
}
static int64_t intEntry(nb::dict spec, const char *key) {
  return toInt64(entry(spec, key), key);
}

static std::shared_ptr<DistributedLayoutSpec> toSpec(nb::handle value,
                                                     int depth = 0) {
  if (!nb::isinstance<nb::dict>(value))
    throw nb::type_error("a distributed layout description must be a dict");
  if (depth > 16)
    throw nb::value_error("layout description is nested too deeply");
  nb::dict spec = nb::borrow<nb::dict>(value);
  std::string kind = toString(entry(spec, "kind"), "kind");
  auto result = std::make_shared<DistributedLayoutSpec>();
  if (kind == "blocked") {
    result->kind = DistributedKind::Blocked;
    result->sizePerThread = intListEntry(spec, "size_per_thread");
    result->threadsPerWarp = intListEntry(spec, "threads_per_warp");
    result->warpsPerCTA = intListEntry(spec, "warps_per_cta");
    result->order = intListEntry(spec, "order");
  } else if (kind == "slice") {
    result->kind = DistributedKind::Slice;
    result->parent = toSpec(entry(spec, "parent"), depth + 1);
    result->dim = intEntry(spec, "dim");
  } else if (kind == "nvidia_mma") {
    result->kind = DistributedKind::NvidiaMma;
    result->version = intEntry(spec, "version");
    result->warpsPerCTA = intListEntry(spec, "warps_per_cta");
    result->instrShape = intListEntry(spec, "instr_shape");
  } else if (kind == "dot_operand") {
    result->kind = DistributedKind::DotOperand;
    result->parent = toSpec(entry(spec, "parent"), depth + 1);
    result->operandIndex = intEntry(spec, "operand_index");
    result->kWidth = intEntry(spec, "k_width");
  } else if (kind == "amd_mfma" || kind == "amd_wmma") {
    result->kind = kind == "amd_mfma" ? DistributedKind::AmdMfma
                                      : DistributedKind::AmdWmma;
    result->version = intEntry(spec, "version");
    result->instrShape = intListEntry(spec, "instr_shape");
    result->transposed = toBool(entry(spec, "transposed"), "transposed");
    result->warpsPerCTA = intListEntry(spec, "warps_per_cta");
    result->tilesPerWarp = intListEntry(spec, "tiles_per_warp");
    if (kind == "amd_mfma")
      result->elementBitwidth = intEntry(spec, "element_bitwidth");
  } else {
    throw nb::value_error(("unknown layout kind '" + kind + "'").c_str());
  }
  nb::str cgaKey("cga_layout");
  if (spec.contains(cgaKey))
    result->cgaLayout = toCgaLayout(spec[cgaKey]);
  return result;
}

static void populate(nb::module_ &m) {
  m.def(
      "distributed_rank",
      [](nb::handle spec) { return unwrap(getDistributedRank(*toSpec(spec))); },
      "spec"_a,
      "Validates a distributed layout description; returns its rank.");
  m.def(
      "distributed_to_linear",
      [](nb::handle spec, nb::handle shape) {
        return unwrap(distributedToLinearLayout(*toSpec(spec),
                                                toIntList(shape, "shape")));
      },
      "spec"_a, "shape"_a,
      "The linear layout (register, lane, warp, block) -> (dim0, ...) of a "
      "distributed layout description for a tensor of `shape`.");
  m.def(
      "swizzled_shared_to_linear",
      [](nb::handle vec, nb::handle perPhase, nb::handle maxPhase,
         nb::handle order, nb::handle shape, nb::handle cgaLayout) {
        SwizzledSharedSpec spec;
        spec.vec = toInt64(vec, "vec");
        spec.perPhase = toInt64(perPhase, "per_phase");
        spec.maxPhase = toInt64(maxPhase, "max_phase");
        spec.order = toIntList(order, "order");
        spec.cgaLayout = toCgaLayout(cgaLayout);
        return unwrap(
            swizzledSharedToLinearLayout(spec, toIntList(shape, "shape")));
      },
      "vec"_a, "per_phase"_a, "max_phase"_a, "order"_a, "shape"_a,
      "cga_layout"_a = nb::none(),
      "The linear layout (offset, block) -> (dim0, ...) of a swizzled shared "
      "buffer of `shape`.");
  m.def(
      "nvmma_shared_to_linear",
      [](nb::handle swizzleBytes, nb::handle elementBits, nb::handle transposed,
         nb::handle shape, nb::handle fp4Padded, nb::handle cgaLayout) {
        NvmmaSharedSpec spec;
        spec.swizzleBytes = toInt64(swizzleBytes, "swizzle_bytes");
        spec.elementBits = toInt64(elementBits, "element_bits");
        spec.transposed = toBool(transposed, "transposed");
        spec.fp4Padded = toBool(fp4Padded, "fp4_padded");
        spec.cgaLayout = toCgaLayout(cgaLayout);
        return unwrap(
            nvmmaSharedToLinearLayout(spec, toIntList(shape, "shape")));
      },
      "swizzle_bytes"_a, "element_bits"_a, "transposed"_a, "shape"_a,
      "fp4_padded"_a = false, "cga_layout"_a = nb::none(),
      "The linear layout (offset, block) -> (dim0, ...) of an NVMMA shared "
      "buffer of `shape`.");
}

static BindingRegistration registration(/*order=*/20, populate);
