"""Fixtures of the store tests: a store in a temporary folder with a clock the test controls."""

from __future__ import annotations

import pytest

from tala_desktop.store import Store

from .helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path, clock):
    s = Store(tmp_path, clock)
    yield s
    s.close()
