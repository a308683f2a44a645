"""What a LAN room's parts share: its name and settings, its seats, who watches, everyone it has known, the Table.

A ``Room`` (net/rooms.py) is made of parts, each an object of its own: its
checks (net/room_checks.py), its queries about its people
(net/room_people.py), its between-games seat changes and next deal
(net/between_games.py) and its seat offers (net/seat_offers.py). Each is
handed this one ``RoomState`` when it is made, and reads and changes the
room through it; what only one part needs it keeps itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic

from tala_desktop.table import Table

from . import protocol as p
from .audience import Audience
from .limits import ServerConfig
from .members import M
from .moderation import Moderation
from .people import People
from .seating import Seats


@dataclass(eq=False)
class RoomState(Generic[M]):
    """A room's shared state: what its parts read and change (the ``Room`` and each part hold the same one)."""

    id: int
    name: str
    settings: p.TableSettings
    config: ServerConfig
    seats: Seats[M]
    audience: Audience[M] = field(default_factory=Audience)        # the people watching
    people: People = field(default_factory=People)       # everyone the table has known: ids, chips, evening
    moderation: Moderation = field(init=False)           # who the host removed or muted, by person
    table: Table | None = None                           # the hosted table, once started

    def __post_init__(self) -> None:
        self.moderation = Moderation(self.people)

    @property
    def playing(self) -> bool:
        """The table has started (its games are dealt, one after another)."""
        return self.table is not None
