"""Table view: the frozen values the table shows itself through — each frame's TableView, and TableBelow for dialogs.

Each frame the table scene builds a ``TableView``: the layout and the model,
your side's ``Highlights``, where your hand's cards and the animations are
this frame (``HandFrame``, ``AnimFrame``), the running clock, the glows'
pulse, the thinking seat, the status line and the game log, each seat's
avatar, the buttons shown as frozen ``ButtonLook``s, every text already
said in the language shown (``TableWords``), the felt's colour and how
cards are drawn. It is a value: no field holds a widget or a function, two
frames that look the same compare equal, and ``TablePainter.draw(surface,
view)`` reads only that. The layer over the table (the chat, the
reactions, a coach) is drawn after it from the same view.

A dialog over the table (the pause menu, the results) reads ``TableBelow``
instead, from a function the scene hands it: the layout it centres on, the
game shown, whether you only watch, whether the table pauses and keeps an
autosave, whether the table below changed since its last frame, and who
else sits at a LAN table this app hosts (quitting closes it for them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..art.card_art import CardArt
from ..widgets.button_look import ButtonLook
from .anim import AnimFrame
from .clock import SeatClock
from .hand_view import HandFrame
from .highlights import Colour, Highlights
from .layout import TableLayout
from .model import TableModel
from .words import TableWords


@dataclass(frozen=True)
class SeatAvatars:
    """The avatar drawn at each seat: yours as your profile chose it, another player's as they chose theirs (a LAN
    table, ``others`` by seat), None (the colour of the name) for a bot."""

    mine: int | None = None
    others: Callable[[int], int | None] | None = None

    def at(self, m: TableModel | None, seat: int, watching: bool) -> int | None:
        if m is not None and seat == m.me and not watching:
            return self.mine
        return self.others(seat) if self.others is not None else None

    def of(self, m: TableModel | None, watching: bool) -> tuple[int | None, ...]:
        """Each seat's avatar at the table of ``m`` (none without a game shown)."""
        return tuple(self.at(m, seat, watching) for seat in range(m.n)) if m is not None else ()


@dataclass(frozen=True)
class CardColours:
    """How cards are drawn: faces in four suit colours or two, and the colour of the backs."""

    four_colour: bool = False
    back: str = "red"

    @classmethod
    def of(cls, art: CardArt) -> CardColours:
        """The colours ``art`` draws with now (the settings applied to it)."""
        return cls(art.four_colour, art.back_colour)


@dataclass(frozen=True, kw_only=True)
class TableView:
    """Everything one frame of the table shows (see the module docstring); built by keywords."""

    layout: TableLayout
    model: TableModel | None
    highlights: Highlights
    hand: HandFrame
    anim: AnimFrame
    clock: SeatClock | None               # the running clock (None: no clock, or the game is over)
    now: float                            # the scene's clock: the ring's pulse, the thinking dots
    pulse: float                          # the glows' brightness, 0..1
    thinking_seat: int | None
    status: tuple[str, Colour]
    log: tuple[str, ...]                  # the game log's last lines, said in the language shown
    words: TableWords                     # the header, the stock's count, the seats' plates and badges
    table_number: int
    bet: int | None                       # the table's bet before its first snapshot (None: not known yet)
    looks: tuple[int | None, ...]         # each seat's avatar (None: the colour of the name)
    buttons: tuple[ButtonLook, ...]       # the table's buttons shown now
    controls: tuple[ButtonLook, ...]      # the menu button and the header's
    log_open: bool = False                # the log is opened (a click on it): it shows ``log`` in a taller box
    felt: str                             # the table cloth's colour (a key of the felt colours)
    cards: CardColours                    # how the cards' faces and backs are drawn
    language: str                         # the language the words and the log are said in

    def remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock this frame, or (0, 0) when it has none running."""
        c = self.clock
        if c is None or c.seat != seat:
            return 0.0, 0.0
        return c.remaining, c.total

    def look_of(self, seat: int) -> int | None:
        return self.looks[seat] if 0 <= seat < len(self.looks) else None


@dataclass(frozen=True)
class TableBelow:
    """What a dialog over the table reads of it now (see the module docstring)."""

    layout: TableLayout
    model: TableModel | None
    spectator: bool           # only watching: no seat, or a bots-only table
    can_pause: bool           # offline: the pause menu holds the table; at a LAN table the game goes on
    saved: bool               # an unfinished game here is autosaved (Chơi tiếp)
    changed: bool             # the table's next frame differs from its last (it plays on under the dialog)
    closes_for: tuple[str, ...] = ()   # the others at a LAN table this app hosts: quitting closes it for them
    practice: bool = False    # the tutorial's lessons: no chips at stake, leaving costs nothing
    votes: bool = True        # your vote deals the next game (someone watching a LAN table, or who stood up, has none)
