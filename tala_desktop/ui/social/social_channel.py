"""What the social layer shows: one chat line or reaction (``ChatMessage``), the people at the table, the channel.

A ``Person`` is someone at the table (seated or watching) as the people menu
shows them: whether the host muted them, and what you may do about them now
(``SeatChoice`` values: the host's "Mời vào ghế 3", "Cấm chat", "Mời ra",
the last asked first: ``confirm``).
A ``SocialChannel`` is the table's social side beside its ``TableClient``:
the LAN session sends chat and reactions to the server and hands back what
the server relays (your own lines too, in the server's order); offline, the
channel answers your reactions with the computer players' (table/reactions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class ChatMessage:
    """A chat line (``text``) or a quick reaction (``reaction``: a key of table/reactions.py) from the table."""

    name: str
    seat: int | None = None        # the sender's seat; None when watching (or a notice from the table)
    text: str = ""
    reaction: str | None = None
    watching: bool = False
    mine: bool = False
    notice: bool = False           # a line from the table itself (a refusal), not from a person
    earlier: bool = False          # said before the table showed (the lobby's chat): in the chat, no bubble


@dataclass(frozen=True)
class SeatChoice:
    """A seat change offered between games (sit down, stand up, the host's swaps): its label and its action."""

    label: str
    act: Callable[[], None] = field(compare=False)
    confirm: str = ""              # asked first, in words that name whom it is about ("" : done at once)
    key: object = None             # what it is about, stable while the row changes (the person's id, not a place)

    @property
    def ident(self) -> object:
        """The choice's identity across offers: its key, else its words."""
        return self.key if self.key is not None else self.label


@dataclass(frozen=True)
class Person:
    """Someone at the table: their name as shown, their seat (None: watching), whether the host muted them, what
    you may do about them now (the host's choices; none for yourself, a bot or a guest's view), and whether they
    are away."""

    name: str
    seat: int | None = None
    muted: bool = False
    actions: tuple[SeatChoice, ...] = ()
    away: int | None = None        # dropped: the whole seconds their seat is still kept (the computer plays it)

    @property
    def key(self) -> tuple[int | None, str]:
        return (self.seat, self.name)


class SocialChannel(Protocol):
    """The social side of one table: send chat and reactions, poll what was said (in order)."""

    @property
    def can_chat(self) -> bool:
        """True when free text can be sent (LAN); offline there are only reactions."""
        ...

    @property
    def watchers(self) -> list[str]:
        """The names of the people watching the table (LAN), in the order they came."""
        ...

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        """The seat changes offered now (LAN, between games): sit down, stand up, the host's swaps."""
        ...

    @property
    def times_deals(self) -> bool:
        """True when the table says when the next game comes (LAN): the results show its line, not their own."""
        ...

    def between_note(self, between_games: bool, now: float, local_left: float | None = None) -> str:
        """When the next game comes and why it waits (LAN, between games), in words; "" when there is nothing to
        say. ``now``: the clock ``poll_chat`` is given; ``local_left``: the results' own countdown, if they show."""
        ...

    def held(self) -> bool:
        """The host holds the next deal now (LAN)."""
        ...

    def people(self, between_games: bool) -> list[Person]:
        """The people at the table (the seated players, then those watching) with what you may do about them."""
        ...

    def you_muted(self) -> bool:
        """The host muted you at this table (LAN): your lines are refused until they let you chat again."""
        ...

    def send_chat(self, text: str) -> None: ...
    def send_reaction(self, key: str) -> None: ...
    def poll_chat(self, now: float) -> list[ChatMessage]: ...
