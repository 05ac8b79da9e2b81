//===- LinearLayoutBindings.cpp - Python API of LinearLayout --------------===//
//
// The Python names follow docs/design.md ("Python API"). Construction parses
// the nested Python lists straight into columns: it is the hottest call of
// the API (every layout a user or a pass builds goes through it).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <new>

#if PY_VERSION_HEX < 0x030B0000 && !defined(PYPY_VERSION)
#include <longintrepr.h> // ob_digit; Python.h includes it from 3.11 on
#endif

namespace nb = nanobind;
using namespace nb::literals;
using namespace mlir::ll;
using namespace mlir::ll::python;

//===----------------------------------------------------------------------===//
// Conversions from Python values
//===----------------------------------------------------------------------===//

static std::string typeName(nb::handle value) {
  return nb::type_name(value.type()).c_str();
}

/// The common case of toInt64: an exact int that fits, without
/// PyNumber_Index and without building an error message. Ints of one digit
/// (every basis value, size and coordinate in practice) are read in place.
/// Runs no Python code and never raises.
static inline bool exactInt64(PyObject *obj, int64_t &result) {
  if (!PyLong_CheckExact(obj))
    return false;
#if defined(PYPY_VERSION)
  // No in-place digits to read.
#elif PY_VERSION_HEX >= 0x030C0000
  if (PyUnstable_Long_IsCompact(reinterpret_cast<PyLongObject *>(obj))) {
    result =
        PyUnstable_Long_CompactValue(reinterpret_cast<PyLongObject *>(obj));
    return true;
  }
#else
  Py_ssize_t digits = Py_SIZE(obj);
  if (digits == 0) {
    result = 0;
    return true;
  }
  if (digits == 1 || digits == -1) {
    result =
        digits * int64_t(reinterpret_cast<PyLongObject *>(obj)->ob_digit[0]);
    return true;
  }
#endif
  int overflow = 0;
  result = PyLong_AsLongLongAndOverflow(obj, &overflow);
  return !overflow;
}
static bool tryExactInt64(nb::handle value, int64_t &result) {
  return exactInt64(value.ptr(), result);
}

int64_t python::toInt64(nb::handle value, const char *what) {
  PyObject *obj = value.ptr();
  if (int64_t result; tryExactInt64(value, result))
    return result;
  if (PyBool_Check(obj) || PyFloat_Check(obj) || !PyIndex_Check(obj))
    throw nb::type_error(
        (std::string(what) + " must be an int, not " + typeName(value))
            .c_str());
  nb::object index = nb::steal(PyNumber_Index(obj));
  if (!index.is_valid())
    throw nb::python_error();
  int overflow = 0;
  long long result = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow)
    throw nb::value_error(
        (std::string(what) + " is too large: " +
         nb::cast<std::string>(nb::steal(PyObject_Str(index.ptr()))))
            .c_str());
  if (result == -1 && PyErr_Occurred())
    throw nb::python_error();
  return result;
}

std::string python::toString(nb::handle value, const char *what) {
  if (!PyUnicode_Check(value.ptr()))
    throw nb::type_error(
        (std::string(what) + " must be a str, not " + typeName(value)).c_str());
  Py_ssize_t size;
  const char *data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
  if (!data)
    throw nb::python_error();
  return std::string(data, size_t(size));
}

bool python::toBool(nb::handle value, const char *what) {
  if (!PyBool_Check(value.ptr()))
    throw nb::type_error(
        (std::string(what) + " must be a bool, not " + typeName(value))
            .c_str());
  return value.ptr() == Py_True;
}

std::vector<nb::object> python::toSequence(nb::handle value, const char *what) {
  PyObject *obj = value.ptr();
  std::vector<nb::object> items;
  if (PyList_Check(obj) || PyTuple_Check(obj)) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
    PyObject **data = PySequence_Fast_ITEMS(obj);
    items.reserve(size_t(n));
    for (Py_ssize_t i = 0; i < n; ++i)
      items.push_back(nb::borrow(data[i]));
    return items;
  }
  if (PyUnicode_Check(obj) || PyBytes_Check(obj) || !PySequence_Check(obj) ||
      PyDict_Check(obj))
    throw nb::type_error(
        (std::string(what) + " must be a list or tuple, not " + typeName(value))
            .c_str());
  // Other sequences (NumPy arrays, ranges): materialise them once.
  nb::object list = nb::steal(PySequence_List(obj));
  if (!list.is_valid())
    throw nb::python_error();
  Py_ssize_t n = PyList_GET_SIZE(list.ptr());
  for (Py_ssize_t i = 0; i < n; ++i)
    items.push_back(nb::borrow(PyList_GET_ITEM(list.ptr(), i)));
  return items;
}

