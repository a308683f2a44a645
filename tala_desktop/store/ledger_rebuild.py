"""The chip ledger rebuilt from what it summarises: the games the player sat in, their grants and their top-ups.

Version 2's backfill wrote one row per old game and nothing else: no
starting grant, no top-up, a balance of ``net`` alone where a game's
``balance_before`` was unknown (so the chips chart went negative), and
rows ordered by the text of their time, which misorders times written
with different UTC offsets. ``rebuild_ledger`` writes the ledger again:

- every change in UTC order (times that cannot be read keep their text
  order, after those that can);
- the starting grant first, at the profile's creation, of the first
  balance the games knew (``STARTING_GRANT`` when they knew none);
- a top-up wherever a game's ``balance_before`` shows chips came in since
  the change before it;
- balances computed cumulatively (never below 0, as settling pays), and a
  last row that brings the ledger to the wallet when they still differ.

A ledger that was right is written again unchanged but for its row ids.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone

from .allowance import STARTING_GRANT


@dataclass
class _Change:
    at: str
    delta: int
    reason: str                 # grant | topup | game | adjust
    game_uid: str | None = None
    before: int | None = None   # a game's balance before it, when the game knew it
    order: int = 0              # the original order among changes at the same time (the ledger's row id)
    after: int | None = None    # the balance the ledger already had after this game


def utc_key(at: str | None) -> tuple[int, datetime | str]:
    """A sort key: readable ISO times by their UTC instant (no offset: taken as UTC), then the rest as text."""
    if at:
        try:
            when = datetime.fromisoformat(at)
        except ValueError:
            return (1, at)
        return (0, when.astimezone(timezone.utc) if when.tzinfo else when.replace(tzinfo=timezone.utc))
    return (1, "")


def rebuild_ledger(conn: sqlite3.Connection) -> int:
    """Write the ledger again (inside the caller's transaction); returns the rows written."""
    profile = conn.execute("SELECT balance, created_at FROM profile WHERE id = 1").fetchone()
    logged = {uid: (row_id, balance, delta) for row_id, uid, balance, delta in conn.execute(
        "SELECT id, game_uid, balance, delta FROM ledger WHERE reason = 'game' AND game_uid IS NOT NULL")}
    changes = [_Change(at, delta, reason, order=row_id) for row_id, at, delta, reason in conn.execute(
        "SELECT id, at, delta, reason FROM ledger WHERE reason IN ('grant', 'topup', 'adjust')")]
    last = max([c.order for c in changes] + [row[0] for row in logged.values()] + [0])
    for i, (at, net, uid, before) in enumerate(conn.execute(
            "SELECT g.finished_at, s.net, g.uid, s.balance_before FROM games g "
            "JOIN game_seats s ON s.game_id = g.id AND s.seat = g.human_seat ORDER BY g.id").fetchall()):
        row = logged.get(uid)
        if row is None:
            changes.append(_Change(at, net, "game", uid, before, order=last + 1 + i))
            continue
        row_id, balance, delta = row
        faulty = before is None and balance == delta          # the old backfill's "net alone": nothing known
        changes.append(_Change(at, delta, "game", uid, None if faulty else balance - delta, order=row_id,
                               after=None if faulty else balance))
    changes.sort(key=lambda c: (utc_key(c.at), c.order))
    if profile is None and not changes:
        conn.execute("DELETE FROM ledger")
        return 0
    if not any(c.reason == "grant" for c in changes):
        first = next((c.before for c in changes if c.before is not None), None)
        created = profile[1] if profile is not None and profile[1] else (changes[0].at if changes else "")
        changes.insert(0, _Change(created, STARTING_GRANT if first is None else first, "grant"))
    rows: list[tuple[str, int, int, str, str | None]] = []
    balance = 0
    for c in changes:
        if c.reason == "game":
            follows = c.after is not None and c.after == max(0, balance + c.delta)
            if c.before is not None and c.before != balance and not follows:    # chips came in (or went) since
                rows.append((c.at, c.before - balance, c.before, "topup" if c.before > balance else "adjust", None))
                balance = c.before
            balance = max(0, balance + c.delta)
            rows.append((c.at, c.delta, balance, "game", c.game_uid))
        else:
            balance = max(0, balance + c.delta)
            rows.append((c.at, c.delta, balance, c.reason, None))
    if profile is not None and profile[0] != balance:            # the wallet is the truth
        rows.append((rows[-1][0] if rows else profile[1], profile[0] - balance, profile[0],
                     "topup" if profile[0] > balance else "adjust", None))
    conn.execute("DELETE FROM ledger")
    conn.executemany("INSERT INTO ledger (at, delta, balance, reason, game_uid) VALUES (?, ?, ?, ?, ?)", rows)
    return len(rows)
