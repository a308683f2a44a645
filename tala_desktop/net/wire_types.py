"""The LAN protocol's shared value types: the bounded fields and the lobby's view of a table.

``TableInfo`` (with its ``SeatInfo`` and ``InviteInfo``) is what a client is
told of a table: its seats, who watches, who is muted, how long the next deal
waits and which seats are offered to someone watching. net/protocol.py builds
its commands and events on these; a client decodes them as strictly as the
server decodes commands.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from tala_desktop.bots import BotLevel
from tala_desktop.table import LOBBY_KINDS, SeatKind

from .chat_text import MAX_CHAT
from .names import MAX_NAME, allowed_name_char, clean_name  # noqa: F401 - the name rules (net/names.py), read here

MAX_PASSWORD = 64

Token = Annotated[str, msgspec.Meta(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
PersonKey = Annotated[str, msgspec.Meta(min_length=22, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Password = Annotated[str, msgspec.Meta(max_length=MAX_PASSWORD)]
AVATARS = 64                     # avatar ids 0..63, as the store keeps them (each app draws the ones it has)
Avatar = Annotated[int, msgspec.Meta(ge=0, lt=AVATARS)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
TableId = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
# what a client takes from a server (a rogue one is bounded like a client is)
MAX_SHOWN_NAME = 2 * MAX_NAME + 8       # a chosen name, or one made unique ("Lan (2)")
MAX_WATCHERS_SHOWN = 64
MAX_PEOPLE_SHOWN = MAX_WATCHERS_SHOWN + 4   # the watchers and the seated players
MAX_TABLES_SHOWN = 1000
ShownName = Annotated[str, msgspec.Meta(max_length=MAX_SHOWN_NAME)]
ShownText = Annotated[str, msgspec.Meta(max_length=2 * MAX_CHAT)]
Word = Annotated[str, msgspec.Meta(max_length=40)]          # a code, a reason, a preset
ServerName = Annotated[str, msgspec.Meta(max_length=64)]
GameId = Annotated[int, msgspec.Meta(ge=0)]
MemberId = Annotated[int, msgspec.Meta(ge=1, le=2 ** 31 - 1)]   # a person at a table (the id its state shows)


def check_lobby_kind(kind: SeatKind) -> None:
    """A lobby seat is a player's, a bot's or empty; a table's own kinds (human, remote) never cross the wire."""
    if kind not in LOBBY_KINDS:
        raise ValueError(f"kind: unknown seat kind {kind!r} (choose from {', '.join(LOBBY_KINDS)})")


class SeatInfo(msgspec.Struct, kw_only=True):
    seat: Seat
    kind: SeatKind              # "empty" (a bot fills it at the start), "player" or "bot"
    name: ShownName | None = None
    level: BotLevel | None = None  # bot level (for empty seats: the level that will fill it)
    ready: bool = False
    host: bool = False
    connected: bool = True
    left: bool = False
    avatar: int | None = None      # a seated player's avatar (hello's); None: drawn in the name's colour
    member: MemberId | None = None  # the seated person's id (what the host's set_seat, kick and mute name)
    joining: bool = False          # sat down between games: plays from the next game on
    away: Annotated[float, msgspec.Meta(ge=0, le=3600)] | None = None  # dropped: s its seat is still kept for them

    def __post_init__(self) -> None:
        check_lobby_kind(self.kind)


class InviteInfo(msgspec.Struct, kw_only=True):
    """A seat offered to someone watching, waiting for their answer."""

    seat: Seat
    member: MemberId


class TableInfo(msgspec.Struct, kw_only=True):
    id: TableId
    name: ServerName
    state: Literal["lobby", "playing"]
    seats: Annotated[list[SeatInfo], msgspec.Meta(max_length=4)]
    bet: int
    turn_seconds: int
    preset: Word
    bots: Annotated[list[BotLevel], msgspec.Meta(max_length=4)]
    password: bool
    host: Seat | None
    players: Annotated[int, msgspec.Meta(ge=0, le=4)]
    game_id: int = 0
    next_votes: Annotated[list[Seat], msgspec.Meta(max_length=4)] = []
    watchers: Annotated[list[ShownName], msgspec.Meta(max_length=MAX_WATCHERS_SHOWN)] = []   # who watches
    watcher_ids: Annotated[list[MemberId], msgspec.Meta(max_length=MAX_WATCHERS_SHOWN)] = []  # same order
    muted: Annotated[list[ShownName], msgspec.Meta(max_length=MAX_PEOPLE_SHOWN)] = []  # the host muted them
    muted_ids: Annotated[list[MemberId], msgspec.Meta(max_length=MAX_PEOPLE_SHOWN)] = []  # ... by their ids
    deal_wait: Annotated[float, msgspec.Meta(ge=0, le=600)] = 0.0   # s the next deal waits for a watcher to sit
    invites: Annotated[list[InviteInfo], msgspec.Meta(max_length=4)] = []   # seats offered, waiting for an answer
    held: Annotated[float, msgspec.Meta(ge=0, le=600)] = 0.0   # s the host holds the next deal at most (0: not held)
    stood: Annotated[list[ShownName], msgspec.Meta(max_length=4)] = []   # stood up as the last game ended: the
    #                                                                     clock had played their turns (absent)
    host_member: MemberId | None = None   # the host's id, seated or watching (``host`` is their seat, if any)