/// The items of a list or tuple, read in place (no vector of copies: the
/// construction hot path); other sequences are materialised once through
/// toSequence, with its type checks and messages. Items are re-read and
/// bounds-checked on every access because converting one item may run
/// Python code (`__index__`) that mutates the list.
class SequenceView {
public:
  SequenceView(nb::handle value, const char *what) {
    PyObject *obj = value.ptr();
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
      holder = nb::borrow(obj);
    } else {
      nb::list list;
      for (nb::handle item : toSequence(value, what))
        list.append(item);
      holder = std::move(list);
    }
    count = size_t(PySequence_Fast_GET_SIZE(holder.ptr()));
  }
  size_t size() const { return count; }
  nb::object operator[](size_t i) const {
    if (i >= size_t(PySequence_Fast_GET_SIZE(holder.ptr())))
      throw nb::value_error("a list of bases changed size while being read");
    return nb::borrow(PySequence_Fast_ITEMS(holder.ptr())[i]);
  }

private:
  nb::object holder;
  size_t count = 0;
};

/// Iterates `{name: value}` or `[(name, value), ...]`.
template <typename Fn>
static void forEachNamedItem(nb::handle value, const char *what, Fn fn) {
  if (PyDict_Check(value.ptr())) {
    PyObject *key, *item;
    Py_ssize_t pos = 0;
    while (PyDict_Next(value.ptr(), &pos, &key, &item))
      fn(nb::handle(key), nb::handle(item));
    return;
  }
  // Lists and tuples first: probing them for `items` raises and clears an
  // AttributeError, which costs more than the whole conversion.
  bool isListOrTuple = PyList_Check(value.ptr()) || PyTuple_Check(value.ptr());
  auto eachPair = [&](const SequenceView &pairs) {
    for (size_t i = 0; i < pairs.size(); ++i) {
      // An item that is not a sequence, or not of two elements, is a
      // TypeError (not the IndexError of indexing it).
      nb::object item = pairs[i];
      if (PyUnicode_Check(item.ptr()) || PyBytes_Check(item.ptr()) ||
          !PySequence_Check(item.ptr()) || PyDict_Check(item.ptr()))
        throw nb::type_error((std::string(what) +
                              " must be a mapping or a sequence of "
                              "(name, value) pairs, not an item of type " +
                              typeName(item))
                                 .c_str());
      SequenceView entry(item, what);
      if (entry.size() != 2)
        throw nb::type_error((std::string(what) +
                              " must be a mapping or a sequence of "
                              "(name, value) pairs, not an item of " +
                              std::to_string(entry.size()) + " elements")
                                 .c_str());
      fn(entry[0], entry[1]);
    }
  };
  if (!isListOrTuple && !PyUnicode_Check(value.ptr()) &&
      PyObject_HasAttrString(value.ptr(), "items")) {
    nb::object items = nb::list(value.attr("items")());
    eachPair(SequenceView(items, what));
    return;
  }
  eachPair(SequenceView(value, what));
}

llvm::SmallVector<LayoutDim, 4> python::toDims(nb::handle value,
                                               const char *role) {
  llvm::SmallVector<LayoutDim, 4> dims;
  std::string what = std::string(role) + " dimensions";
  forEachNamedItem(value, what.c_str(), [&](nb::handle key, nb::handle size) {
    std::string name = toString(key, "a dimension name");
    // The message is built only when needed: this runs on every construction.
    int64_t n;
    if (!tryExactInt64(size, n))
      n = toInt64(size, ("the size of dimension '" + name + "'").c_str());
    dims.push_back(unwrap(makeLayoutDim(name, n, role)));
  });
  return dims;
}

llvm::SmallVector<std::string, 4> python::toNames(nb::handle value,
                                                  const char *what) {
  llvm::SmallVector<std::string, 4> names;
  for (nb::handle item : toSequence(value, what))
    names.push_back(toString(item, "a dimension name"));
  return names;
}

//===----------------------------------------------------------------------===//
// Fast paths
//
// Construction and apply are the calls a user makes per layout and per
// point, so their common shapes (exact dicts, lists and tuples of exact ints
// with ASCII names) are read in place through the CPython API, with no
// temporary Python or C++ containers. They run no Python code, so borrowed
// items cannot change under them. On any other shape and on every error they
// bail out without raising, and the general path (which accepts any sequence
// or mapping and words every message) redoes the call: the fast paths change
// speed, never behaviour.
//===----------------------------------------------------------------------===//

/// An exact str of ASCII characters, as the text it holds (no copy).
static inline bool exactAsciiName(PyObject *obj, llvm::StringRef &name) {
  if (!PyUnicode_CheckExact(obj) || !PyUnicode_IS_COMPACT_ASCII(obj))
    return false;
  name = llvm::StringRef(static_cast<const char *>(PyUnicode_DATA(obj)),
                         size_t(PyUnicode_GET_LENGTH(obj)));
  return true;
}

