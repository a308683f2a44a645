"""The client's connection without sockets: ``ClientCore`` on a stepped clock decides the hello, the resume, the waits
between reconnects and a vote sent again, as the websockets client then does it."""

from __future__ import annotations

import json
import random

import msgspec

from tala_desktop.net import protocol as p
from tala_desktop.net.client_core import RETRY_FIRST, RETRY_MAX, VOTE_AGAIN, ClientCore
from tala_desktop.table.messages import Error, Snapshot

from .core_kit import CoreKit
from .core_table import CoreTable, typed


def welcome(token: str = "tok-aaaaaaaa", server_id: str = "first", resumed: bool = False, table: int | None = None,
            seat: int | None = None) -> str:
    return p.encode(p.Welcome(version=p.PROTOCOL_VERSION, name="An", token=token, server="Bàn của An",
                              reconnect_seconds=60.0, server_id=server_id, resumed=resumed, table=table, seat=seat))


def hello(core: ClientCore, now: float) -> dict[str, object]:
    return dict(json.loads(core.opened(now)))


def core_at(host: str = "192.168.1.20", **extra: object) -> ClientCore:
    return ClientCore(host, 8765, "An", jitter=random.Random(7), **extra)  # type: ignore[arg-type]


def test_the_waits_between_reconnects_grow_to_their_ceiling_and_the_client_ends_after_reconnect_for() -> None:
    core = core_at(reconnect_for=10.0)
    hello(core, 0.0)
    core.received(welcome(), 0.1)
    now, waits = 0.5, []
    step = core.ended(now)                         # the connection dropped
    while not isinstance(step, p.Disconnected):
        waits.append(step)
        now += step
        step = core.ended(now, failure="connection refused")   # each attempt refused: the server stays away
    assert waits[0] <= RETRY_FIRST and max(waits) <= RETRY_MAX
    assert all(b >= a * 1.5 for a, b in zip(waits[:4], waits[1:5]))           # doubling, a little jitter
    assert waits[-1] >= RETRY_MAX * 0.8 and 9.0 <= sum(waits) <= 10.0 + RETRY_MAX
    assert step.reason == "lost" and core.reconnects == len(waits) == len(core.retry_delays)


def test_a_connection_that_lasted_starts_the_next_outage_from_the_first_wait() -> None:
    core = core_at()
    hello(core, 0.0)
    core.received(welcome(), 0.0)
    first = [core.ended(0.5), core.ended(0.7, "refused"), core.ended(1.0, "refused")]
    third = first[2]
    hello(core, 1.5)
    core.received(welcome(resumed=True), 1.5)      # back; this connection lasts past stable_after
    again = core.ended(3.0)
    assert all(isinstance(w, float) for w in first) and isinstance(again, float) and isinstance(third, float)
    assert again <= RETRY_FIRST < third         # (0.1, 0.2, 0.4 each times 0.8-1.0) then 0.1 again
    hello(core, 3.1)
    core.received(welcome(resumed=True), 3.1)
    quick = core.ended(3.2)                        # dropped at once: the outage goes on backing off
    assert isinstance(quick, float) and quick > RETRY_FIRST


def test_a_client_never_welcomed_ends_at_the_first_failure_as_unreachable() -> None:
    core = core_at(resume="kept-from-before")      # a token kept from an earlier run proves nothing
    end = core.ended(0.2, failure="connection refused")
    assert isinstance(end, p.Disconnected) and end.reason == "unreachable" and "192.168.1.20:8765" in end.message


def test_the_resume_token_goes_back_only_to_the_address_that_issued_it() -> None:
    here, elsewhere = core_at(resume="kept-token-1"), core_at("192.168.1.99")
    assert hello(here, 0.0)["resume"] == "kept-token-1"          # the one the app kept for this address
    here.received(welcome(token="fresh-token-2"), 0.1)
    here.ended(0.5)
    assert hello(here, 0.6)["resume"] == "fresh-token-2"         # the reconnect reclaims the seat with it
    assert hello(elsewhere, 0.6)["resume"] is None               # another address never learns it
    elsewhere.received(welcome(token="other-token-3", server_id="other"), 0.7)
    assert hello(here, 0.8)["resume"] == "fresh-token-2" and elsewhere.token == "other-token-3"


def test_a_welcome_that_does_not_give_the_seat_back_says_why_and_ends_the_client() -> None:
    core = core_at()
    hello(core, 0.0)
    core.received(welcome(resumed=True, table=1, seat=2), 0.0)
    assert (core.table_id, core.seat) == (1, 2)
    core.ended(0.5)
    hello(core, 0.6)
    msgs, over = core.received(welcome(server_id="second"), 0.6)     # another instance answers: it restarted
    assert msgs == [] and over and (core.table_id, core.seat) == (None, -1)
    end = core.ended(0.7)
    assert isinstance(end, p.Disconnected) and end.reason == "server_restarted"


def test_a_frame_that_does_not_fit_ends_the_connection_as_bad_frame() -> None:
    core = core_at()
    hello(core, 0.0)
    core.received(welcome(), 0.0)
    assert core.received('{"type": "welcome", "version": "six"}', 0.1) == ([], True)
    end = core.ended(0.1)
    assert isinstance(end, p.Disconnected) and end.reason == "bad_frame"


def test_a_vote_refused_for_rate_is_sent_again_until_its_game_comes() -> None:
    core = core_at()
    hello(core, 0.0)
    core.received(welcome(), 0.0)
    assert json.loads(core.vote()) == {"type": "next_game"}
    core.received(p.error("rate_limited", "slow down"), 10.0)
    assert core.next_due() == 10.0 + VOTE_AGAIN and core.due(10.4) == []
    assert [json.loads(f) for f in core.due(10.0 + VOTE_AGAIN)] == [{"type": "next_game"}]
    assert core.next_due() is None
    core.received(p.error("rate_limited", "slow down"), 11.0)
    core.received(p.encode(Error(code="in_progress", message="the current game is not over")), 11.1)
    core.received(p.encode(snapshot_of_game(2)), 11.2)          # the next game came meanwhile
    assert core.due(12.0) == [] and core.next_due() is None


def snapshot_of_game(game_id: int) -> Snapshot:
    """A seat's snapshot of game ``game_id``, as a server sends one."""
    with CoreKit() as kit:
        table = CoreTable(kit, ["An", "Bình"], seats=2)
        table.read()
        return msgspec.structs.replace(typed(table.view(table.conns[0])), game_id=game_id)
