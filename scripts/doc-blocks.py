#!/usr/bin/env python3
"""Runs every code block of the C, Unity and JavaScript docs and checks what it prints.

Usage: doc-blocks.py OUT_DIR DOC...   (scripts/test-ffi.sh and scripts/test-wasm.sh run it;
the environment gives PKG_CONFIG_PATH, where kingup.pc is installed, and the variables
below.)

Each doc gets a fresh scratch directory OUT_DIR/<doc name>/, which stands for both a
clone's root (scripts/ and unity/ are linked there) and the reader's project
directory; $HOME is OUT_DIR/<doc name>/home. Its blocks run in order:

- a block whose last prose line ends with "(`FILE`):" is written there as FILE (a program,
  a CMakeLists.txt) and, if it is a program, also built and run as below;
- ``c`` and ``cpp`` blocks are whole programs: built with the kingup.pc found on $PKG_CONFIG_PATH
  (warnings are errors; $SANITIZERS added) and run;
- ``csharp`` blocks are whole programs: compiled with mcs with the Unity package's
  Runtime/*.cs and run with mono ($MONO_LIB_DIR holds the native library);
- ``js`` blocks are ES modules run by node, where ``import ... from "kingup"`` finds the
  WebAssembly package ($KINGUP_WASM_PKG, by default target/wasm-pkg, which
  scripts/build-wasm.sh builds) as the scratch directory's node_modules/kingup;
- ``sh`` blocks run with bash (-euo pipefail) in the scratch directory; ``cmake`` blocks
  are files only.

A ``text`` block whose last prose line ends with "prints:" is what the block before it
prints, line for line (an ``sh`` block: its standard output). Blocks of other languages
(``json``, ``text``) are not code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```(\S*)\s*$")
FILE_LINE = re.compile(r"\(`([\w./-]+)`\):\s*$")
PROGRAMS = {"c", "cpp", "csharp", "js"}
CODE = PROGRAMS | {"sh", "cmake"}


class Block:
    def __init__(self, lang: str, code: str, line: int, prose: str):
        self.lang = lang
        self.code = code
        self.line = line
        # The last line of prose before the block: it names a file or announces output.
        self.prose = prose

    def file_name(self) -> str | None:
        match = FILE_LINE.search(self.prose)
        return match.group(1) if match else None


def blocks(doc: Path) -> list[Block]:
    found, lang, code, start, prose = [], None, [], 0, ""
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if lang is None and fence:
            lang, code, start = fence.group(1), [], number
        elif lang is not None and line.rstrip() == "```":
            found.append(Block(lang, "\n".join(code) + "\n", start, prose))
            lang = None
        elif lang is not None:
            code.append(line)
        elif line.strip():
            prose = line.strip()
    if lang is not None:
        sys.exit(f"{doc}:{start}: unclosed block")
    return found


def run(command: list[str] | str, cwd: Path, what: str, env: dict | None = None) -> str:
    shell = isinstance(command, str)
    args = ["bash", "-euo", "pipefail", "-c", command] if shell else command
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stdout.write(result.stdout)
        sys.stderr.write(result.stderr)
        sys.exit(f"{what}: exit status {result.returncode}")
    return result.stdout


def pkg_config(*args: str) -> list[str]:
    return subprocess.run(
        ["pkg-config", *args, "kingup"], check=True, capture_output=True, text=True
    ).stdout.split()


def build_program(block: Block, scratch: Path, name: str) -> list[str]:
    """Builds a program block; returns the command that runs it."""
    sanitizers = os.environ.get("SANITIZERS", "").split()
    warnings = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-g"]
    exe = scratch / name
    if block.lang == "js":
        source = scratch / f"{name}.mjs"
        source.write_text(block.code, encoding="utf-8")
        return ["node", str(source)]
    if block.lang == "csharp":
        runtime = sorted(str(p) for p in (REPO / "unity/com.kingup.kingup/Runtime").glob("*.cs"))
        source = scratch / f"{name}.cs"
        source.write_text(block.code, encoding="utf-8")
        run(["mcs", "-langversion:7.2", "-unsafe+", "-warnaserror+", "-nowarn:1691",
             f"-out:{exe}.exe", *runtime, str(source)], scratch, f"mcs {name}")
        return ["mono", f"{exe}.exe"]
    compiler, std, ext = ("gcc", "-std=c11", "c") if block.lang == "c" else ("g++", "-std=c++17", "cpp")
    source = scratch / f"{name}.{ext}"
    source.write_text(block.code, encoding="utf-8")
    libdir = pkg_config("--variable=libdir")[0]
    run([compiler, std, *warnings, *sanitizers, str(source), *pkg_config("--cflags", "--libs"),
         f"-Wl,-rpath,{libdir}", "-o", str(exe)], scratch, f"{compiler} {name}")
    return [str(exe)]


def check_doc(doc: Path, out: Path) -> int:
    scratch = out / doc.stem
    shutil.rmtree(scratch, ignore_errors=True)
    (scratch / "home").mkdir(parents=True)
    # The blocks' commands are run as written from a clone's root (scripts/..., unity/...),
    # and what they install under $HOME lands in the scratch directory; cargo and rustup
    # keep theirs.
    for top in ("scripts", "unity"):
        (scratch / top).symlink_to(REPO / top)
    # What `npm install` of the built package would give a reader's project.
    package = Path(os.environ.get("KINGUP_WASM_PKG", REPO / "target/wasm-pkg")).resolve()
    (scratch / "node_modules").mkdir()
    (scratch / "node_modules/kingup").symlink_to(package)
    env = dict(os.environ)
    env.setdefault("CARGO_HOME", str(Path.home() / ".cargo"))
    env.setdefault("RUSTUP_HOME", str(Path.home() / ".rustup"))
    env["HOME"] = str(scratch / "home")
    mono_lib = env.get("MONO_LIB_DIR", "")
    env["LD_LIBRARY_PATH"] = ":".join(p for p in [mono_lib, env.get("LD_LIBRARY_PATH", "")] if p)
    ran, last_output, last_where = 0, None, ""
    for block in blocks(doc):
        where = f"{doc.relative_to(REPO)}:{block.line}"
        if block.lang == "text" and block.prose.endswith("prints:"):
            if last_output is None:
                sys.exit(f"{where}: output shown for no program")
            expected = block.code.splitlines()
            if last_output.splitlines() != expected:
                sys.exit(f"{last_where} printed:\n{last_output}\n{where} says:\n{block.code}")
            last_output = None
            continue
        if block.lang not in CODE:
            continue
        name = block.file_name()
        if name:
            (scratch / name).write_text(block.code, encoding="utf-8")
        if block.lang in PROGRAMS:
            command = build_program(block, scratch, f"block{block.line}")
            last_output = run(command, scratch, where, env)
        elif block.lang == "sh":
            last_output = run(block.code, scratch, where, env)
        else:
            last_output = None
        last_where = where
        ran += 1
    return ran


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = Path(sys.argv[1]).resolve()
    for doc in sys.argv[2:]:
        count = check_doc(Path(doc).resolve(), out)
        print(f"{doc}: {count} code blocks ran as written")


if __name__ == "__main__":
    main()