/// Whether `name` holds `text`. Dimension names are a few characters long:
/// word compares (overlapping at the end, never reading past either string)
/// beat a call to memcmp, and a byte loop.
static inline bool sameName(const std::string &name, llvm::StringRef text) {
  size_t n = text.size();
  if (name.size() != n)
    return false;
  const char *a = name.data(), *b = text.data();
  auto load64 = [](const char *p) {
    uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  auto load32 = [](const char *p) {
    uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8)
      if (load64(a + i) != load64(b + i))
        return false;
    return load64(a + n - 8) == load64(b + n - 8);
  }
  if (n >= 4)
    return load32(a) == load32(b) && load32(a + n - 4) == load32(b + n - 4);
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

/// The items of an exact list or tuple, in place.
static inline bool exactItems(PyObject *obj, PyObject *const *&items,
                              Py_ssize_t &size) {
  if (PyList_CheckExact(obj)) {
    items = reinterpret_cast<PyListObject *>(obj)->ob_item;
    size = PyList_GET_SIZE(obj);
    return true;
  }
  if (PyTuple_CheckExact(obj)) {
    items = reinterpret_cast<PyTupleObject *>(obj)->ob_item;
    size = PyTuple_GET_SIZE(obj);
    return true;
  }
  return false;
}

/// `{name: size}` or `[(name, size), ...]` with exact ints of power-of-two
/// size. Names are checked (identifiers, unique) by getFromOwnedColumns.
static bool exactDims(PyObject *obj, llvm::SmallVectorImpl<LayoutDim> &dims) {
  auto add = [&](PyObject *key, PyObject *value) {
    llvm::StringRef name;
    int64_t size;
    if (!exactAsciiName(key, name) || !exactInt64(value, size) || size <= 0 ||
        !llvm::isPowerOf2_64(uint64_t(size)))
      return false;
    dims.push_back({name.str(), int32_t(llvm::Log2_64(uint64_t(size)))});
    return true;
  };
  if (PyDict_CheckExact(obj)) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(obj, &pos, &key, &value))
      if (!add(key, value))
        return false;
    return true;
  }
  PyObject *const *pairs;
  Py_ssize_t count;
  if (!exactItems(obj, pairs, count))
    return false;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *const *pair;
    Py_ssize_t two;
    if (!exactItems(pairs[i], pair, two) || two != 2 || !add(pair[0], pair[1]))
      return false;
  }
  return true;
}

/// Construction's fast path: `bases` an exact dict of lists (or tuples) of
/// bases, each a list (or tuple) of exact ints in range. Builds the layout in
/// `self`, or returns false with nothing built and nothing raised.
static bool layoutFromExactPython(LinearLayout *self, PyObject *bases,
                                  PyObject *outDimsObj) {
  llvm::SmallVector<LayoutDim, 4> outDims;
  if (!PyDict_CheckExact(bases) || !exactDims(outDimsObj, outDims))
    return false;
  int outOffsets[kMaxLayoutBits + 1];
  int64_t outSizes[kMaxLayoutBits + 1];
  size_t numOuts = outDims.size();
  if (numOuts > size_t(kMaxLayoutBits))
    return false;
  for (size_t k = 0, offset = 0; k < numOuts; ++k) {
    outOffsets[k] = int(offset);
    outSizes[k] = outDims[k].size();
    offset += size_t(outDims[k].log2Size);
    if (offset > size_t(kMaxLayoutBits))
      return false;
  }

  llvm::SmallVector<LayoutDim, 4> inDims;
  llvm::SmallVector<uint64_t, 16> columns;
  PyObject *key, *dimBases;
  Py_ssize_t pos = 0;
  while (PyDict_Next(bases, &pos, &key, &dimBases)) {
    llvm::StringRef name;
    PyObject *const *items;
    Py_ssize_t numBases;
    if (!exactAsciiName(key, name) || !exactItems(dimBases, items, numBases) ||
        numBases > kMaxLayoutBits ||
        columns.size() + size_t(numBases) > size_t(kMaxLayoutBits))
      return false;
    for (Py_ssize_t bit = 0; bit < numBases; ++bit) {
      PyObject *const *values;
      Py_ssize_t numValues;
      if (!exactItems(items[bit], values, numValues) ||
          size_t(numValues) != numOuts)
        return false;
      uint64_t column = 0;
      for (size_t k = 0; k < numOuts; ++k) {
        int64_t value;
        if (!exactInt64(values[k], value) || value < 0 || value >= outSizes[k])
          return false;
        column |= uint64_t(value) << outOffsets[k];
      }
      columns.push_back(column);
    }
    inDims.push_back({name.str(), int32_t(numBases)});
  }
  llvm::Expected<LinearLayout> layout = LinearLayout::getFromOwnedColumns(
      std::move(inDims), std::move(outDims), std::move(columns));
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return false;
  }
  new (self) LinearLayout(std::move(*layout));
  return true;
}

