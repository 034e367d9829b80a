# kingupConfig.cmake: the kingup C library for CMake's find_package(kingup), installed by
# scripts/install-c.sh into <prefix>/lib/cmake/kingup/ (docs/c-api.md).
#
#   find_package(kingup 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE kingup::kingup)          # the shared library
#   target_link_libraries(app PRIVATE kingup::kingup_static)   # or the static one
#
# Both targets carry the include directory of kingup.h and kingup.hpp. CMake builds
# binaries that find the shared library in this prefix (build-tree RPATH); for installed
# binaries see docs/c-api.md, "Finding the shared library at run time".

cmake_minimum_required(VERSION 3.16)

# This file is <prefix>/lib/cmake/kingup/kingupConfig.cmake.
get_filename_component(_kingup_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_kingup_include "${_kingup_prefix}/include/kingup")

find_library(kingup_LIBRARY NAMES kingup
  PATHS "${_kingup_prefix}/lib" NO_DEFAULT_PATH)
find_library(kingup_STATIC_LIBRARY
  NAMES "${CMAKE_STATIC_LIBRARY_PREFIX}kingup${CMAKE_STATIC_LIBRARY_SUFFIX}"
  PATHS "${_kingup_prefix}/lib" NO_DEFAULT_PATH)
mark_as_advanced(kingup_LIBRARY kingup_STATIC_LIBRARY)

if(NOT EXISTS "${_kingup_include}/kingup.h" OR NOT kingup_LIBRARY)
  set(kingup_FOUND FALSE)
  set(kingup_NOT_FOUND_MESSAGE
    "kingup: no kingup.h under ${_kingup_include} or no library under ${_kingup_prefix}")
  return()
endif()

if(NOT TARGET kingup::kingup)
  add_library(kingup::kingup SHARED IMPORTED)
  set_target_properties(kingup::kingup PROPERTIES
    IMPORTED_LOCATION "${kingup_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${_kingup_include}")
endif()

if(kingup_STATIC_LIBRARY AND NOT TARGET kingup::kingup_static)
  # The system libraries the Rust standard library uses.
  find_package(Threads REQUIRED)
  add_library(kingup::kingup_static STATIC IMPORTED)
  set(_kingup_system_libs Threads::Threads ${CMAKE_DL_LIBS})
  if(UNIX AND NOT APPLE)
    list(APPEND _kingup_system_libs m)
  endif()
  set_target_properties(kingup::kingup_static PROPERTIES
    IMPORTED_LOCATION "${kingup_STATIC_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${_kingup_include}"
    INTERFACE_LINK_LIBRARIES "${_kingup_system_libs}")
endif()

set(kingup_INCLUDE_DIRS "${_kingup_include}")
set(kingup_LIBRARIES kingup::kingup)
unset(_kingup_prefix)
unset(_kingup_include)
unset(_kingup_system_libs)
