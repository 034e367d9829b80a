#!/usr/bin/env bash
# Tests the C ABI (kingup-ffi) from C, C++ and C#, the way its users build against it:
#   - the library installed into a scratch prefix by scripts/install-c.sh (SONAME, static
#     library, headers, kingup.pc, the CMake package);
#   - the C and C++ examples and the kingup.hpp tests built through pkg-config with
#     -Wall -Wextra -Werror and run under AddressSanitizer + UndefinedBehaviorSanitizer;
#   - the same examples built through CMake (find_package(kingup), shared and static) and
#     the C programs run under valgrind (any error or leak fails);
#   - the Unity package (unity/com.kingup.kingup) compiled with mcs, its sample games (King
#     Up!'s table, To Court the King's console) and the C# example run with mono;
#   - the cross-language golden test's C, C++ and C# drivers;
#   - every code block of docs/c-api.md and docs/unity.md (scripts/doc-blocks.py).
# Installs what is missing (cmake, patchelf, valgrind, Mono) with apt-get when run as root.
# Usage: bash scripts/test-ffi.sh            (debug build of the library)
#        KINGUP_FFI_PROFILE=release bash scripts/test-ffi.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

profile="${KINGUP_FFI_PROFILE:-debug}"
# Where cargo puts its output (honours CARGO_TARGET_DIR and .cargo/config).
target_dir="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
include="kingup-ffi/include"
out="$target_dir/ffi-tests"
mkdir -p "$out"

# apt-get, once per run, only for what is missing; non-interactive for CI.
apt_updated=""
install() {
    if [ "$(id -u)" != 0 ]; then
        echo "missing $*: install it (as root: apt-get install $*)" >&2
        exit 1
    fi
    # Waits for a dpkg lock held by another install instead of failing at once.
    local apt=(apt-get -o DPkg::Lock::Timeout=600 -y -qq)
    if [ -z "$apt_updated" ]; then
        DEBIAN_FRONTEND=noninteractive "${apt[@]}" update
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install --no-install-recommends "$@" >/dev/null
}

step "install kingup-ffi ($profile) into a scratch prefix (scripts/install-c.sh)"
command -v patchelf >/dev/null || install patchelf
prefix="$out/prefix"
rm -rf "$prefix"
KINGUP_FFI_PROFILE="$profile" bash scripts/install-c.sh "$prefix"
lib="$prefix/lib"
abi="$(sed -n 's/^#define KINGUP_ABI_VERSION \([0-9]*\)$/\1/p' "$include/kingup.h")"
# Programs record the SONAME, which names the ABI.
dynamic() { readelf -d "$1"; } # the dynamic section, read whole (grep -q would cut a pipe)
[[ "$(dynamic "$lib/libkingup.so")" == *"Library soname: [libkingup.so.$abi]"* ]]
export PKG_CONFIG_PATH="$lib/pkgconfig"
echo "kingup $(pkg-config --modversion kingup): SONAME libkingup.so.$abi"

warnings=(-Wall -Wextra -Werror -pedantic -g)
sanitizers=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# A program built through pkg-config under the sanitizers; the rpath finds the library.
pc_build() { # COMPILER STD SOURCE EXE
    local flags
    read -ra flags <<<"$(pkg-config --cflags --libs kingup)"
    "$1" "$2" "${warnings[@]}" "${sanitizers[@]}" "$3" "${flags[@]}" -Wl,-rpath,"$lib" -o "$4"
}

step "C (C11) and C++ (C++17) through pkg-config, under ASan + UBSan: examples, kingup.hpp tests"
for prog in play bad_input bots screen court; do
    pc_build gcc -std=c11 "examples/c/$prog.c" "$out/c-$prog-asan"
    "$out/c-$prog-asan" >/dev/null
    echo "c-$prog: ok"
done
for prog in play court; do
    pc_build g++ -std=c++17 "examples/cpp/$prog.cpp" "$out/cpp-$prog-asan"
    "$out/cpp-$prog-asan" >/dev/null
    echo "cpp-$prog: ok"