/// Parses `{in_dim: [[v, ...], ...]}` against already-parsed output dims
/// straight into columns, with the same checks and messages as
/// LinearLayout::get.
static LinearLayout layoutFromPython(nb::handle bases, nb::handle outDimsObj) {
  llvm::SmallVector<LayoutDim, 4> outDims = toDims(outDimsObj, "output");
  llvm::SmallVector<LayoutDim, 4> inDims;
  llvm::SmallVector<uint64_t, 16> columns;
  forEachNamedItem(bases, "bases", [&](nb::handle key, nb::handle list) {
    std::string name = toString(key, "an input dimension name");
    SequenceView dimBases(list, "the bases of a dim");
    if (dimBases.size() > size_t(kMaxLayoutBits))
      throw nb::value_error(("input dimension '" + name + "' has too many " +
                             "bases (at most 64 bits are supported)")
                                .c_str());
    for (size_t bit = 0; bit < dimBases.size(); ++bit) {
      SequenceView basis(dimBases[bit], "a basis");
      if (basis.size() != outDims.size())
        throw nb::value_error(("basis " + std::to_string(bit) +
                               " of input dimension '" + name + "' has " +
                               std::to_string(basis.size()) +
                               " values; expected one per output dimension (" +
                               std::to_string(outDims.size()) + ")")
                                  .c_str());
      uint64_t column = 0;
      int offset = 0;
      for (auto [k, outDim] : llvm::enumerate(outDims)) {
        int64_t value = toInt64(basis[k], "a basis value");
        if (value < 0 || value >= outDim.size())
          throw nb::value_error(
              ("basis " + std::to_string(bit) + " of input dimension '" + name +
               "' has value " + std::to_string(value) +
               " for output dimension '" + outDim.name + "', which has size " +
               std::to_string(outDim.size()))
                  .c_str());
        column |= uint64_t(value) << offset;
        offset += outDim.log2Size;
      }
      columns.push_back(column);
    }
    inDims.push_back({name, int32_t(dimBases.size())});
  });
  return unwrap(LinearLayout::getFromColumns(inDims, outDims, columns));
}

//===----------------------------------------------------------------------===//
// Conversions to Python values
//===----------------------------------------------------------------------===//

static nb::dict dimsToDict(llvm::ArrayRef<LayoutDim> dims) {
  nb::dict result;
  for (const LayoutDim &dim : dims)
    result[dim.name.c_str()] = nb::int_(dim.size());
  return result;
}

static nb::dict basesToDict(const LinearLayout &layout) {
  nb::dict result;
  for (const InDimBases &dim : layout.getBases()) {
    nb::list bases;
    for (const Basis &basis : dim.bases) {
      nb::list values;
      for (int64_t v : basis)
        values.append(nb::int_(v));
      bases.append(values);
    }
    result[dim.name.c_str()] = bases;
  }
  return result;
}

static std::string pythonRepr(const LinearLayout &layout) {
  std::string text = "LinearLayout({";
  for (auto [i, dim] : llvm::enumerate(layout.getBases())) {
    text += (i ? ", '" : "'") + dim.name + "': [";
    for (auto [j, basis] : llvm::enumerate(dim.bases)) {
      text += j ? ", [" : "[";
      for (auto [k, v] : llvm::enumerate(basis))
        text += (k ? ", " : "") + std::to_string(v);
      text += "]";
    }
    text += "]";
  }
  text += "}, {";
  for (auto [i, dim] : llvm::enumerate(layout.getOutDims()))
    text += (i ? ", '" : "'") + dim.name + "': " + std::to_string(dim.size());
  return text + "})";
}

//===----------------------------------------------------------------------===//
// apply
//===----------------------------------------------------------------------===//

/// apply on Python ints: the common, scalar case.
static nb::dict
applyScalar(const LinearLayout &layout,
            const std::vector<std::pair<std::string, int64_t>> &inputs) {
  llvm::SmallVector<DimValue, 4> args(inputs.begin(), inputs.end());
  nb::dict result;
  for (const auto &[name, value] : unwrap(layout.apply(args)))
    result[name.c_str()] = nb::int_(value);
  return result;
}

