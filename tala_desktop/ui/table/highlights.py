"""Table highlights: the values the table's input logic hands to the drawing — what is lit, raised and offered now.

``Highlights`` says what your side of the table shows at this moment:
the raised and selected cards, the outlines on your cards, the phỏm that
take a send and the arrows to them, the glowing stock and discard, the
buttons that apply (with their slot), the guide line and the points your
cards would count now. ``TableActions``
computes it after every change (a snapshot, a click, a hint), the scene
stores it, and the hand view and the painter only read it; it is frozen,
so drawing a frame cannot change what the next frame shows.

``Effects`` is what one input or one of the actions' answers asks of the
scene, which carries it out in one place: from the input (input.py) a
``HandGesture`` for your hand view (hover, press, drag, release), a
``Pick`` for the actions (a card clicked or dragged off, the stock, a
discard or a phỏm pressed, a button), the pause menu, a header control
clicked, the buttons now under the pointer (``ButtonPointer``), a redraw; from the
actions the commands to send, the status line to show, the cards to shake,
a new hand order and a hint asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from tala_desktop.engine import Move

from .lay_assist import LayCheck
from .modes import Gesture, Mode, TableButton
from .pointer import Target

Colour = tuple[int, int, int]
SendTarget = tuple[int, int]                  # (seat, index of the laid phỏm)
ShakeKey = tuple[str, int]                    # ("hand", card) or ("pile", card)
Attempt = tuple[str, int | None]              # what a command tried (kind, card): words for a refusal
Point = tuple[int, int]
K = TypeVar("K")
V = TypeVar("V")


def frozen_map(items: Mapping[K, V] | None = None) -> Mapping[K, V]:
    """A read-only copy of ``items``."""
    return MappingProxyType(dict(items or {}))


@dataclass(frozen=True)
class ShownButton:
    """A button that applies now: which one, its layout slot, whether it glows, whether it waits for input."""

    name: TableButton
    slot: int
    glow: bool = False
    needs_input: bool = True      # hidden while cards fly or a command is on its way


@dataclass(frozen=True)
class Highlights:
    """What your side of the table shows now (see the module docstring)."""

    mode: Mode = Mode.WAIT
    raised: frozenset[int] = frozenset()
    selected: int | None = None
    outline: Mapping[int, Colour] = field(default_factory=frozen_map)
    send_targets: Mapping[SendTarget, Colour] = field(default_factory=frozen_map)
    send_arrows: Mapping[int, SendTarget] = field(default_factory=frozen_map)
    stock_glow: bool = False
    discard_glow: bool = False
    buttons: tuple[ShownButton, ...] = ()
    guide: str = ""
    guide_colour: Colour | None = None
    lay_check: LayCheck | None = None
    points: int = 0               # what your cards would count now (the trash after the best arrangement)

    def __hash__(self) -> int:
        return hash((self.mode, self.raised, self.selected, tuple(sorted(self.outline.items())),
                     tuple(sorted(self.send_targets.items())), tuple(sorted(self.send_arrows.items())),
                     self.stock_glow, self.discard_glow, self.buttons, self.guide, self.guide_colour, self.lay_check,
                     self.points))

    @property
    def glowing(self) -> bool:
        """True when something pulses (the stock, the discard, a glowing button)."""
        return self.stock_glow or self.discard_glow or any(b.glow for b in self.buttons)

    def button(self, name: TableButton) -> ShownButton | None:
        return next((b for b in self.buttons if b.name == name), None)


@dataclass(frozen=True)
class Status:
    """A status-line message: its text, colour (None: plain) and how long it shows."""

    text: str
    colour: Colour | None = None
    seconds: float = 3.0


@dataclass(frozen=True)
class HandGesture:
    """What the mouse does to your hand, for the hand view to carry out: hover, press ``card``, drag, release."""

    kind: Gesture
    pos: Point
    card: int | None = None


@dataclass(frozen=True)
class CardPicked:
    """A click on one of your cards."""

    card: int


@dataclass(frozen=True)
class CardDropped:
    """One of your cards dragged up off your hand: discard it."""

    card: int


@dataclass(frozen=True)
class TablePressed:
    """A press on the table: the stock, the top of a discard row, a laid phỏm."""

    target: Target


@dataclass(frozen=True)
class ButtonPressed:
    """A click on one of the table's buttons."""

    name: TableButton


Pick = CardPicked | CardDropped | TablePressed | ButtonPressed     # what you did, for the actions to decide


@dataclass(frozen=True)
class ButtonPointer:
    """The table's buttons under your pointer: the one it is over and the one a left press holds down (by key: a
    ``TableButton``, or a control's name: "menu", "settings", "rules", "sound")."""

    over: str | None = None
    held: str | None = None


@dataclass(frozen=True)
class Effects:
    """What one input or answer asks the scene to do (see the module docstring)."""

    moves: tuple[tuple[Move, Attempt], ...] = ()
    status: Status | None = None
    shakes: tuple[ShakeKey, ...] = ()
    order: tuple[int, ...] | None = None
    hint: bool = False
    gesture: HandGesture | None = None
    pick: Pick | None = None
    pause: bool = False           # open the pause menu
    redraw: bool = False          # the next frame looks different (a press, a button lit, the chat)
    log: bool = False             # open or fold the game log (a click on it)
    pointer: ButtonPointer | None = None   # the buttons under the pointer now (None: as they were)
    control: str | None = None    # a header control clicked: "settings", "rules" or "sound"

    def __add__(self, other: Effects) -> Effects:
        return Effects(self.moves + other.moves, other.status or self.status, self.shakes + other.shakes,
                       other.order if other.order is not None else self.order, self.hint or other.hint,
                       other.gesture or self.gesture, other.pick or self.pick, self.pause or other.pause,
                       self.redraw or other.redraw, self.log != other.log,
                       other.pointer if other.pointer is not None else self.pointer, other.control or self.control)


NOTHING = Effects()
