"""The seats of one LAN table: who sits where under which name, ready marks, the host, and once started each
seat's kind, the seats whose player left and the votes for the next game.

Bookkeeping only, no I/O and no rules of who may do what: the room
(net/rooms.py) checks a command, then changes the seats through these
methods, which keep them consistent (a freed seat loses its ready mark and
its vote), and tells everyone. The host is a person (the table's
creator), seated or watching: standing up keeps the role; only leaving passes
it (``pass_host``). A seat holds a ``Member`` (net/members.py) and the name it has
at this table (unique there: net/names.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic

from tala_desktop.table import SeatKind

from . import protocol as p
from .members import M


class Seats(Generic[M]):
    """The seats of one table, indexed 0..n-1."""

    def __init__(self, n: int) -> None:
        self.members: list[M | None] = [None] * n
        self.names: list[str | None] = [None] * n   # each player's name here (unique at the table)
        self.ready: set[int] = set()
        self.host_person: str | None = None  # the host: the table's creator, seated or watching, until they leave
        self.kinds: list[SeatKind] = []     # per seat once started: a player, a bot or empty (between games)
        self.left: set[int] = set()         # player seats that left a started table (the engine plays them)
        self.votes: set[int] = set()        # seats that asked for the next game

    # ------------------------------------------------------------ queries
    def __len__(self) -> int:
        return len(self.members)

    def __getitem__(self, seat: int) -> M | None:
        return self.members[seat]

    def __iter__(self) -> Iterator[M | None]:
        return iter(self.members)

    @property
    def host(self) -> int | None:
        """The host's seat (None: the host watches, or there is none)."""
        person = self.host_person
        return next((i for i, m in enumerate(self.members) if m is not None and m.person == person), None)

    def seated(self) -> list[M]:
        return [m for m in self.members if m is not None]

    def free(self) -> list[int]:
        return [i for i, m in enumerate(self.members) if m is None]

    def index(self, member: M) -> int | None:
        """The seat ``member`` sits at (None: they sit nowhere here)."""
        for i, m in enumerate(self.members):
            if m is member:
                return i
        return None

    def taken_names(self) -> list[str]:
        return [n for n in self.names if n is not None]

    def not_ready(self) -> list[int]:
        """The seated players, the host apart, who are not ready yet."""
        return [i for i, m in enumerate(self.members) if m is not None and i != self.host and i not in self.ready]

    def not_voted(self) -> list[int]:
        """The connected players who have not asked for the next game yet."""
        return [i for i, m in enumerate(self.members) if m is not None and m.connected and i not in self.votes]

    def next_host(self, after: int) -> int | None:
        """The first seated player after seat ``after`` (None: nobody sits)."""
        n = len(self.members)
        return next(((after + k) % n for k in range(1, n + 1) if self.members[(after + k) % n] is not None), None)

    def infos(self, settings: p.TableSettings, names: list[str] | None, ids: Callable[[M], int],
              joining: Iterable[int] = (), away: Callable[[M], float | None] = lambda m: None) -> list[p.SeatInfo]:
        """Every seat as the lobby shows it (``names``: the started table's, None before the start; ``ids``: each
        person's id at the table; ``joining``: the seats taken between games, played from the next game on;
        ``away``: the seconds a dropped player's seat is still kept for them)."""
        out, host = [], self.host
        for i, m in enumerate(self.members):
            if m is not None:
                out.append(p.SeatInfo(seat=i, kind=SeatKind.PLAYER, name=self.names[i],
                                      ready=i in self.ready or i == host, host=i == host,
                                      connected=m.connected, avatar=m.avatar, member=ids(m), joining=i in joining,
                                      away=away(m)))
            elif names is not None and self.kinds[i] == SeatKind.PLAYER:
                out.append(p.SeatInfo(seat=i, kind=SeatKind.PLAYER, name=names[i], left=True, connected=False))
            elif names is not None and self.kinds[i] == SeatKind.EMPTY:  # between games: free for someone watching
                out.append(p.SeatInfo(seat=i, kind=SeatKind.EMPTY, level=settings.bot_level(i), ready=True))
            else:
                kind = SeatKind.BOT if names is not None else SeatKind.EMPTY
                out.append(p.SeatInfo(seat=i, kind=kind, name=names[i] if names is not None else None,
                                      level=settings.bot_level(i), ready=True))
        return out

    # ------------------------------------------------------------ changes
    def take(self, seat: int, member: M, name: str) -> None:
        """``member`` sits at the free ``seat`` as ``name``; the first to sit at the table is its host."""
        self.members[seat], self.names[seat] = member, name
        if self.host_person is None:
            self.host_person = member.person

    def vacate(self, seat: int, keep_name: bool = False) -> None:
        """Nobody sits at ``seat`` now (``keep_name``: the engine plays on under the name); its ready mark and
        vote go (a host who stands up stays the host: only leaving passes the role, ``pass_host``)."""
        self.members[seat] = None
        if not keep_name:
            self.names[seat] = None
        self.ready.discard(seat)
        self.votes.discard(seat)

    def pass_host(self, after: int | None, watchers: list[M]) -> None:
        """The host left: the role passes to the first seated player after seat ``after`` (the host's; None: they
        watched), else to the first person watching, else to nobody."""
        seat = self.next_host(after if after is not None else len(self.members) - 1)
        heir = self.members[seat] if seat is not None else next(iter(watchers), None)
        self.host_person = heir.person if heir is not None else None

    def move(self, old: int, new: int) -> None:
        """The player at ``old`` moves to the free seat ``new`` (not ready there; the host stays the host)."""
        self.members[old], self.members[new] = None, self.members[old]
        self.names[old], self.names[new] = None, self.names[old]
        self.ready.discard(old)

    def resize(self, n: int) -> None:
        """The table now has ``n`` seats (nobody sits beyond); every ready mark goes."""
        self.members = (self.members + [None] * 4)[:n]
        self.names = (self.names + [None] * 4)[:n]
        self.ready.clear()
