"""Move texts from the network: a text that is not a legal move is refused (bad_move or a game code), never internal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tala_desktop.net import protocol as p
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.rooms import Room, RoomError

from .conftest import close_all, pump_until, seat_table


class SeatedMember:
    def __init__(self, name: str) -> None:
        self.name = name
        self.addr = "127.0.0.1"
        self.room: Room | None = None
        self.seat: int | None = None
        self.frames: list[str] = []

    @property
    def connected(self) -> bool:
        return True

    def send(self, frame: str) -> None:
        self.frames.append(frame)


@pytest.fixture(scope="module")
def room():
    config = ServerConfig(seed=5, bot_delay=0.0, hard_budget_ms=5.0)
    r = Room(1, p.TableSettings(seats=2, bots=["random", "random"]), config)
    host = SeatedMember("An")
    r.join(host, 0, None)
    r.start(host, 0.0)
    yield r, host
    r.close()


MOVE_WORDS = st.sampled_from(["draw", "eat", "discard", "lay", "send", "u", "ukhan", "timeout", "leave", "Kh",
                              "3s-3c-3h", "1", "0", "1:0", ":", "-", "²", "١", "٣", "𝟙", "¹", "0x1", "+1", "-1",
                              "99999999999999999999", "1:²", "1:١", "Ⅻ", "\u00a0"])
MOVE_TEXTS = st.one_of(st.text(max_size=60).filter(str.strip),
                       st.lists(st.one_of(MOVE_WORDS, st.text(max_size=6)), min_size=1, max_size=6).map(" ".join))


@settings(max_examples=400, deadline=None, database=None)
@given(MOVE_TEXTS)
def test_no_move_text_is_answered_with_anything_but_a_refusal_or_a_move(room, text):
    r, host = room
    game = r.table.game_id
    try:
        r.move(host, game, text)
    except RoomError as exc:
        assert exc.code.isidentifier() and exc.code != "internal", (text, exc.code)  # a refusal the player reads
        return
    # it was a legal move: it applied, so the next game may need starting for the property to go on
    if r.table.state.is_over:
        r.next_game(host, r.table.now)


@pytest.mark.parametrize("text", ["² draw", "0 send Kh ²", "0 send Kh 1:²", "١ draw", "٠ draw", "0 send Kh ١",
                                  "𝟘 draw", "0 send Kh 1:١"])
def test_unicode_digits_are_not_numbers_in_the_notation(room, text):
    r, host = room
    with pytest.raises(RoomError) as err:
        r.move(host, r.table.game_id, text)
    assert err.value.code == "bad_move"


def test_odd_move_texts_over_the_network_get_bad_move(server):
    players = seat_table(server, ["An", "Bình"], seats=2)
    a = players[0]
    try:
        for pl in players:
            pl.auto = False
        texts = ["² draw", "0 send Kh ²", "0 send Kh 1:²", "١ draw"]
        for text in texts:
            a.client.send_move(text)
        pump_until(players, lambda: len(a.errors) >= len(texts), act=False)
        assert [e["code"] for e in a.errors] == ["bad_move"] * len(texts)
        a.client.ping()
        pump_until(players, lambda: a.last("pong") is not None, act=False)  # the connection is still served
    finally:
        close_all(players)
