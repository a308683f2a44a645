"""Every table of a server has its bots decided in one runner, on the server's stepped clock: several tables play
side by side through lanes of it, and one table's end stops none of the others' bots."""

from __future__ import annotations

import threading

from tala_desktop.bots.lanes import Lane

from .core_kit import CoreKit
from .core_table import CoreTable


def bot_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("bot")]


def play_all(tables: list[CoreTable], game_id: int) -> None:
    """Play every table's game ``game_id`` to its end on the one stepped clock (bounded)."""
    for _ in range(20_000):
        for t in tables:
            t.read()
        if all(t.game_over(game_id)() for t in tables):
            return
        if not any(t.act() for t in tables):
            tables[0].kit.tick(0.05)
    raise AssertionError(f"game {game_id} did not end at every table")


def test_several_tables_play_their_bots_in_the_one_runner_on_the_stepped_clock() -> None:
    before = set(bot_threads())                   # (another test's runner may still be winding down)
    with CoreKit(max_tables_per_address=10) as kit:       # every table's host on one address
        tables = [CoreTable(kit, [f"Người {i}"], seats=3, bots=["random"] * 3) for i in range(3)]
        rooms = [kit.core.rooms[t.id] for t in tables]
        assert all(isinstance(r.runner, Lane) for r in rooms) and len({id(r.runner) for r in rooms}) == 3
        play_all(tables, 1)
        asked = kit.runner.decided
        assert asked >= 3 * 2                     # every table's two bots were asked, all of them of the kit's runner
        assert set(bot_threads()) <= before       # ...and no table started threads of its own
        kit.say(tables[0].conns[0], type="leave")  # the first table's only player leaves: it closes
        assert tables[0].id not in kit.core.rooms
        for t in tables[1:]:
            kit.say(t.conns[0], type="next_game")
        play_all(tables[1:], 2)                   # the others' bots play on
        assert kit.runner.decided > asked


def test_a_server_runs_every_tables_bots_in_one_pool_of_threads_however_many_tables() -> None:
    before = set(bot_threads())
    with CoreKit(threads=True, bot_workers=2, max_tables_per_address=10) as kit:
        tables = [CoreTable(kit, [f"Người {i}"], seats=4, bots=["random"] * 4) for i in range(6)]
        shared = kit.core.runner
        assert all(kit.core.rooms[t.id].runner._shared is shared for t in tables)   # type: ignore[union-attr]
        play_all(tables, 1)
        mine = [name for name in bot_threads() if name not in before]
        assert 0 < len(mine) <= 2                          # a table's own runner would have started one each
        kit.say(tables[0].conns[0], type="leave")          # one table closes: its lane, not the server's runner
        kit.say(tables[1].conns[0], type="next_game")
        play_all([tables[1]], 2)
    assert set(bot_threads()) <= before                    # the server's stop ended its runner
