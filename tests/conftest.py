"""Shared by every test: the folder the UI tests save their frames to, the translation catalogs compiled, and a guard
against stale compiled modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tala_desktop.bots.compiled import stale_modules
from tests.translations import catalogs_tool

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def pytest_sessionstart(session: pytest.Session) -> None:
    """The tests read the texts from the compiled catalogs of the source tree: compile those older than their .po
    (each test process may; the files are replaced whole). A compiled hot module older than its source would test
    yesterday's code: refuse to start."""
    catalogs_tool().compile_catalogs()
    stale = stale_modules()
    if stale:
        raise pytest.UsageError(f"compiled modules older than their sources: {', '.join(stale)}; "
                                "run `python tools/compile_hot.py` again, or `--clean` to test the Python sources")


@pytest.fixture(scope="session", autouse=True)
def artifacts_folder() -> Path:
    """Made once per test process: a fresh clone has no tests/artifacts/, and any UI test may save first."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
