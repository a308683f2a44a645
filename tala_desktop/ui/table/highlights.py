"""Table highlights: the values the table's input logic hands to the drawing — what is lit, raised and offered now.

``Highlights`` says what your side of the table shows at this moment:
the raised and selected cards, the outlines on your cards, the phỏm that
take a send and the arrows to them, the glowing stock and discard, the
buttons that apply (with their slot), the guide line and the points your
cards would count now. ``TableActions``
computes it after every change (a snapshot, a click, a hint), the scene
stores it, and the hand view and the painter only read it; it is frozen,
so drawing a frame cannot change what the next frame shows.

``Effects`` is the other value the actions return: the commands to send,
the status line to show, the cards to shake and a new hand order, which
the scene carries out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from tala_desktop.engine import Move

from .lay_assist import LayCheck
from .modes import Mode, TableButton

Colour = tuple[int, int, int]
SendTarget = tuple[int, int]                  # (seat, index of the laid phỏm)
ShakeKey = tuple[str, int]                    # ("hand", card) or ("pile", card)
Attempt = tuple[str, int | None]              # what a command tried (kind, card): words for a refusal
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
class Effects:
    """What one input asks the scene to do: send commands, say something, shake cards, reorder your hand."""

    moves: tuple[tuple[Move, Attempt], ...] = ()
    status: Status | None = None
    shakes: tuple[ShakeKey, ...] = ()
    order: tuple[int, ...] | None = None
    hint: bool = False

    def __add__(self, other: Effects) -> Effects:
        return Effects(self.moves + other.moves, other.status or self.status, self.shakes + other.shakes,
                       other.order if other.order is not None else self.order, self.hint or other.hint)


NOTHING = Effects()
