"""The evening's scoreboard of a LAN table: each person who played, their games and the chips won or lost.

A table keeps every person's evening (net/people.py); the ``scoreboard``
event carries it: to everyone at the table after each game (so an app that
closes first still holds the latest), and as the last word to whoever leaves
the table or is removed, and to everyone when the table or the server
closes. ``you`` is the receiver's own id there, so the app knows its row.
A client decodes it as strictly as any server frame (a rogue server is
hostile): bounded rows, names, games and amounts.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from .people import MAX_CHIPS, MAX_MEMBER_ID, People

MAX_ROWS = 64           # rows a client takes (the most active people first)
MemberId = Annotated[int, msgspec.Meta(ge=1, le=MAX_MEMBER_ID)]


class ScoreRow(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One person's evening at the table."""

    member: MemberId
    name: Annotated[str, msgspec.Meta(max_length=48)]
    games: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    net: Annotated[int, msgspec.Meta(ge=-MAX_CHIPS, le=MAX_CHIPS)]


class Scoreboard(msgspec.Struct, tag="scoreboard", tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """Table ``table``'s evening so far (``final``: the receiver's evening there is over: they left, or it closed)."""

    table: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
    rows: Annotated[list[ScoreRow], msgspec.Meta(max_length=MAX_ROWS)]
    you: MemberId | None = None
    final: bool = False


def scoreboard_rows(people: People) -> list[ScoreRow]:
    """Everyone who played a game at the table, the most chips won first (then the most games, then by name)."""
    rows = [ScoreRow(member=s.member, name=s.name, games=s.games, net=s.net) for s in people.stakes.values()
            if s.games]
    rows.sort(key=lambda r: (-r.net, -r.games, r.name))
    return rows[:MAX_ROWS]


def scoreboard_frame(table: int, rows: list[ScoreRow], you: int | None, final: bool) -> str:
    return msgspec.json.encode(Scoreboard(table=table, rows=rows, you=you, final=final)).decode()
