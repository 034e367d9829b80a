"""The installed distribution: its version is the crate's, and its metadata is what PyPI
shows (licence, links, README)."""

from __future__ import annotations

import importlib.metadata
import re

from packaging.version import Version

import kingup
from conftest import REPO

META = importlib.metadata.metadata("kingup")


def cargo_version() -> str:
    """The version in the workspace manifest, which kingup-py inherits."""
    manifest = (REPO / "Cargo.toml").read_text(encoding="utf-8")
    package = manifest.split("[workspace.package]", 1)[1]
    match = re.search(r'^version = "([^"]+)"', package, re.M)
    assert match, "no version in [workspace.package]"
    return match[1]


def test_version_is_the_crate_version() -> None:
    assert kingup.__version__ == cargo_version()


def test_version_is_the_distribution_version() -> None:
    # Equal as versions: maturin writes a Rust pre-release `1.0.0-alpha.1` as `1.0.0a1`.
    assert Version(kingup.__version__) == Version(importlib.metadata.version("kingup"))


def test_metadata_names_the_licence_and_its_files() -> None:
    assert META["License-Expression"] == "MIT OR Apache-2.0"
    assert sorted(META.get_all("License-File") or []) == ["LICENSE-APACHE", "LICENSE-MIT"]


def test_metadata_links_nowhere_until_the_project_has_a_public_home() -> None:
    # A URL in the metadata must exist; the project has none yet, so it names none.
    assert META.get_all("Project-URL") is None
    assert META.get("Home-page") is None


def test_long_description_is_the_package_readme() -> None:
    readme = (REPO / "kingup-py" / "README.md").read_text(encoding="utf-8")
    assert META["Description-Content-Type"].startswith("text/markdown")
    assert META.get_payload().strip() == readme.strip()
    # PyPI shows it without the repository around it: links must be absolute.
    assert not re.search(r"\]\((?!https://)", readme)


def test_each_integration_has_an_extra_that_installs_what_it_imports() -> None:
    """``kingup[gymnasium]``, ``[pettingzoo]``, ``[openspiel]``, ``[sb3]`` and ``[parquet]``
    (``kingup.dataset``): each extra's
    requirements cover every framework its module imports (read from the module's
    source), and nothing the package itself needs is left to an extra."""
    import ast
    import importlib.util

    from packaging.requirements import Requirement

    imports_of = {
        "gymnasium": {"gymnasium"},
        "pettingzoo": {"pettingzoo"},
        "open-spiel": {"pyspiel", "open_spiel"},
        "stable-baselines3": {"stable_baselines3"},
        "sb3-contrib": {"sb3_contrib"},
        "pyarrow": {"pyarrow"},
    }
    extras: dict[str, set[str]] = {}
    for line in META.get_all("Requires-Dist") or []:
        req = Requirement(line)
        for extra in ("gymnasium", "pettingzoo", "openspiel", "sb3", "parquet"):
            if req.marker is not None and req.marker.evaluate({"extra": extra}):
                extras.setdefault(extra, set()).update(imports_of.get(req.name, {req.name}))
        if req.marker is None:
            assert req.name == "numpy", line  # the one requirement of the package itself
    assert set(META.get_all("Provides-Extra") or []) >= {"gymnasium", "pettingzoo", "openspiel", "sb3"}
    modules = {"gymnasium": "kingup.gym", "pettingzoo": "kingup.pettingzoo", "openspiel": "kingup.openspiel", "sb3": "kingup.sb3", "parquet": "kingup.dataset"}
    for extra, module in modules.items():
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        tree = ast.parse(open(spec.origin, encoding="utf-8").read())
        imported = {
            name.split(".")[0]
            for node in ast.walk(tree)
            for name in (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
        }
        third_party = imported & set().union(*imports_of.values())
        assert third_party, module
        assert third_party <= extras[extra], (module, third_party, extras[extra])
