"""Shared by every test: the folder the UI tests save their frames to (tests/artifacts/, not in the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


@pytest.fixture(scope="session", autouse=True)
def artifacts_folder() -> Path:
    """Made once per test process: a fresh clone has no tests/artifacts/, and any UI test may save first."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
