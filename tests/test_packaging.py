"""Packaging: every subpackage installed, every import declared, the engine on the standard library only,
--server, the icon files, the licences."""

from __future__ import annotations

import ast
import re
import shutil
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from the test extra
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# import name -> distribution name, where they differ
DISTRIBUTION_OF = {"pygame": "pygame-ce", "PyInstaller": "pyinstaller", "yaml": "pyyaml", "mypyc": "mypy"}
# top-level names that come from this repository, not from an installed distribution (a script may import
# a sibling script of its folder by its bare name)
LOCAL = {"tala_desktop", "tests", "bench", "tools", "lab"} | {
    p.stem for folder in ("bench", "tools") for p in (ROOT / folder).glob("*.py")} | {
    p.parent.name for folder in ("bench", "tools") for p in (ROOT / folder).glob("*/__init__.py")}


def test_every_subpackage_is_listed_in_pyproject():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.relative_to(ROOT).parts[:-1])
        for p in (ROOT / "tala_desktop").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject [tool.setuptools] packages: {sorted(found - listed)}"
    assert "tala_desktop.assets" in listed


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def _third_party_imports(path: Path) -> set[str]:
    """Top-level names of the absolute imports of one file that are neither the standard library nor local."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n not in LOCAL}


def _undeclared(paths: list[Path], requirements: list[str]) -> dict[str, set[str]]:
    declared = _requirement_names(requirements)
    missing: dict[str, set[str]] = {}
    for path in paths:
        for name in _third_party_imports(path):
            if DISTRIBUTION_OF.get(name, name).lower().replace("_", "-") not in declared:
                missing.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return missing


def test_every_import_of_the_package_is_a_runtime_dependency():
    """A plain `pip install .` runs every module of the package."""
    runtime = PYPROJECT["project"]["dependencies"]
    missing = _undeclared(sorted((ROOT / "tala_desktop").rglob("*.py")), runtime)
    assert not missing, f"add to [project] dependencies: {missing}"


def test_every_import_of_the_bench_and_tools_scripts_is_declared():
    extras = PYPROJECT["project"]["optional-dependencies"]
    runtime = PYPROJECT["project"]["dependencies"]
    missing = _undeclared(sorted((ROOT / "bench").glob("*.py")) + sorted((ROOT / "lab").rglob("*.py")),
                          runtime + extras["bench"])
    assert not missing, f"add to the bench extra: {missing}"
    missing = _undeclared(sorted((ROOT / "tools").rglob("*.py")), runtime + extras["build"])
    assert not missing, f"add to the build extra: {missing}"


def test_the_import_check_sees_an_undeclared_import(tmp_path):
    script = tmp_path / "x.py"
    script.write_text("import os\nimport psutil\nfrom tala_desktop import app\nfrom . import y\n")
    assert _third_party_imports(script) == {"psutil"}
    assert _requirement_names(["psutil>=5.9", "tomli>=2; python_version < '3.11'", "Foo_Bar[x]"]) == {
        "psutil", "tomli", "foo-bar"}


def test_engine_imports_only_the_standard_library():
    for path in (ROOT / "tala_desktop" / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or name.startswith("tala_desktop.engine"), (
                    f"{path.name} imports {name}, which is not the standard library"
                )


def test_the_server_flag_hands_the_rest_of_the_line_to_tala_server(monkeypatch):
    from tala_desktop import app
    from tala_desktop.net import cli

    seen = []
    monkeypatch.setattr(cli, "main", lambda argv: seen.append(argv) or 0)
    assert app.main(["--server", "--host", "127.0.0.1", "--port", "0"]) == 0
    assert seen == [["--host", "127.0.0.1", "--port", "0"]]


def test_the_app_icons_are_well_formed():
    import struct

    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        width, height, _, _, planes, bits, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        assert width == height and planes == 1 and bits == 32 and offset + size <= len(ico)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    png = (ROOT / "assets" / "icon.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (256, 256)
    assert (ROOT / "build.spec").is_file() and "icon.ico" in (ROOT / "build.spec").read_text()


LICENCES = ROOT / "assets" / "licenses"
# file-name stem of a library in pygame-ce's wheel -> its licence file in assets/licenses
BUNDLED_LIBRARY_LICENCE = {
    "libSDL2": "SDL2", "libSDL2_image": "SDL2_image", "libSDL2_mixer": "SDL2_mixer", "libSDL2_ttf": "SDL2_ttf",
    "libFLAC": "FLAC", "libasound": "alsa-lib", "libbrotlicommon": "brotli", "libbrotlidec": "brotli",
    "libfluidsynth": "FluidSynth", "libfreetype": "FreeType", "libharfbuzz": "HarfBuzz",
    "libjpeg": "libjpeg-turbo", "libmpg123": "mpg123", "libogg": "libogg", "libopus": "opus",
    "libopusfile": "opusfile", "libpng16": "libpng", "libportmidi": "portmidi", "libsharpyuv": "libwebp",
    "libsndfile": "libsndfile", "libtiff": "libtiff", "libvorbis": "libvorbis", "libvorbisenc": "libvorbis",
    "libvorbisfile": "libvorbis", "libwavpack": "wavpack", "libwebp": "libwebp", "libwebpdemux": "libwebp",
    "libxmp": "libxmp",
}


def test_every_licence_the_notice_names_is_shipped():
    notice = (LICENCES / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w.-]+\.txt)`", notice))
    assert len(named) >= 25
    for name in named:
        path = LICENCES / name if (LICENCES / name).exists() else LICENCES.parent / name
        assert path.is_file() and path.stat().st_size > 500, f"{name} is named in the notice but missing"
    assert {p.name for p in LICENCES.glob("*.txt")} <= named, "a licence file the notice does not list"


def test_every_library_in_the_pygame_ce_wheel_has_its_licence():
    import pygame
    libs = Path(pygame.__file__).resolve().parent.parent / "pygame_ce.libs"
    if not libs.is_dir():
        pytest.skip("this platform's pygame-ce wheel keeps its libraries elsewhere")
    for lib in libs.iterdir():
        stem = re.split(r"-[0-9a-f]{8}\.", lib.name)[0].removesuffix("-2")
        assert stem in BUNDLED_LIBRARY_LICENCE, f"{lib.name}: new bundled library, add its licence"
        assert (LICENCES / f"{BUNDLED_LIBRARY_LICENCE[stem]}.txt").is_file()


def test_the_wheel_carries_every_translation_catalog_compiled(tmp_path):
    """`pip install .` gets the compiled catalogs the game reads (setup.py compiles them into the wheel), built
    here from a copy of the sources that holds none."""
    import gettext
    import subprocess
    import zipfile

    pytest.importorskip("babel", reason="the package build compiles the catalogs with Babel (the test extra)")
    # the sources a package build reads, walked without git (the Windows check's copy has no git): the top
    # level's build files and the package, without anything a build or a run left in it
    source = tmp_path / "src"
    left = ("__pycache__", "*.pyc", "*.mo", "*.so", "*.pyd", "*.egg-info")
    for folder in ("tala_desktop", "assets"):                           # assets/ installs as tala_desktop/assets
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns(*left))
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    (source / "tools").mkdir()
    shutil.copy2(ROOT / "tools" / "catalogs.py", source / "tools")    # setup.py compiles the catalogs with it
    assert not list(source.rglob("*.mo"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path / "wheel"), str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for language, word in (("vi", "Ăn"), ("en", "Eat")):
            with archive.open(f"tala_desktop/assets/locale/{language}/LC_MESSAGES/tala.mo") as fp:
                assert gettext.GNUTranslations(fp).gettext("btn.eat") == word
