"""A server's frames are bounded and their text cleaned on decode, as the server bounds and cleans a client's."""

from __future__ import annotations

import json

import msgspec
import pytest

from tala_desktop.net import protocol as p


def frame(**fields) -> str:
    return json.dumps(fields)


def test_names_and_lines_from_a_server_lose_their_control_and_format_characters():
    chat = p.decode_server_frame(frame(type="chat", seat=1, name="A\x00n\u202e", text="chào\u2028cả\x07 nhà 🏳️‍🌈"))
    assert chat == p.ChatEvent(seat=1, name="An", text="chàocả nhà 🏳️‍🌈")
    log = p.decode_server_frame(frame(type="chat_log", lines=[
        {"type": "reaction", "seat": None, "name": "\u200bQuân\x00", "key": "gg", "watching": True}]))
    assert log.lines[0].name == "Quân"
    closing = p.decode_server_frame(frame(type="closing", reason="host_quit", who="Tu\x00ấn"))
    assert closing.who == "Tuấn"


def test_a_lobby_from_a_server_is_cleaned_in_every_name():
    table = {"id": 1, "name": "Bàn\x001", "state": "lobby", "bet": 100, "turn_seconds": 0, "preset": "zingplay",
             "bots": [], "password": False, "host": 0, "players": 1, "watchers": ["X\u2066em"],
             "muted": ["X\u2066em", "L\x00an\u202e"],
             "seats": [{"seat": 0, "kind": "player", "name": "A\x00n"}, {"seat": 1, "kind": "empty"}]}
    lobby = p.decode_server_frame(frame(type="lobby", table=table, you=0))
    assert lobby.table.name == "Bàn1" and lobby.table.seats[0].name == "An" and lobby.table.watchers == ["Xem"]
    assert lobby.table.muted == ["Xem", "Lan"]


@pytest.mark.parametrize("bad", [
    frame(type="chat", seat=1, name="An", text="x" * 900_000),
    frame(type="chat", seat=1, name="A" * 500, text="chào"),
    frame(type="chat", seat=7, name="An", text="chào"),
    frame(type="left_table", table=1, reason="r" * 10_000),
    frame(type="tables", tables=[{"id": 1, "name": "x", "state": "lobby", "bet": 1, "turn_seconds": 0,
                                  "preset": "zingplay", "bots": [], "password": False, "host": None,
                                  "players": 0, "seats": [], "watchers": ["w"] * 5000}]),
])
def test_fields_beyond_their_bounds_are_refused(bad):
    with pytest.raises(msgspec.ValidationError):
        p.decode_server_frame(bad)