/// apply on NumPy arrays (or lists), broadcast against each other: one call
/// evaluates the layout on every element.
static nb::dict applyVectorised(const LinearLayout &layout, nb::handle inputs) {
  nb::module_ np = nb::module_::import_("numpy");
  std::vector<std::string> names;
  nb::list arrays;
  forEachNamedItem(inputs, "apply's argument", [&](nb::handle k, nb::handle v) {
    names.push_back(toString(k, "an input dimension name"));
    nb::object array = np.attr("asarray")(v);
    // str() of the dtype, through the C API: nb::str(accessor) would borrow
    // the accessor's result as if it already were a str.
    nb::object dtype = array.attr("dtype");
    nb::object kind = dtype.attr("kind");
    std::string kindText =
        nb::cast<std::string>(nb::steal(PyObject_Str(kind.ptr())));
    if (kindText != "i" && kindText != "u")
      throw nb::type_error(
          ("apply: the values of input dimension '" + names.back() +
           "' must be integers, not dtype " +
           nb::cast<std::string>(nb::steal(PyObject_Str(dtype.ptr()))))
              .c_str());
    arrays.append(array);
  });
  // Check names once, via a scalar call on zeros (same messages as apply).
  std::vector<std::pair<std::string, int64_t>> zeros;
  for (const std::string &name : names)
    zeros.emplace_back(name, 0);
  applyScalar(layout, zeros);

  nb::object broadcast = np.attr("broadcast_arrays")(*arrays);
  nb::object shape = nb::tuple(broadcast[0].attr("shape"));
  size_t count = 1;
  for (nb::handle d : shape)
    count *= nb::cast<size_t>(d);

  // Per input: its values as a contiguous int64 copy, and its bit offset.
  using Int64Array = nb::ndarray<int64_t, nb::numpy, nb::c_contig>;
  std::vector<Int64Array> values;
  std::vector<nb::object> owners;
  std::vector<int> offsets;
  std::vector<int64_t> sizes;
  for (size_t i = 0; i < names.size(); ++i) {
    nb::object flat = np.attr("ascontiguousarray")(
        broadcast[i].attr("reshape")(-1), "dtype"_a = np.attr("int64"));
    owners.push_back(flat);
    values.push_back(nb::cast<Int64Array>(flat));
    unsigned index = *layout.getInDimIndex(names[i]);
    offsets.push_back(layout.getInDimBitOffset(index));
    sizes.push_back(layout.getInDims()[index].size());
  }
  for (size_t i = 0; i < names.size(); ++i) {
    const int64_t *data = values[i].data();
    for (size_t j = 0; j < count; ++j)
      if (data[j] < 0 || data[j] >= sizes[i])
        throw nb::value_error(("apply: value " + std::to_string(data[j]) +
                               " is out of range for input dimension '" +
                               names[i] + "' of size " +
                               std::to_string(sizes[i]))
                                  .c_str());
  }

  llvm::ArrayRef<LayoutDim> outDims = layout.getOutDims();
  nb::dict result;
  std::vector<int64_t *> outData;
  for (const LayoutDim &dim : outDims) {
    nb::object out = np.attr("empty")(shape, "dtype"_a = np.attr("int64"));
    result[dim.name.c_str()] = out;
    outData.push_back(nb::cast<Int64Array>(out.attr("reshape")(-1)).data());
  }
  for (size_t j = 0; j < count; ++j) {
    uint64_t flatIn = 0;
    for (size_t i = 0; i < names.size(); ++i)
      flatIn |= uint64_t(values[i].data()[j]) << offsets[i];
    uint64_t flatOut = layout.applyFlat(flatIn);
    for (size_t d = 0; d < outDims.size(); ++d) {
      int bits = outDims[d].log2Size;
      outData[d][j] = int64_t(flatOut & ((uint64_t(1) << bits) - 1));
      flatOut >>= bits;
    }
  }
  return result;
}

/// The dimension name as a new reference to an interned Python str, cached
/// for the process: result dicts get keys whose hash is already known. A
/// program uses a handful of names, so a linear scan beats hashing; past
/// kMaxCachedNames distinct names, further ones are made on every call.
/// nullptr (with MemoryError set) when the str cannot be made.
namespace {
struct CachedName {
  std::string text;
  PyObject *object; // Kept for the life of the process.
};
} // namespace
static constexpr size_t kMaxCachedNames = 64;
static std::vector<CachedName> nameCache;

static PyObject *internedName(const std::string &name) noexcept {
  for (const CachedName &entry : nameCache)
    if (sameName(entry.text, name)) {
      Py_INCREF(entry.object);
      return entry.object;
    }
  PyObject *object = PyUnicode_InternFromString(name.c_str());
  if (object && nameCache.size() < kMaxCachedNames) {
    try {
      nameCache.push_back({name, object});
      Py_INCREF(object);
    } catch (const std::bad_alloc &) {
      // Not cached; the str is still good. (This runs under a noexcept.)
    }
  }
  return object;
}

/// Python's cached ints 0..255, taken once when the module is set up (see
/// installFastApply) and kept for the life of the process.
static PyObject *smallInts[256];

/// A new reference to the int `value` (< 2^63): small ones without a call.
static inline PyObject *newInt(uint64_t value) noexcept {
  if (value < std::size(smallInts) && smallInts[value]) {
    Py_INCREF(smallInts[value]);
    return smallInts[value];
  }
  return PyLong_FromLongLong((long long)value);
}

