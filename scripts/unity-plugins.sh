#!/usr/bin/env bash
# Builds the kingup native library and copies it into the Unity package, under
# unity/com.kingup.kingup/Runtime/Plugins/<platform>/, with the name the C# declarations
# import ("kingup": libkingup.so, kingup.dll, libkingup.dylib; libkingup.a where the player
# links it statically). Nothing built is committed: run this after a clone and after every
# change of the Rust code (docs/unity.md).
#
# Usage: bash scripts/unity-plugins.sh [TARGET...]
#   no TARGET: this machine's platform. A TARGET is a Rust target triple from the table
#   below, installed with `rustup target add TARGET` and with its linker set up (Android:
#   the NDK's clang, e.g. through CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER).
#   KINGUP_FFI_PROFILE=debug builds without optimisations (the test suite does).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

profile="${KINGUP_FFI_PROFILE:-release}"
plugins="unity/com.kingup.kingup/Runtime/Plugins"
host="$(rustc -vV | sed -n 's/^host: //p')"
target_dir="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"

# target -> "folder built-file installed-file"
place() {
    case "$1" in
    x86_64-unknown-linux-gnu) echo "Linux/x86_64 libkingup_ffi.so libkingup.so" ;;
    aarch64-unknown-linux-gnu) echo "Linux/arm64 libkingup_ffi.so libkingup.so" ;;
    x86_64-pc-windows-msvc) echo "Windows/x86_64 kingup_ffi.dll kingup.dll" ;;
    aarch64-pc-windows-msvc) echo "Windows/arm64 kingup_ffi.dll kingup.dll" ;;
    x86_64-apple-darwin) echo "macOS/x86_64 libkingup_ffi.dylib libkingup.dylib" ;;
    aarch64-apple-darwin) echo "macOS/arm64 libkingup_ffi.dylib libkingup.dylib" ;;
    aarch64-linux-android) echo "Android/arm64-v8a libkingup_ffi.so libkingup.so" ;;
    armv7-linux-androideabi) echo "Android/armeabi-v7a libkingup_ffi.so libkingup.so" ;;
    x86_64-linux-android) echo "Android/x86_64 libkingup_ffi.so libkingup.so" ;;
    aarch64-apple-ios) echo "iOS libkingup_ffi.a libkingup.a" ;;
    wasm32-unknown-emscripten) echo "WebGL libkingup_ffi.a libkingup.a" ;;
    *) return 1 ;;
    esac
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("$host")
for target in "${targets[@]}"; do
    if ! where="$(place "$target")"; then
        echo "unity-plugins: no Unity platform for target $target" >&2
        exit 2
    fi
    read -r folder built installed <<<"$where"
    # The host's build goes to target/<profile>, shared with `cargo build` and the tests.
    args=(-p kingup-ffi --profile "$([ "$profile" = debug ] && echo dev || echo "$profile")")
    from="$target_dir/$profile/$built"
    if [ "$target" != "$host" ]; then
        args+=(--target "$target")
        from="$target_dir/$target/$profile/$built"
    fi
    cargo build "${args[@]}"
    mkdir -p "$plugins/$folder"
    cp "$from" "$plugins/$folder/$installed"
    echo "unity-plugins: $plugins/$folder/$installed ($target, $profile)"
done
