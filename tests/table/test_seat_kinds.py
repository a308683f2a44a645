"""One name for a seat's kind and a bot's level: the table, the LAN wire, the saves and the settings share them."""

from __future__ import annotations

import json

import msgspec
import pytest

from tala_desktop.bots import LEVELS, PLAYABLE_LEVELS, BotLevel, make_bot
from tala_desktop.net import protocol as p
from tala_desktop.store import settings
from tala_desktop.table import LOBBY_KINDS, TABLE_KINDS, SeatConfig, SeatKind


def test_a_seat_read_from_a_save_gets_the_kind_and_level_values():
    seat = SeatConfig(**json.loads('{"name": "Lan", "kind": "bot", "level": "hard"}'))  # as a save gives them
    assert seat.kind is SeatKind.BOT and seat.level is BotLevel.HARD
    with pytest.raises(ValueError, match="expected human, bot or remote"):
        SeatConfig("Lan", SeatKind.EMPTY)   # a lobby's kind is no table seat
    with pytest.raises(ValueError, match="seat level 'expert'"):
        SeatConfig(**json.loads('{"name": "Lan", "kind": "bot", "level": "expert"}'))


def test_the_wire_keeps_its_names_for_kinds_and_levels():
    cmd = p.SetSeat(seat=1, kind=SeatKind.BOT, level=BotLevel.HARD)
    assert msgspec.json.decode(p.encode_command(cmd)) == {"type": "set_seat", "seat": 1, "kind": "bot",
                                                         "level": "hard", "member": None}
    decoded = p.decode_command(b'{"type": "set_seat", "seat": 2, "kind": "player", "member": 7}')
    assert isinstance(decoded, p.SetSeat) and decoded.kind is SeatKind.PLAYER
    made = p.decode_command(b'{"type": "create_table", "bots": ["easy", "random"]}')
    assert isinstance(made, p.CreateTable) and made.bots == [BotLevel.EASY, BotLevel.RANDOM]
    assert made.bot_level(0) is BotLevel.EASY and made.bot_level(3) is BotLevel.NORMAL


@pytest.mark.parametrize("frame", [
    b'{"type": "set_seat", "seat": 1, "kind": "human"}',      # a table's kind, not a lobby's
    b'{"type": "set_seat", "seat": 1, "kind": "robot"}',
    b'{"type": "set_seat", "seat": 1, "kind": "bot", "level": "expert"}',
    b'{"type": "create_table", "bots": ["normal", "expert"]}',
])
def test_a_kind_or_level_the_lobby_does_not_know_is_refused(frame):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_command(frame)
    assert err.value.code == "invalid"


def test_every_level_builds_its_bot_and_the_app_offers_the_three_a_player_picks():
    assert [make_bot(level, 1).level for level in LEVELS] == list(BotLevel)
    assert settings.BOT_LEVELS == PLAYABLE_LEVELS == (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD)
    assert set(TABLE_KINDS) | set(LOBBY_KINDS) == set(SeatKind)
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert")
