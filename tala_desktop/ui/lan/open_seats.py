"""Which seats of a listed LAN table are free now, and where Vào on a friend's table goes.

The LAN pages read the protocol's ``TableInfo`` (the server's table list and
the lobby) through these: the seats nobody holds, a started table with one
free between games, and the one table Vào joins at once.
"""

from __future__ import annotations

from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind


def free_seats(table: p.TableInfo) -> list[int]:
    """The seats of ``table`` nobody holds, neither a person nor a bot (a bot takes them at the next deal)."""
    return [x.seat for x in table.seats if x.kind == SeatKind.EMPTY and x.name is None]


def free_between_games(table: p.TableInfo) -> bool:
    """A started table with a seat free now (between games: its player left, or the host opened it)."""
    return table.state == "playing" and bool(free_seats(table))


def open_table(tables: list[p.TableInfo]) -> p.TableInfo | None:
    """Where Vào on a friend's table goes: the server's table when it has just one, with a seat to take now (in its
    lobby, or left free between games; a PIN table asks its PIN first); None: the player chooses from the list (or
    watches)."""
    if len(tables) != 1:
        return None
    table = tables[0]
    return table if (table.state == "lobby" and table.players < len(table.seats)) or free_between_games(table) \
        else None