done
pc_build g++ -std=c++17 kingup-ffi/tests/cpp/kingup_hpp.cpp "$out/kingup-hpp-asan"
"$out/kingup-hpp-asan"

step "C and C++ through CMake (find_package(kingup): shared and static)"
command -v cmake >/dev/null || install cmake
for lang in c cpp; do
    cmake -S "examples/$lang" -B "$out/cmake-$lang" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="${warnings[*]}" \
        -DCMAKE_CXX_FLAGS="${warnings[*]}" >/dev/null
    cmake --build "$out/cmake-$lang" -j 2 >/dev/null
done
for prog in c/play c/play_static c/bad_input c/bots c/screen c/court cpp/play cpp/court; do
    "$out/cmake-${prog%/*}/${prog#*/}" >/dev/null
    echo "cmake-$prog: ok"
done
[[ "$(dynamic "$out/cmake-c/play")" == *"Shared library: [libkingup.so.$abi]"* ]]
[[ "$(dynamic "$out/cmake-c/play_static")" != *libkingup* ]]

step "C under valgrind (memory errors and leaks fail)"
command -v valgrind >/dev/null || install valgrind
for prog in play play_static bad_input bots screen court; do
    valgrind -q --error-exitcode=1 --leak-check=full "$out/cmake-c/$prog" >/dev/null
    echo "valgrind: $prog clean"
done

step "C#: the Unity package compiled with mcs; the C# example and the sample game with Mono"
if ! command -v mcs >/dev/null || ! command -v mono >/dev/null; then
    install mono-mcs mono-runtime
fi
package="unity/com.kingup.kingup"
# C# 7.2, a subset of Unity's C# 9; mcs knows no UnityEngine, so the scene component
# (compiled only under UNITY_5_3_OR_NEWER) is left out and the console runner goes in.
csc=(mcs -langversion:7.2 -warnaserror+)
"${csc[@]}" -unsafe+ -target:library -out:"$out/KingUp.dll" "$package"/Runtime/*.cs
"${csc[@]}" -r:"$out/KingUp.dll" -out:"$out/KingUpExample.exe" examples/csharp/Program.cs
"${csc[@]}" -r:"$out/KingUp.dll" -out:"$out/TableGame.exe" "$package"/Samples~/TableGame/*.cs
"${csc[@]}" -r:"$out/KingUp.dll" -out:"$out/CourtConsole.exe" "$package"/Samples~/CourtConsole/*.cs
"${csc[@]}" -r:"$out/KingUp.dll" -out:"$out/Interop.exe" interop/csharp/Interop.cs
# The wrapper imports "kingup": libkingup.so from the prefix (in Unity, Runtime/Plugins).
mono_run() { LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono "$@"; }
mono_run "$out/KingUpExample.exe"
mono_run "$out/TableGame.exe" 7 >/dev/null
echo "sample game (seed 7): ok"
mono_run "$out/CourtConsole.exe" 7 >/dev/null
echo "court console sample (seed 7): ok"

step "cross-language golden test: the C, C++ and C# drivers (interop/)"
# Every scenario through each language must give interop/expected's bytes; the Rust and
# Python drivers run with cargo test and scripts/test-python.sh.
scenarios=()
for f in interop/scenarios/*.txt; do scenarios+=("$(basename "$f" .txt)"); done
pc_build gcc -std=c11 interop/c/interop.c "$out/interop-c"
"$out/interop-c" interop "${scenarios[@]}"
pc_build g++ -std=c++17 interop/cpp/interop.cpp "$out/interop-cpp"
"$out/interop-cpp" interop "${scenarios[@]}"
mono_run "$out/Interop.exe" interop "${scenarios[@]}"

step "the code blocks of docs/c-api.md and docs/unity.md"
KINGUP_FFI_PROFILE="$profile" MONO_LIB_DIR="$lib" SANITIZERS="${sanitizers[*]}" \
    python3 scripts/doc-blocks.py "$out/docs" docs/c-api.md docs/unity.md

step "kingup-ffi: C, C++ and C# tests passed"
