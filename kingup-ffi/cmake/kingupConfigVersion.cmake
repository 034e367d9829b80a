# kingupConfigVersion.cmake: which find_package(kingup VERSION) requests this install
# satisfies, by Cargo's semver rules: a request is met by this version or a later one of
# the same MAJOR, and while MAJOR is 0, of the same MINOR. kingup-ffi/tests/packaging.rs
# checks PACKAGE_VERSION against the crate's version.
set(PACKAGE_VERSION "0.1.0")
set(PACKAGE_VERSION_COMPATIBLE FALSE)

if(NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  string(REPLACE "." ";" _kingup_parts "${PACKAGE_VERSION}")
  list(GET _kingup_parts 0 _kingup_major)
  list(GET _kingup_parts 1 _kingup_minor)
  if(NOT PACKAGE_FIND_VERSION_MAJOR EQUAL _kingup_major)
    # another MAJOR
  elseif(_kingup_major EQUAL 0 AND PACKAGE_FIND_VERSION_COUNT GREATER 1
         AND NOT PACKAGE_FIND_VERSION_MINOR EQUAL _kingup_minor)
    # another 0.MINOR
  else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  endif()
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
  unset(_kingup_parts)
  unset(_kingup_major)
  unset(_kingup_minor)
endif()
