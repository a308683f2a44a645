"""CI's share of the soak: a few thousand random games with every invariant checked (bench/soak.py runs more)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SOAK = Path(__file__).resolve().parents[2] / "bench" / "soak.py"


def test_two_thousand_random_games_keep_every_invariant():
    pytest.importorskip("tqdm", reason="bench/soak.py needs tqdm: pip install '.[bench]'")
    spec = importlib.util.spec_from_file_location("soak", SOAK)
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    kinds, failures = soak.run_chunk(424_242, 2000)
    assert failures == []
    assert sum(kinds.values()) == 2000
    assert kinds["showdown"] > 1500
