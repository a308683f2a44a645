"""The server core writes nothing itself: a move's call hands its adapter the table's row to write, ahead of the
frames that show the move; an adapter that does not do the write leaves the file as it was, and a write the disk
refused is made again at the next tick."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tala_desktop.net import protocol as p
from tala_desktop.net.sessions import SaveTables
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
