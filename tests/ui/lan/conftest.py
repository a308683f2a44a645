"""The LAN screens' fixtures: ``lan``, a server core on a stepped clock to connect sessions to (core_lan.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tala_desktop.ui.core.i18n import set_language
from tests.ui.lan.core_lan import CoreLan


@pytest.fixture
def lan(pg) -> Iterator[CoreLan]:
    lan = CoreLan()
    yield lan
    lan.shutdown()
    set_language("vi")
