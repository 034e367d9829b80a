#!/usr/bin/env bash
# Tests the C ABI (kingup-ffi) from C, C++ and C#, the way its users build against it:
#   - the C and C++ programs, built with -Wall -Wextra -Werror, run normally and under
#     AddressSanitizer + UndefinedBehaviorSanitizer;
#   - the C programs once more under valgrind (any error or leak fails);
#   - the C# wrapper and its console program, compiled with mcs and run with mono.
# Installs what is missing (valgrind, Mono) with apt-get when run as root.
# Usage: bash scripts/test-ffi.sh            (debug build of the library)
#        KINGUP_FFI_PROFILE=release bash scripts/test-ffi.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

profile="${KINGUP_FFI_PROFILE:-debug}"
# Where cargo puts its output (honours CARGO_TARGET_DIR and .cargo/config).
target_dir="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
lib_dir="$target_dir/$profile"
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

step "build kingup-ffi ($profile)"
if [ "$profile" = release ]; then
    cargo build -p kingup-ffi --release
else
    cargo build -p kingup-ffi
fi
test -f "$lib_dir/libkingup_ffi.a" && test -f "$lib_dir/libkingup_ffi.so"

warnings=(-Wall -Wextra -Werror -pedantic -g)
sanitizers=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
# The static library needs the system libraries Rust's std uses.
static_link=("$lib_dir/libkingup_ffi.a" -lpthread -ldl -lm)
shared_link=(-L "$lib_dir" -Wl,-rpath,"$lib_dir" -lkingup_ffi)
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

step "C (C11): play, bad_input and bots, linked statically"
for prog in play bad_input bots; do
    gcc -std=c11 "${warnings[@]}" -I "$include" "examples/c/$prog.c" "${static_link[@]}" \
        -o "$out/c-$prog"
    "$out/c-$prog"
done

step "C (C11) under AddressSanitizer + UndefinedBehaviorSanitizer, linked dynamically"
for prog in play bad_input bots; do
    gcc -std=c11 "${warnings[@]}" "${sanitizers[@]}" -I "$include" "examples/c/$prog.c" \
        "${shared_link[@]}" -o "$out/c-$prog-asan"
    "$out/c-$prog-asan"
done

step "C++ (C++17): play, normally and under ASan + UBSan"
g++ -std=c++17 "${warnings[@]}" -I "$include" examples/cpp/play.cpp "${shared_link[@]}" \
    -o "$out/cpp-play"
"$out/cpp-play"
g++ -std=c++17 "${warnings[@]}" "${sanitizers[@]}" -I "$include" examples/cpp/play.cpp \
    "${shared_link[@]}" -o "$out/cpp-play-asan"
"$out/cpp-play-asan"

step "C under valgrind (memory errors and leaks fail)"
command -v valgrind >/dev/null || install valgrind
for prog in play bad_input bots; do
    valgrind -q --error-exitcode=1 --leak-check=full \
        "$out/c-$prog" >/dev/null
    echo "valgrind: c-$prog clean"
done

step "C# (Unity wrapper) with Mono"
if ! command -v mcs >/dev/null || ! command -v mono >/dev/null; then
    install mono-mcs mono-runtime
fi
mcs -langversion:7 -warnaserror+ -unsafe- -out:"$out/KingUpExample.exe" \
    examples/csharp/KingUp.cs examples/csharp/Program.cs
LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono "$out/KingUpExample.exe"

step "cross-language golden test: the C, C++ and C# drivers (interop/)"
# Every scenario through each language must give interop/expected's bytes; the Rust and
# Python drivers run with cargo test and scripts/test-python.sh.
scenarios=()
for f in interop/scenarios/*.txt; do scenarios+=("$(basename "$f" .txt)"); done
gcc -std=c11 "${warnings[@]}" "${sanitizers[@]}" -I "$include" interop/c/interop.c \
    "${shared_link[@]}" -o "$out/interop-c"
"$out/interop-c" interop "${scenarios[@]}"
g++ -std=c++17 "${warnings[@]}" "${sanitizers[@]}" -I "$include" interop/cpp/interop.cpp \
    "${shared_link[@]}" -o "$out/interop-cpp"
"$out/interop-cpp" interop "${scenarios[@]}"
mcs -langversion:7 -warnaserror+ -unsafe- -out:"$out/Interop.exe" \
    examples/csharp/KingUp.cs interop/csharp/Interop.cs
LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono "$out/Interop.exe" \
    interop "${scenarios[@]}"

step "kingup-ffi: C, C++ and C# tests passed"
