"""Compile the search's hot modules with mypyc, in place beside their sources; or remove them again.

    python tools/compile_hot.py            # compile (needs mypy, setuptools and a C compiler)
    python tools/compile_hot.py --status   # say which modules run compiled, and whether any is stale
    python tools/compile_hot.py --clean    # remove the compiled modules: everything runs as Python

The modules are ``tala_desktop.bots.compiled.HOT_MODULES``; their shared
library is ``tala_desktop/hot__mypyc.<suffix>``. Python imports an extension
module before a ``.py`` of the same name, so after compiling, the app, the
tests and the benchmarks run the compiled code until ``--clean``; a compiled
module older than its source is stale (the tests refuse to run with one).
``tools/build_app.py`` compiles before PyInstaller runs and cleans after, so the
bundle ships the compiled modules; without a compiler it builds the Python ones.
The C files and objects are kept in ``build/mypyc`` so a second compile only
redoes what changed. (A compiled module's ``__file__`` names a folder that
does not exist; nothing in the hot modules reads it.)
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tala_desktop.bots.compiled import GROUP, HOT_MODULES, SHARED_LIBRARY, is_stale  # noqa: E402

BUILD = ROOT / "build" / "mypyc"


class CompileFailed(Exception):
    """mypyc or the C compiler is missing, or the compile failed."""


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def compiled_files() -> list[Path]:
    """The extension modules a compile leaves in the source tree (the hot modules and their shared library)."""
    out = []
    for module in (*HOT_MODULES, SHARED_LIBRARY):
        base = ROOT.joinpath(*module.split("."))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = base.with_name(base.name + suffix)
            if path.exists():
                out.append(path)
    return out


def clean() -> list[Path]:
    removed = compiled_files()
    for path in removed:
        path.unlink()
    return removed


def compile_hot(quiet: bool = True) -> list[Path]:
    """Compile HOT_MODULES in place; returns the extension modules written. Raises CompileFailed."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:
        raise CompileFailed(f"mypyc or setuptools is not installed ({exc.name}): pip install '.[build]'") from exc
    BUILD.mkdir(parents=True, exist_ok=True)
    cwd = Path.cwd()
    os.chdir(ROOT)  # mypyc names the modules from paths relative to the working folder
    try:
        extensions = mypycify([str(source_of(m).relative_to(ROOT)) for m in HOT_MODULES], opt_level="3",
                              group_name=GROUP, target_dir=str(BUILD.relative_to(ROOT)), verbose=False)
        # a bare Distribution: setup() would read pyproject.toml, which describes the whole project
        dist = Distribution({"name": "tala-desktop-hot", "ext_modules": extensions})
        dist.script_args = [*(["--quiet"] if quiet else []), "build_ext", "--inplace",
                            "--build-temp", str(BUILD / "temp"), "--build-lib", str(BUILD / "lib")]
        dist.parse_command_line()
        dist.run_commands()
    except SystemExit as exc:  # distutils reports a missing or failing compiler by exiting
        raise CompileFailed(f"the C compiler failed: {exc}") from exc
    except Exception as exc:  # mypyc's own errors (a type error in a hot module) and distutils' errors
        raise CompileFailed(f"{type(exc).__name__}: {exc}") from exc
    finally:
        os.chdir(cwd)
    written = compiled_files()
    if len(written) != len(HOT_MODULES) + 1:
        raise CompileFailed(f"expected {len(HOT_MODULES) + 1} extension modules, found {len(written)}")
    for path in written:  # an unchanged module is not copied again: mark it as built from today's source
        path.touch()
    return written


def status() -> str:
    files = compiled_files()
    if not files:
        return "no compiled modules: everything runs as Python"
    stale = [m for m in HOT_MODULES if is_stale(source_of(m).parent, source_of(m).stem)]
    line = f"{len(files)} compiled files ({len(HOT_MODULES)} modules and their shared library)"
    if stale:
        line += f"; stale (older than their source): {', '.join(stale)} - run this tool again or --clean"
    return line


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--clean", action="store_true", help="remove the compiled modules")
    group.add_argument("--status", action="store_true", help="say what is compiled and whether it is stale")
    ap.add_argument("--verbose", action="store_true", help="show the compiler's output")
    args = ap.parse_args(argv)
    if args.clean:
        print(f"removed {len(clean())} compiled files")
        return 0
    if args.status:
        print(status())
        return 0
    try:
        written = compile_hot(quiet=not args.verbose)
    except CompileFailed as exc:
        print(f"not compiled, the modules stay Python: {exc}", file=sys.stderr)
        return 1
    print(f"compiled {len(HOT_MODULES)} modules with mypyc: {len(written)} files beside their sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
