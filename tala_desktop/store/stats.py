"""Statistics of the player's games for the Thống kê screen: totals, rates, streaks, chips over time, opponents.

Only games where the player sat (``games.human_seat`` set) count. A win is
finishing Nhất or winning by Ù (ù, ù tròn, ù khan); Móm is finishing with no
phỏm laid (label ``mom``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from .rows import BadRows, by_id, read_rows

WIN_LABELS = ("nhat", "u", "u_tron", "u_khan")
U_LABELS = ("u", "u_tron", "u_khan")
_MINE = "FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = g.human_seat"


@dataclass(frozen=True)
class PlayerStats:
    games: int
    wins: int
    win_rate: float            # 0..1; 0 when no games
    u_count: int
    mom_count: int
    mom_rate: float            # 0..1
    best_streak: int           # most wins in a row
    current_streak: int        # wins in a row up to the latest game
    net_total: int             # chips won minus lost over all games


@dataclass(frozen=True)
class OpponentResult:
    """Results against one opponent (by name and level) over the games you both sat in."""

    name: str
    kind: str
    level: str | None
    games: int
    your_wins: int
    their_wins: int
    your_net: int              # your chips won (+) or lost (-) in those games


def _in(labels: tuple[str, ...]) -> str:
    return "(" + ", ".join(f"'{x}'" for x in labels) + ")"


def player_stats(conn: sqlite3.Connection) -> PlayerStats:
    games, wins, u, mom, net = conn.execute(
        f"SELECT COUNT(*), COALESCE(SUM(s.label IN {_in(WIN_LABELS)}), 0),"
        f" COALESCE(SUM(s.label IN {_in(U_LABELS)}), 0), COALESCE(SUM(s.label = 'mom'), 0),"
        f" COALESCE(SUM(s.net), 0) {_MINE}").fetchone()
    best = run = 0
    for (won,) in conn.execute(f"SELECT s.label IN {_in(WIN_LABELS)} {_MINE} ORDER BY g.finished_at, g.id"):
        run = run + 1 if won else 0
        best = max(best, run)
    return PlayerStats(games, wins, wins / games if games else 0.0, u, mom, mom / games if games else 0.0,
                       best, run, net)


def chips_over_time(conn: sqlite3.Connection, limit: int | None = None, bad: BadRows | None = None
                    ) -> list[tuple[str, int]]:
    """(time, balance after) for every change of the player's chips, oldest first; the last ``limit`` if given.
    A change whose time cannot be read is left out (kind "chips")."""
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise ValueError("limit: expected a non-negative whole number")
    if limit is None:
        rows = read_rows(conn, "SELECT id, at, balance FROM ledger ORDER BY id", (), "chips", bad, by_id)
    else:
        rows = read_rows(conn, "SELECT id, at, balance FROM (SELECT id, at, balance FROM ledger ORDER BY id DESC "
                               "LIMIT ?) ORDER BY id", (limit,), "chips", bad, by_id)
    return [(at, balance) for _, at, balance in rows]


def opponent_results(conn: sqlite3.Connection, bad: BadRows | None = None) -> list[OpponentResult]:
    """One row per opponent you have met, most games first; one whose name cannot be read is left out."""
    rows = read_rows(conn,
        f"SELECT o.name, o.kind, o.level, COUNT(*), SUM(s.label IN {_in(WIN_LABELS)}),"
        f" SUM(o.label IN {_in(WIN_LABELS)}), SUM(s.net) {_MINE}"
        " JOIN game_seats o ON o.game_id = g.id AND o.seat != g.human_seat"
        " GROUP BY o.name, o.kind, o.level ORDER BY COUNT(*) DESC, o.name, o.level", (), "opponents", bad)
    return [OpponentResult(n, k, lv, games, yw, tw, net) for n, k, lv, games, yw, tw, net in rows]
