"""The package build: setuptools as pyproject.toml configures it, plus one step, the translation catalogs compiled.

``build_py`` compiles ``assets/locale/*/LC_MESSAGES/tala.po`` into ``tala.mo`` (tools/catalogs.py, with Babel,
a build requirement): into the wheel for ``pip install .``, beside their sources for an editable install (which
reads the source tree). The game reads only the compiled files, with the standard library's gettext.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def catalogs_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tala_catalogs_tool", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogs(build_py):
    """``build_py``, then every catalog compiled where the installed package will read it."""

    def run(self) -> None:
        super().run()
        tool = catalogs_tool()
        if self.editable_mode:
            tool.compile_catalogs()
        else:
            tool.compile_catalogs(out=Path(self.build_lib) / "tala_desktop" / "assets" / "locale", force=True)


setup(cmdclass={"build_py": BuildWithCatalogs})
