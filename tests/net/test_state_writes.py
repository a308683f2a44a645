"""The server core writes nothing itself: a move's call hands its adapter the table's row to write, ahead of the
frames that show the move; an adapter that does not do the write leaves the file as it was, and a write the disk
refused is made again at the next tick. The websockets adapter does the writes of one turn of its loop in one
transaction, before any of their frames."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from tala_desktop.net import protocol as p
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.server import TalaServer
from tala_desktop.net.sessions import Close, SaveTables, StateWrite
from tala_desktop.net.state_file import StateFile
from tala_desktop.table.messages import MoveCommand

from .conftest import choose
from .core_kit import CoreKit
from .test_core import last_snapshot, legal, seat_two


def saved_rooms(path: Path) -> list[int]:
    """The tables the state file holds now, read as a server started on it would."""
    file = StateFile(path)
    try:
        return [room_id for room_id, _, _ in file.load()]
    finally:
        file.close()


def a_move(kit: CoreKit, an: int, binh: int) -> tuple[int, str]:
    """The command of whichever of the two is to move: (their connection, the frame)."""
    snaps = {c: last_snapshot(kit, c) for c in (an, binh)}
    mover = next(c for c, s in snaps.items() if s["to_move"] == s["seat"])
    return mover, p.encode_command(MoveCommand(game_id=snaps[mover]["game_id"], move=choose(legal(snaps[mover]))))


def test_a_moves_call_asks_for_the_tables_row_ahead_of_its_frames(tmp_path: Path) -> None:
    with CoreKit(state_path=str(tmp_path / "state.db"), tick=60.0) as kit:
        an, binh, _, _ = seat_two(kit)
        mover, frame = a_move(kit, an, binh)
        out = kit.core.receive(mover, frame, kit.now)
        assert isinstance(out[0], SaveTables) and [i for i, _ in out[0].rows] == [1] and not out[0].gone
        assert out[1:] and all(isinstance(item, tuple) for item in out[1:])    # then only frames
        kit.deliver(out)
        assert saved_rooms(tmp_path / "state.db") == [1]
        again = kit.core.receive(mover, p.encode_command(p.Ping(t=1.0)), kit.now)
        assert not any(isinstance(item, SaveTables) for item in again)         # nothing changed: nothing to write


def test_nothing_is_written_when_the_adapter_does_not_do_the_write(tmp_path: Path) -> None:
    state = tmp_path / "state.db"
    with CoreKit(state_path=str(state), tick=60.0) as kit:
        kit.perform_writes = False
        an, binh, _, _ = seat_two(kit)
        kit.send(*a_move(kit, an, binh))
        kit.run(1.0)
        assert [type(w) for w in kit.writes] and all(isinstance(w, SaveTables) for w in kit.writes)
        assert saved_rooms(state) == []                        # the core asked; nobody wrote: the file is as it was
        with CoreKit(state_path=str(state)) as again:          # a server started on it resumes nothing
            assert again.core.rooms == {}


def test_a_write_the_disk_refused_is_made_again_at_the_next_tick(tmp_path: Path) -> None:
    state = tmp_path / "state.db"
    with CoreKit(state_path=str(state), tick=60.0) as kit:
        an, binh, _, _ = seat_two(kit)
        assert kit.file is not None
        real = kit.file.db
        kit.file.db = sqlite3.connect(f"file:{state}?mode=ro", uri=True, isolation_level=None)   # refuses writes
        kit.send(*a_move(kit, an, binh))
        kit.file.db.close()
        kit.file.db = real
        (room_id, before, _), = kit.file.load()               # the row as the start of the game wrote it
        assert room_id == 1
        kit.tick()                                             # the row the disk refused is written now
        (_, after, _), = kit.file.load()
        assert after != before



class Sent:
    """A connection of the websockets server as the adapter queues frames on it: what it was sent, in order."""

    def __init__(self, log: list[str], name: str) -> None:
        self.log, self.name, self.closing = log, name, False

    def send(self, frame: str) -> None:
        self.log.append(f"{self.name} {frame}")

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.log.append(f"{self.name} closed")


def adapter(state: Path, log: list[str]) -> TalaServer:
    """The websockets server's adapter on the running loop, its state file open, two connections that record."""
    server = TalaServer(ServerConfig(host="127.0.0.1", port=0, announce=False, state_path=str(state)))
    server.loop = asyncio.get_running_loop()
    server.state_file = StateFile(state)
    server.conns = {1: Sent(log, "An"), 2: Sent(log, "Bình")}   # type: ignore[dict-item]
    return server


def test_the_writes_of_one_turn_of_the_loop_are_one_transaction_before_any_of_their_frames(tmp_path: Path) -> None:
    state = tmp_path / "state.db"

    async def run() -> list[str]:
        log: list[str] = []
        server = adapter(state, log)
        file = server.state_file
        assert file is not None
        perform_all = file.perform_all

        def performed(writes: Sequence[StateWrite], now: float) -> bool:
            log.append(f"one write of rooms {[i for w in writes if isinstance(w, SaveTables) for i, _ in w.rows]}")
            return perform_all(writes, now)

        file.perform_all = performed                     # type: ignore[method-assign]
        server._deliver([SaveTables(rows=((1, b'{"a":1}'),)), (1, "a1"), (2, "b1")])
        server._deliver([(2, "b2")])                     # no write of its own: waits behind the first call's
        server._deliver([SaveTables(rows=((2, b'{"b":1}'),)), (1, "a2"), (1, Close(1000, "bye"))])
        log.append("the turn ends")
        await asyncio.sleep(0)
        log.append(f"rooms in the file: {[room_id for room_id, _, _ in file.load()]}")
        server._deliver([(2, "b3")])                     # nothing waits now: sent at once
        file.close()
        server.core.runner.shutdown()
        return log

    assert asyncio.run(run()) == ["the turn ends", "one write of rooms [1, 2]", "An a1", "Bình b1", "Bình b2", "An a2",
                                  "An closed", "rooms in the file: [1, 2]", "Bình b3"]


def test_each_write_of_a_turn_the_disk_refused_is_told_to_the_core_and_the_frames_still_go(tmp_path: Path) -> None:
    state = tmp_path / "state.db"
    first, second = SaveTables(rows=((1, b"{}"),)), SaveTables(gone=(3,))

    async def run() -> tuple[list[StateWrite], list[str]]:
        log: list[str] = []
        server = adapter(state, log)
        file = server.state_file
        assert file is not None
        file.db.close()
        file.db = sqlite3.connect(f"file:{state}?mode=ro", uri=True, isolation_level=None)   # refuses writes
        refused: list[StateWrite] = []
        server.core.not_written = refused.append        # type: ignore[method-assign, assignment]
        server._deliver([first, (1, "a1")])
        server._deliver([second, (2, "b1")])
        await asyncio.sleep(0)
        file.close()
        server.core.runner.shutdown()
        return refused, log

    assert asyncio.run(run()) == ([first, second], ["An a1", "Bình b1"])
