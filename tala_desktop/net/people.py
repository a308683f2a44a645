"""The people one LAN table has known, for the table's life: each one's id there, chips, evening and moderation.

A person is who their app says they are (the hash ``Session.person``), never a name:
two apps named "Lan" are two people, and one person back under a new name is the
same one. ``People`` keeps, per person, the id the table state shows them by (the
host's commands name it), the chips they hold while not seated (their seat's
balance is the table's while they sit), their evening so far (games charged to
them and the chips won or lost in them, for the scoreboard), the name they had
here last, and whether the host removed or muted them. It lasts as long as the
table, also across a server restart (net/persist.py), so leaving and coming back
changes nothing of it. A table remembers at most ``MAX_PEOPLE``: past that, the
longest gone with nothing to remember (no game, no chips of their own, no mark)
are forgotten first.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated

import msgspec

MAX_MEMBER_ID = 2 ** 31 - 1
MAX_PEOPLE = 256            # people one table remembers (a churn of new identities cannot grow it further)
MAX_CHIPS = 10 ** 12        # chips a person may hold at a table (a saved value beyond is not a table's)
PersonHash = Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{64}$")]    # what Session.person is


@dataclass
class Stake:
    """One person at one table: their id there, and what the table keeps of them."""

    member: int                 # their id at this table (what the table state shows and the host's commands name)
    name: str                   # the name they had here last
    chips: int | None = None    # the chips they hold while not seated (None: they sit now, or never sat: a buy-in)
    games: int = 0              # games charged to them this evening
    net: int = 0                # chips won (+) or lost (-) in those games
    kicked: bool = False        # the host removed them: they may not come back
    muted: bool = False         # the host muted them at this table
    seen: int = 0               # when they were last at the table, in the ledger's own order (who goes first)

    @property
    def remembered(self) -> bool:
        """Something of them must outlive their absence."""
        return bool(self.games or self.chips is not None or self.kicked or self.muted)


class People:
    """Every person a table has known, by the key the server knows them by."""

    def __init__(self, limit: int = MAX_PEOPLE) -> None:
        self.limit = limit
        self.stakes: dict[str, Stake] = {}
        self._next = 1 + secrets.randbelow(2 ** 30)   # ids start at a random base: a restarted table's differ
        self._tick = 0

    def __len__(self) -> int:
        return len(self.stakes)

    def get(self, person: str) -> Stake | None:
        return self.stakes.get(person)

    def of(self, person: str, name: str, present: Iterable[str] = ()) -> Stake:
        """``person``'s stake here (made on first sight, under ``name``; ``present``: the people at the table now,
        never forgotten to make room)."""
        self._tick += 1
        stake = self.stakes.get(person)
        if stake is None:
            if len(self.stakes) >= self.limit:
                self._make_room(set(present))
            stake = self.stakes[person] = Stake(self._new_id(), name)
        stake.seen = self._tick
        return stake

    def id_of(self, person: str) -> int | None:
        stake = self.stakes.get(person)
        return None if stake is None else stake.member

    def find(self, member_id: int) -> str | None:
        """The person whose id here is ``member_id`` (None: nobody's)."""
        return next((k for k, s in self.stakes.items() if s.member == member_id), None)

    def restore(self, person: str, stake: Stake) -> None:
        """Put back a stake kept in the state file (ids given from then on never meet a kept one)."""
        self.stakes[person] = stake
        self._next = max(self._next, stake.member + 1) if stake.member < MAX_MEMBER_ID else self._next
        self._tick = max(self._tick, stake.seen)

    def _new_id(self) -> int:
        taken = {s.member for s in self.stakes.values()}
        while self._next in taken:
            self._next = self._next + 1 if self._next < MAX_MEMBER_ID else 1
        got = self._next
        self._next = self._next + 1 if self._next < MAX_MEMBER_ID else 1
        return got

    def _make_room(self, present: set[str]) -> None:
        """Forget the person gone longest who has nothing to remember; if everyone has, the one gone longest."""
        gone = [(s.remembered, s.seen, k) for k, s in self.stakes.items() if k not in present]
        if gone:
            del self.stakes[min(gone)[2]]


class SavedStake(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A stake as the server's state file keeps it (net/persist.py); decoding checks every bound."""

    person: PersonHash
    member: Annotated[int, msgspec.Meta(ge=1, le=MAX_MEMBER_ID)]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=48)]
    chips: Annotated[int, msgspec.Meta(ge=0, le=MAX_CHIPS)] | None = None
    games: Annotated[int, msgspec.Meta(ge=0, le=10 ** 9)] = 0
    net: Annotated[int, msgspec.Meta(ge=-MAX_CHIPS, le=MAX_CHIPS)] = 0
    kicked: bool = False
    muted: bool = False
    seen: Annotated[int, msgspec.Meta(ge=0)] = 0


def saved_people(people: People) -> list[SavedStake]:
    return [SavedStake(person=k, member=s.member, name=s.name, chips=s.chips, games=s.games, net=s.net,
                       kicked=s.kicked, muted=s.muted, seen=s.seen) for k, s in people.stakes.items()]


def load_people(people: People, stakes: list[SavedStake]) -> None:
    """Put the people of a table saved in the state file into ``people`` (ValueError: more than a table keeps, or
    one id or person twice)."""
    if len(stakes) > people.limit or len({s.member for s in stakes}) != len(stakes) \
            or len({s.person for s in stakes}) != len(stakes):
        raise ValueError("the saved table's people are too many, or one id or person is there twice")
    for s in stakes:
        people.restore(s.person, Stake(s.member, s.name, s.chips, s.games, s.net, s.kicked, s.muted, s.seen))
