#!/usr/bin/env bash
# Builds kingup-ffi and installs it under PREFIX the way C and C++ programs expect a
# library (docs/c-api.md, "Installing"):
#
#   PREFIX/lib/libkingup.so.VERSION      the shared library, SONAME libkingup.so.ABI
#   PREFIX/lib/libkingup.so.ABI          -> libkingup.so.VERSION (what programs load)
#   PREFIX/lib/libkingup.so              -> libkingup.so.ABI (what -lkingup links)
#   PREFIX/lib/libkingup.a               the static library
#   PREFIX/include/kingup/kingup.h       the C header
#   PREFIX/include/kingup/kingup.hpp     the header-only C++17 wrapper
#   PREFIX/lib/pkgconfig/kingup.pc       for pkg-config
#   PREFIX/lib/cmake/kingup/*.cmake      for CMake's find_package(kingup)
#
# VERSION is the crate's version; ABI is KINGUP_ABI_VERSION, bumped on every incompatible
# change of the C ABI, so the SONAME changes exactly when programs must be rebuilt.
# Linux only (the SONAME is set with patchelf); elsewhere link the files of
# `cargo build -p kingup-ffi --release` directly.
#
# Usage: bash scripts/install-c.sh PREFIX
#   KINGUP_FFI_PROFILE=debug   installs a debug build (the test suite does)
#   DESTDIR=/staging           stages the files under DESTDIR/PREFIX (for packagers);
#                              kingup.pc and the CMake package still name PREFIX
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

if [ $# -ne 1 ] || [ "${1#/}" = "$1" ]; then
    echo "usage: bash scripts/install-c.sh PREFIX   (an absolute path, e.g. /usr/local)" >&2
    exit 2
fi
prefix="${1%/}"
dest="${DESTDIR:-}$prefix"
if [ "$(uname -s)" != Linux ]; then
    echo "install-c: Linux only; see docs/c-api.md for other platforms" >&2
    exit 2
fi
if ! command -v patchelf >/dev/null; then
    echo "install-c: missing patchelf (Debian, Ubuntu: apt-get install patchelf)" >&2
    exit 1
fi

profile="${KINGUP_FFI_PROFILE:-release}"
if [ "$profile" = release ]; then
    cargo build -p kingup-ffi --release
else
    cargo build -p kingup-ffi
fi
metadata="$(cargo metadata --format-version 1 --no-deps)"
target_dir="$(sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p' <<<"$metadata")"
built="$target_dir/$profile"
version="$(sed -n 's/.*"name":"kingup-ffi","version":"\([^"]*\)".*/\1/p' <<<"$metadata")"
abi="$(sed -n 's/^#define KINGUP_ABI_VERSION \([0-9]*\)$/\1/p' kingup-ffi/include/kingup.h)"
[ -n "$version" ] && [ -n "$abi" ] || { echo "install-c: no version or ABI found" >&2; exit 1; }

lib="$dest/lib"
mkdir -p "$lib/pkgconfig" "$lib/cmake/kingup" "$dest/include/kingup"

# The shared library under its versioned name, with the SONAME programs will record.
install -m 755 "$built/libkingup_ffi.so" "$lib/libkingup.so.$version"
patchelf --set-soname "libkingup.so.$abi" "$lib/libkingup.so.$version"
ln -sfn "libkingup.so.$version" "$lib/libkingup.so.$abi"
ln -sfn "libkingup.so.$abi" "$lib/libkingup.so"
install -m 644 "$built/libkingup_ffi.a" "$lib/libkingup.a"
install -m 644 kingup-ffi/include/kingup.h kingup-ffi/include/kingup.hpp "$dest/include/kingup/"

# Libs.private: the system libraries Rust's standard library uses, for static linking.
cat >"$lib/pkgconfig/kingup.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: kingup
Description: C ABI of the King Up! rules engine (kingup.h, and kingup.hpp for C++17)
Version: $version
Libs: -L\${libdir} -lkingup
Libs.private: -lpthread -ldl -lm
Cflags: -I\${includedir}/kingup
EOF

install -m 644 kingup-ffi/cmake/kingupConfig.cmake "$lib/cmake/kingup/"
sed "s/@KINGUP_VERSION@/$version/" kingup-ffi/cmake/kingupConfigVersion.cmake.in \
    >"$lib/cmake/kingup/kingupConfigVersion.cmake"

echo "install-c: kingup $version (ABI $abi, $profile) installed under $dest"
