"""Journeys: the real app, headless (dummy video and audio), one fresh data folder per test.

The ``journey`` fixture makes a ``Journey`` on ``tmp_path/data``; when the
test fails, the last frame (PNG) and the steps taken are saved beside it in
``tmp_path/journey-failure/`` and the folder is printed.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Generator, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tala_desktop.ui.core import i18n  # noqa: E402

from .driver import Journey  # noqa: E402


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                               ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def journey(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., Journey]]:
    """``journey(size=(1280, 720))``: a player's walk on a fresh data folder (one per test; ``folder=`` names
    another one, for a second app in the same test)."""
    made: list[Journey] = []

    def make(size: tuple[int, int] = (1280, 720), seed: int | None = 5, folder: str = "data") -> Journey:
        j = Journey(tmp_path / folder, size, seed)
        made.append(j)
        return j

    yield make
    failed = request.node.stash.get(_FAILED, False)
    for k, j in enumerate(made):
        if failed:
            where = tmp_path / f"journey-failure{'' if k == 0 else k}"
            paths = j.save_failure(where)
            print(f"\njourney failed: the last frame and the steps are in {where} "
                  f"({', '.join(p.name for p in paths)})")
        j.stop()
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
