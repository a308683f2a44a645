"""Lanes of one BotRunner: a table cancels or closes its own requests, never another table's."""

from __future__ import annotations

import pytest

from tala_desktop.bots import make_bot
from tala_desktop.bots.lanes import Lane
from tala_desktop.bots.runner import BotRunner, InlineRunner

from .test_runner import midgame


def test_cancelling_one_lane_stops_its_search_and_leaves_the_other_lanes_requests() -> None:
    st = midgame()
    view = st.view(st.to_move)
    with BotRunner(workers=2, processes=False) as shared:
        first, second = Lane(shared), Lane(shared)
        slow = first.request(make_bot("hard", 3, budget_ms=60_000), view)
        other = second.request(make_bot("hard", 4, budget_ms=1_500), view)
        assert not slow.done() and first.busy == 1 and second.busy == 1
        first.cancel_all()
        assert first.wait_idle(20) and slow.done()                # its search stopped at once, not after 60 s
        assert st.is_legal(other.result(timeout=20).move)         # the other table's decision came as asked
        first.shutdown()
        with pytest.raises(RuntimeError):
            first.request(make_bot("easy", 2), view)              # a closed table asks no more
        assert st.is_legal(second.request(make_bot("easy", 2), view).result(timeout=20).move)


def test_a_lane_of_the_inline_runner_decides_at_once() -> None:
    st = midgame()
    inline = InlineRunner()
    lane = Lane(inline)
    assert st.is_legal(lane.request(make_bot("easy", 2), st.view(st.to_move)).result(timeout=0).move)
    assert inline.decided == 1 and lane.busy == 0 and lane.wait_idle(0.0)