/// apply's fast path: an exact dict of exact ints naming every input
/// dimension once, in range. Returns false (nothing raised) for anything
/// else, including every error: the general path redoes the call and words
/// the message. Otherwise `result` is the new dict, or nullptr with a Python
/// error set (out of memory).
static bool applyExactInts(const LinearLayout &layout, PyObject *inputs,
                           PyObject *&result) noexcept {
  llvm::ArrayRef<LayoutDim> inDims = layout.getInDims();
  size_t numIns = inDims.size();
  if (!PyDict_CheckExact(inputs) ||
      PyDict_GET_SIZE(inputs) != Py_ssize_t(numIns))
    return false;
  uint64_t flat = 0;
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  // Dicts usually name the dimensions in order, so each key is first
  // compared with the dimension after the previous one (at bit `offset`).
  // The keys are exact strs, distinct, and there are numIns of them, so no
  // two name the same dimension: each dimension is given exactly once.
  size_t index = 0;
  int offset = 0;
  for (size_t seen = 0; seen < numIns; ++seen) {
    if (!PyDict_Next(inputs, &pos, &key, &value))
      return false;
    llvm::StringRef name;
    int64_t v;
    if (!exactAsciiName(key, name) || !exactInt64(value, v))
      return false;
    if (!sameName(inDims[index].name, name)) {
      offset = 0;
      for (index = 0; index < numIns && !sameName(inDims[index].name, name);
           ++index)
        offset += inDims[index].log2Size;
      if (index == numIns)
        return false;
    }
    if (v < 0 || v >= inDims[index].size())
      return false;
    flat |= uint64_t(v) << offset;
    offset += inDims[index].log2Size;
    if (++index == numIns)
      index = 0, offset = 0;
  }
  uint64_t out = layout.applyFlat(flat);
  result = PyDict_New();
  if (!result)
    return true;
  for (const LayoutDim &dim : layout.getOutDims()) {
    PyObject *name = internedName(dim.name);
    PyObject *number =
        name ? newInt(out & ((uint64_t(1) << dim.log2Size) - 1)) : nullptr;
    int failed = !number || PyDict_SetItem(result, name, number);
    Py_XDECREF(number);
    Py_XDECREF(name);
    if (failed) {
      Py_CLEAR(result);
      return true;
    }
    out >>= dim.log2Size; // log2Size <= 62
  }
  return true;
}

static nb::dict apply(const LinearLayout &layout, nb::handle inputs) {
  if (PyObject *fast; applyExactInts(layout, inputs.ptr(), fast)) {
    if (!fast)
      throw nb::python_error();
    return nb::steal<nb::dict>(fast);
  }
  if (!PyDict_Check(inputs.ptr()) &&
      !PyObject_HasAttrString(inputs.ptr(), "items"))
    throw nb::type_error(
        ("apply takes a dict {input dimension: value}, not " + typeName(inputs))
            .c_str());
  std::vector<std::pair<std::string, int64_t>> scalars;
  bool allScalar = true;
  forEachNamedItem(inputs, "apply's argument", [&](nb::handle k, nb::handle v) {
    if (!allScalar)
      return;
    PyObject *obj = v.ptr();
    if (PyBool_Check(obj) ||
        !(PyLong_Check(obj) || (PyIndex_Check(obj) && !PySequence_Check(obj) &&
                                !PyObject_HasAttrString(obj, "shape")))) {
      allScalar = false;
      return;
    }
    scalars.emplace_back(toString(k, "an input dimension name"),
                         toInt64(v, "an input value"));
  });
  if (allScalar)
    return applyScalar(layout, scalars);
  return applyVectorised(layout, inputs);
}

/// The nanobind binding of `apply` (the general path), kept alive for the
/// life of the process.
static PyObject *boundApply = nullptr;

/// apply's general path: the nanobind binding, called with (self, inputs).
[[gnu::noinline]] static PyObject *callBoundApply(PyObject *self,
                                                  PyObject *inputs) noexcept {
  PyObject *args[] = {self, inputs};
  return PyObject_Vectorcall(boundApply, args, 2, nullptr);
}

/// `LinearLayout.apply` as a plain CPython METH_O method: the common call,
/// `layout.apply({dim: int, ...})`, reaches applyExactInts without
/// nanobind's dispatch, through CPython's cheapest method call. Every other
/// argument (arrays, mappings, any error) and an uninitialised self go to
/// the nanobind binding unchanged, with its messages. The argument is
/// positional only (docs/design.md: `apply(dict) -> dict`).
static PyObject *applyMethod(PyObject *self, PyObject *inputs) noexcept {
  if (nb::inst_ready(self)) {
    PyObject *result;
    if (applyExactInts(*nb::inst_ptr<LinearLayout>(self), inputs, result))
      return result;
  }
  return callBoundApply(self, inputs);
}

static PyMethodDef applyMethodDef = {
    "apply", applyMethod, METH_O,
    "apply($self, inputs, /)\n--\n\n"
    "Evaluates the layout on {input dimension: value}; values may be ints or "
    "NumPy arrays (broadcast together). Returns {output dimension: value}."};

