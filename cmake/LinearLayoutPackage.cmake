# The CMake package for C++ users (docs/building.md), generated from the
# library targets themselves, as MLIR and CIRCT generate theirs: every
# library that add_mlir_library installs (it appends the name to the global
# property MLIR_EXPORTS, upstream's convention) whose name starts with
# `LinearLayout` is exported as LinearLayout::<name without the prefix>, so a
# new layer or conversion library joins the package without an edit here.
# A library made some other way joins it by
#   set_property(GLOBAL APPEND PROPERTY LL_EXPORTS <target>)
#
# Writes LinearLayoutTargets.cmake and LinearLayoutConfig.cmake to
# <build>/lib/cmake/LinearLayout (usable as LinearLayout_DIR without
# installing) and installs both to <prefix>/lib/cmake/LinearLayout.
# Include it after every library has been added.
include(CMakePackageConfigHelpers)

get_property(_ll_candidates GLOBAL PROPERTY MLIR_EXPORTS)
get_property(_ll_extra GLOBAL PROPERTY LL_EXPORTS)
list(APPEND _ll_candidates ${_ll_extra})
set(LL_EXPORTED_LIBS)
foreach(_ll_target IN LISTS _ll_candidates)
  if(_ll_target MATCHES "^LinearLayout" AND TARGET ${_ll_target})
    get_target_property(_ll_type ${_ll_target} TYPE)
    if(_ll_type MATCHES "^(STATIC|SHARED)_LIBRARY$")
      list(APPEND LL_EXPORTED_LIBS ${_ll_target})
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES LL_EXPORTED_LIBS)
if(NOT LL_EXPORTED_LIBS)
  message(FATAL_ERROR "LinearLayoutPackage: no library to export")
endif()

set(LL_EXPORT_NAMES)
foreach(_ll_target IN LISTS LL_EXPORTED_LIBS)
  string(REGEX REPLACE "^LinearLayout" "" _ll_name ${_ll_target})
  list(APPEND LL_EXPORT_NAMES ${_ll_name})
  set_target_properties(${_ll_target} PROPERTIES EXPORT_NAME ${_ll_name})
  # Consumers (not the library itself) see the headers: the source and
  # TableGen'd headers in the build tree, <prefix>/include once installed.
  target_include_directories(${_ll_target} INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
endforeach()

# LinearLayout::LinearLayout: every library.
add_library(LinearLayoutAll INTERFACE)
target_link_libraries(LinearLayoutAll INTERFACE ${LL_EXPORTED_LIBS})
set_target_properties(LinearLayoutAll PROPERTIES EXPORT_NAME LinearLayout)
add_library(LinearLayout::LinearLayout ALIAS LinearLayoutAll)
list(JOIN LL_EXPORT_NAMES ", " LL_EXPORT_NAMES_TEXT)
list(APPEND LL_EXPORT_NAMES LinearLayout)

# add_mlir_library has installed the archives already (one install component
# per library); this install puts them in the export set.
install(TARGETS ${LL_EXPORTED_LIBS} LinearLayoutAll
        EXPORT LinearLayoutTargets COMPONENT devel
        ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
        LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
        RUNTIME DESTINATION bin)

set(LL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/LinearLayout)
set(LL_PACKAGE_BUILD_DIR ${PROJECT_BINARY_DIR}/${LL_PACKAGE_DIR})
export(EXPORT LinearLayoutTargets NAMESPACE LinearLayout::
       FILE ${LL_PACKAGE_BUILD_DIR}/LinearLayoutTargets.cmake)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/LinearLayoutConfig.cmake.in
  ${LL_PACKAGE_BUILD_DIR}/LinearLayoutConfig.cmake
  INSTALL_DESTINATION ${LL_PACKAGE_DIR})
install(EXPORT LinearLayoutTargets NAMESPACE LinearLayout::
        DESTINATION ${LL_PACKAGE_DIR} COMPONENT devel)
install(FILES ${LL_PACKAGE_BUILD_DIR}/LinearLayoutConfig.cmake
        DESTINATION ${LL_PACKAGE_DIR} COMPONENT devel)
