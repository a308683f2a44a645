"""The server core on its own (no sockets, a stepped clock): what it sends is already in the state file, hello in
time, a connection the socket side gave up on, bots decided in the runner handed in."""

from __future__ import annotations

import json
import threading
from typing import Any

from tala_desktop.engine import Move
from tala_desktop.net import protocol as p
from tala_desktop.table.messages import MoveCommand, Snapshot

from .conftest import choose
from .core_kit import CoreKit
from .core_table import CoreTable


def seat_two(kit: CoreKit) -> tuple[int, int, dict[str, Any], dict[str, Any]]:
    """An hosts a two-seat table, Bình joins, both ready, the game starts: the connections and their welcomes."""
    an, binh = kit.connect(), kit.connect("127.0.0.2")
    wa, wb = kit.hello(an), kit.hello(binh, "Bình")
    kit.say(an, type="create_table", seats=2)
    kit.say(binh, type="join", table=kit.hear(an, "lobby")["table"]["id"])
    kit.say(binh, type="ready")
    kit.say(an, type="start")
    return an, binh, wa, wb


def last_snapshot(kit: CoreKit, conn: int) -> dict[str, Any]:
    snaps = [m for m in kit.heard(conn) if m["type"] == "snapshot"]
    assert snaps, f"connection {conn} was sent no snapshot"
    return snaps[-1]


def legal(snap: dict[str, Any]) -> list[Move]:
    """The snapshot's legal moves, decoded as a client decodes them."""
    typed = p.decode_server_frame(json.dumps(snap))
    assert isinstance(typed, Snapshot)
    return typed.legal


def test_what_a_move_sent_is_in_the_state_file_when_its_frames_are_handed_out(tmp_path):
    """Right after ``receive`` returns a move's frames (before any tick), another core reading the file resumes
    both players exactly as they were sent: a crash then cannot take back a drawn card."""
    state = str(tmp_path / "state.db")
    with CoreKit(state_path=state, tick=60.0) as kit:
        an, binh, wa, wb = seat_two(kit)
        snaps = {an: last_snapshot(kit, an), binh: last_snapshot(kit, binh)}
        for _ in range(2):                     # the leader discards, then the other draws (or eats)
            mover = next(c for c, s in snaps.items() if s["to_move"] == s["seat"])
            move = MoveCommand(game_id=snaps[mover]["game_id"], move=choose(legal(snaps[mover])))
            kit.send(mover, p.encode_command(move))
            snaps = {an: last_snapshot(kit, an), binh: last_snapshot(kit, binh)}
        with CoreKit(state_path=state) as again:  # as a server started on the file after a kill -9
            for conn, welcome in ((an, wa), (binh, wb)):
                back = again.connect()
                assert again.hello(back, welcome["name"], resume=welcome["token"])["resumed"] is True
                resumed = last_snapshot(again, back)
                for key in ("game_id", "hand", "stock_count", "piles", "to_move", "phase", "legal"):
                    assert resumed[key] == snaps[conn][key], key


def test_a_connection_that_says_nothing_is_closed_after_the_hello_timeout():
    with CoreKit(hello_timeout=10.0) as kit:
        quiet, talker = kit.connect(), kit.connect()
        kit.run(9.9, step=0.1)
        assert kit.closed(quiet) is None
        kit.hello(talker)
        kit.run(0.2, step=0.1)
        assert kit.hear(quiet) == {"type": "error", "code": "hello_timeout", "message": "send hello first"}
        assert kit.closed(quiet) == 1008 and kit.closed(talker) is None


def test_an_app_speaking_the_protocol_before_game_records_and_member_ids_is_told_its_version_is_old():
    """Version 3 had no game records, host names in the beacon, Mute or member ids: such an app is refused."""
    with CoreKit() as kit:
        old = kit.connect()
        kit.say(old, type="hello", name="An", version=3)
        assert kit.hear(old) == {"type": "error", "code": "version",
                                 "message": f"this server speaks protocol {p.PROTOCOL_VERSION}, not 3"}
        assert kit.closed(old) == 1008
        assert kit.hello(kit.connect())["type"] == "welcome"


def test_a_connection_the_socket_side_gave_up_on_is_sent_nothing_more_and_counts_as_away():
    with CoreKit() as kit:
        an, binh, _, _ = seat_two(kit)
        kit.heard(binh)
        kit.core.stuck(binh)
        kit.say(an, type="chat", text="còn đó không?")
        assert kit.heard(binh) == []
        room = kit.core.rooms[1]
        assert [m.connected for m in room.roster.members()] == [True, False]


def test_the_bots_decide_in_the_runner_handed_in_at_the_ticks_and_the_same_game_plays_the_same():
    def game() -> tuple[list[dict[str, Any]], float]:
        with CoreKit() as kit:
            t = CoreTable(kit, ["An"], seats=3)           # two bots
            t.play_until(t.game_over())
            assert t.view(t.conns[0])["outcome"] is not None
            assert kit.runner.decided > 0                # every bot move was asked of the kit's runner...
            assert not [th for th in threading.enumerate() if th.name.startswith("bot")]   # ...no worker thread
            # (the lobby and the scoreboard name people by ids that start at random)
            return [m for m in t.messages[t.conns[0]] if m["type"] not in ("lobby", "scoreboard")], kit.now
    first, again = game(), game()
    assert first == again