/// Swaps the nanobind binding of `apply` on `cls` for applyMethod.
static void installFastApply(nb::handle cls) {
  for (size_t i = 0; i < std::size(smallInts); ++i)
    if (!(smallInts[i] = PyLong_FromSize_t(i)))
      throw nb::python_error();
  boundApply = PyObject_GetAttrString(cls.ptr(), "apply");
  if (!boundApply)
    throw nb::python_error();
  nb::object method = nb::steal(PyDescr_NewMethod(
      reinterpret_cast<PyTypeObject *>(cls.ptr()), &applyMethodDef));
  if (!method.is_valid() ||
      PyObject_SetAttrString(cls.ptr(), "apply", method.ptr()) != 0)
    throw nb::python_error();
}

//===----------------------------------------------------------------------===//
// The class
//===----------------------------------------------------------------------===//

static nb::object matrix(const LinearLayout &layout) {
  nb::module_ np = nb::module_::import_("numpy");
  int rows = layout.getTotalOutBits(), cols = layout.getTotalInBits();
  nb::object array = np.attr("zeros")(nb::make_tuple(rows, cols),
                                      "dtype"_a = np.attr("uint8"));
  auto view = nb::cast<nb::ndarray<uint8_t, nb::numpy, nb::c_contig>>(array);
  uint8_t *data = view.data();
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r)
      data[r * cols + c] = uint8_t(layout.getColumns()[c] >> r & 1);
  return array;
}

