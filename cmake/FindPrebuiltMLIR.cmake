# Locates MLIR_DIR and LLVM_DIR inside the `mlir` and `llvm` Python packages
# of the xtc-mlir-dev / xtc-llvm-dev wheels. Both must be set: with only
# MLIR_DIR the LLVM config is not found, or a system LLVM is silently mixed in.
# `mlir` is a namespace package (a build tree adds its own mlir/dialects
# portion): the root is the portion that holds lib/cmake.
if(NOT Python_EXECUTABLE)
  find_package(Python 3.10 REQUIRED COMPONENTS Interpreter)
endif()
foreach(pkg mlir llvm)
  string(TOUPPER ${pkg} PKG)
  if(NOT ${PKG}_DIR)
    execute_process(
      COMMAND "${Python_EXECUTABLE}" -c
        "import importlib.util, os; s = importlib.util.find_spec('${pkg}'); print(next((p for p in (s.submodule_search_locations if s else None) or [] if os.path.isdir(os.path.join(p, 'lib', 'cmake'))), ''))"
      OUTPUT_VARIABLE _pkg_root OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT _pkg_root)
      message(FATAL_ERROR "Python package '${pkg}' not found for ${Python_EXECUTABLE}; "
                          "pip install -r requirements-build.txt first")
    endif()
    set(${PKG}_DIR "${_pkg_root}/lib/cmake/${pkg}" CACHE PATH "" FORCE)
    set(LL_${PKG}_PACKAGE_ROOT "${_pkg_root}" CACHE PATH "" FORCE)
  endif()
endforeach()
