# The linear-layout CMake package for compilers that embed the `ll` dialect,
# its passes and the layout algebra (installed by `cmake --install`):
#
#   find_package(MLIR REQUIRED CONFIG)          # the same LLVM/MLIR 22
#   find_package(LinearLayout REQUIRED CONFIG)  # CMAKE_PREFIX_PATH=<prefix>
#   target_link_libraries(my-opt PRIVATE LinearLayout::LinearLayout)
#
# Targets: LinearLayout::<Layer> for Core, Families, Analysis, LLDialect,
# LLTransforms, LLToGPUCommon, LLToNVVM, LLToROCDL, LLCAPI, Registration
# (static libraries, each with the layers and MLIR libraries it needs), and
# LinearLayout::LinearLayout (everything; `mlir::ll::registerAllDialects`
# and `registerAllPasses` from LinearLayout/InitAll.h). MLIR is linked
# through its shared libMLIR.so when the MLIR package has one (the PyPI
# wheels do), else through its static component libraries.

include(CMakeFindDependencyMacro)
if(NOT TARGET MLIRIR)
  find_dependency(MLIR CONFIG)
endif()

get_filename_component(_ll_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

# layer -> what it links (layers by name, the rest are MLIR/LLVM targets).
set(_ll_deps_Core LLVMSupport)
set(_ll_deps_Families Core)
set(_ll_deps_Analysis Core)
set(_ll_deps_LLDialect Core MLIRIR MLIRLLVMDialect MLIRSideEffectInterfaces)
set(_ll_deps_LLTransforms LLDialect Analysis MLIRPass MLIRTransformUtils)
set(_ll_deps_LLToGPUCommon LLDialect Analysis MLIRArithDialect MLIRGPUDialect
    MLIRLLVMDialect MLIRSCFDialect MLIRSCFTransforms MLIRTransforms)
set(_ll_deps_LLToNVVM LLToGPUCommon MLIRGPUDialect MLIRNVVMDialect MLIRPass)
set(_ll_deps_LLToROCDL LLToGPUCommon MLIRGPUDialect MLIRROCDLDialect MLIRPass)
set(_ll_deps_LLCAPI LLDialect LLTransforms LLToNVVM LLToROCDL MLIRCAPIIR
    MLIRAsmParser)
set(_ll_deps_Registration LLDialect LLTransforms LLToNVVM LLToROCDL)
set(_ll_layers Core Families Analysis LLDialect LLTransforms LLToGPUCommon
    LLToNVVM LLToROCDL LLCAPI Registration)

set(_ll_use_dylib OFF)
if(TARGET MLIR AND TARGET LLVM)
  set(_ll_use_dylib ON)
endif()

foreach(_layer IN LISTS _ll_layers)
  if(NOT TARGET LinearLayout::${_layer})
    add_library(LinearLayout::${_layer} STATIC IMPORTED)
    set_target_properties(LinearLayout::${_layer} PROPERTIES
      IMPORTED_LOCATION "${_ll_prefix}/lib/libLinearLayout${_layer}.a"
      INTERFACE_INCLUDE_DIRECTORIES "${_ll_prefix}/include")
  endif()
endforeach()
foreach(_layer IN LISTS _ll_layers)
  set(_links)
  foreach(_dep IN LISTS _ll_deps_${_layer})
    if(_dep IN_LIST _ll_layers)
      list(APPEND _links LinearLayout::${_dep})
    elseif(_ll_use_dylib)
      if(_dep STREQUAL "LLVMSupport")
        list(APPEND _links LLVM)
      else()
        list(APPEND _links MLIR)
      endif()
    else()
      list(APPEND _links ${_dep})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _links)
  set_target_properties(LinearLayout::${_layer} PROPERTIES
    INTERFACE_LINK_LIBRARIES "${_links}")
endforeach()

if(NOT TARGET LinearLayout::LinearLayout)
  add_library(LinearLayout::LinearLayout INTERFACE IMPORTED)
  set_target_properties(LinearLayout::LinearLayout PROPERTIES
    INTERFACE_LINK_LIBRARIES
    "LinearLayout::Registration;LinearLayout::LLCAPI;LinearLayout::Families")
endif()
set(LinearLayout_FOUND TRUE)