/// Long on purpose: one nanobind class chain, one short `.def` per method of
/// the Python API (each lambda converts its arguments and unwraps the
/// result); the conversions themselves live in the helpers above.
static void populateLinearLayoutBindings(nb::module_ &m) {
  nb::class_<LinearLayout> cls(m, "LinearLayout", R"doc(
A linear map over F2 from labelled input bits to labelled output bits.

LinearLayout(bases, out_dims): `bases` maps each input dimension to the list
of its bases (the images of its bits, one int per output dimension);
`out_dims` maps each output dimension to its power-of-two size (a dict or a
list of (name, size) pairs, in order). Dimensions flatten with the first
listed one least significant.)doc");
  cls.def(
         "__init__",
         [](LinearLayout *self, nb::handle bases, nb::handle outDims) {
           if (!layoutFromExactPython(self, bases.ptr(), outDims.ptr()))
             new (self) LinearLayout(layoutFromPython(bases, outDims));
         },
         "bases"_a, "out_dims"_a)
      .def_static(
          "identity_1d",
          [](nb::handle size, nb::handle inDim, nb::handle outDim) {
            return unwrap(LinearLayout::identity1D(
                toInt64(size, "size"), toString(inDim, "in_dim"),
                toString(outDim, "out_dim")));
          },
          "size"_a, "in_dim"_a, "out_dim"_a,
          "`size` inputs mapped one to one onto `size` outputs.")
      .def_static(
          "zeros_1d",
          [](nb::handle size, nb::handle inDim, nb::handle outDim,
             nb::handle outSize) {
            return unwrap(LinearLayout::zeros1D(
                toInt64(size, "size"), toString(inDim, "in_dim"),
                toString(outDim, "out_dim"), toInt64(outSize, "out_size")));
          },
          "size"_a, "in_dim"_a, "out_dim"_a, "out_size"_a = 1,
          "`size` inputs all mapped to element 0 (a broadcast).")
      .def_static(
          "strided_1d",
          [](nb::handle size, nb::handle stride, nb::handle inDim,
             nb::handle outDim) {
            return unwrap(LinearLayout::strided1D(
                toInt64(size, "size"), toInt64(stride, "stride"),
                toString(inDim, "in_dim"), toString(outDim, "out_dim")));
          },
          "size"_a, "stride"_a, "in_dim"_a, "out_dim"_a,
          "Input i maps to i * stride.")
      .def_static(
          "empty", [] { return LinearLayout(); },
          "The layout with no dimensions (the unit of `*`).")
      .def_prop_ro(
          "in_dims",
          [](const LinearLayout &l) { return dimsToDict(l.getInDims()); },
          "Ordered dict: input dimension name -> size.")
      .def_prop_ro(
          "out_dims",
          [](const LinearLayout &l) { return dimsToDict(l.getOutDims()); },
          "Ordered dict: output dimension name -> size.")
      .def_prop_ro("bases", &basesToDict,
                   "Ordered dict: input dimension -> list of bases.")
      .def_prop_ro("total_in_bits", &LinearLayout::getTotalInBits)
      .def_prop_ro("total_out_bits", &LinearLayout::getTotalOutBits)
      .def_prop_ro(
          "columns",
          [](const LinearLayout &l) {
            nb::list result;
            for (uint64_t c : l.getColumns())
              result.append(nb::int_(c));
            return result;
          },
          "The image of every flat input bit as a flat output index.")
      .def("apply", &apply, "inputs"_a,
           "Evaluates the layout on {input dimension: value}; values may be "
           "ints or NumPy arrays (broadcast together).")
      .def(
          "compose",
          [](const LinearLayout &self, const LinearLayout &outer) {
            return unwrap(self.compose(outer));
          },
          "outer"_a, "Apply this layout, then `outer`.")
      .def("invert",
           [](const LinearLayout &self) { return unwrap(self.invert()); })
      .def(
          "pseudoinvert",
          [](const LinearLayout &self) { return unwrap(self.pseudoinvert()); },
          "A right inverse picking the lowest input for every output.")
      .def(
          "invert_and_compose",
          [](const LinearLayout &self, const LinearLayout &outer) {
            return unwrap(self.invertAndCompose(outer));
          },
          "outer"_a,
          "The conversion C = outer^-1 * self: outer(C(x)) == self(x).")
      .def(
          "__mul__",
          [](const LinearLayout &self, const LinearLayout &outer) {
            return unwrap(self.product(outer));
          },
          nb::is_operator())
      .def(
          "divide_left",
          [](const LinearLayout &self, const LinearLayout &divisor) {
            return self.divideLeft(divisor);
          },
          "divisor"_a, "C with self == divisor * C, or None.")
      .def(
          "divide_right",
          [](const LinearLayout &self, const LinearLayout &divisor) {
            return self.divideRight(divisor);
          },
          "divisor"_a, "C with self == C * divisor, or None.")
      .def(
          "sublayout",
          [](const LinearLayout &self, nb::handle ins, nb::handle outs) {
            auto inNames = toNames(ins, "in_dims");
            auto outNames = toNames(outs, "out_dims");
            return unwrap(self.sublayout(inNames, outNames));
          },
          "in_dims"_a, "out_dims"_a)
      .def(
          "reshape_ins",
          [](const LinearLayout &self, nb::handle dims) {
            return unwrap(self.reshapeIns(toDims(dims, "input")));
          },
          "new_in_dims"_a)
      .def(
          "reshape_outs",
          [](const LinearLayout &self, nb::handle dims) {
            return unwrap(self.reshapeOuts(toDims(dims, "output")));
          },
          "new_out_dims"_a)
      .def(
          "transpose_ins",
          [](const LinearLayout &self, nb::handle order) {
            return unwrap(self.transposeIns(toNames(order, "order")));
          },
          "order"_a)
      .def(
          "transpose_outs",
          [](const LinearLayout &self, nb::handle order) {
            return unwrap(self.transposeOuts(toNames(order, "order")));
          },
          "order"_a)
      .def("flatten_ins",
           [](const LinearLayout &self) { return unwrap(self.flattenIns()); })
      .def("flatten_outs",
           [](const LinearLayout &self) { return unwrap(self.flattenOuts()); })
      .def(
          "free_variable_masks",
          [](const LinearLayout &self) {
            nb::dict result;
            for (const auto &[name, mask] : self.getFreeVariableMasks())
              result[name.c_str()] = nb::int_(mask);
            return result;
          },
          "Per input dimension, the mask of bits that never reach a new "
          "output.")
      .def("num_consecutive_elements_flat",
           &LinearLayout::getNumConsecutiveInOutFlat,
           "The contiguity over the flattened output (dim0 least "
           "significant): a run may continue from one dim0 row into the "
           "next, contiguous in memory only when the rows are stored one "
           "after another.")
      .def("num_consecutive_elements", &LinearLayout::getNumConsecutiveInOut,
           "Triton's getNumConsecutiveInOut: how many consecutive inputs of "
           "the first input dimension hold consecutive, aligned elements "
           "along the first output dimension (never crossing into the next "
           "dim0 row).")
      .def("rank", &LinearLayout::getRank)
      .def("is_injective", &LinearLayout::isInjective)
      .def("is_surjective", &LinearLayout::isSurjective)
      .def("is_invertible", &LinearLayout::isInvertible)
      .def("matrix", &matrix,
           "The F2 matrix as a NumPy uint8 array (out bits x in bits).")
      .def("to_mlir", &LinearLayout::toMlirString,
           "The standalone #ll.linear attribute text.")
      .def("element_table", &LinearLayout::toElementTableString,
           "A grid of which inputs hold each element (for 1-D/2-D outputs).")
      .def(
          "__eq__",
          [](const LinearLayout &a, const LinearLayout &b) { return a == b; },
          nb::is_operator())
      .def(
          "__ne__",
          [](const LinearLayout &a, const LinearLayout &b) { return a != b; },
          nb::is_operator())
      .def("__hash__",
           [](const LinearLayout &l) { return size_t(hash_value(l)); })
      .def("__repr__", &pythonRepr)
      .def("__str__", &LinearLayout::toBitTableString)
      .def("__reduce__", [](nb::handle self) {
        if (!nb::inst_ready(self))
          throw nb::value_error("cannot pickle an uninitialised LinearLayout");
        const LinearLayout &l = nb::cast<const LinearLayout &>(self);
        return nb::make_tuple(
            self.type(),
            nb::make_tuple(basesToDict(l), dimsToDict(l.getOutDims())));
      });
  installFastApply(cls);
}

static BindingRegistration registration(/*order=*/0,
                                        populateLinearLayoutBindings);
