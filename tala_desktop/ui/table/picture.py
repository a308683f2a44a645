"""Table picture: turns a frozen value of your side's choices into the frozen Highlights the table draws.

``TableActions.choices()`` hands over what you chose (the raised, selected,
hinted and armed cards, the lay check, the send plan) with the model and
your step as one frozen ``Choices``; ``picture(choices)`` makes the
outlines (the cards that complete an eatable discard, the phỏm being laid
in their colours, stray raised cards, the hinted card), the phỏm that take
a send and the arrows to them, the glowing stock and discard, the buttons
that apply in their slots, the guide line and the points your cards count
now. It only reads, and the actions run it again only when the choices
changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tala_desktop.engine import MoveKind
from tala_desktop.engine.cards import iter_bits

from ..art.theme import CYAN, EATABLE, GOLD, GROUP_COLOURS, RED, WHITE
from . import lay_assist as assist
from .guide import guide
from .highlights import Colour, Highlights, SendTarget, ShownButton, frozen_map
from .lay_assist import LayCheck
from .model import TableModel
from .modes import BUTTON_LOOKS, Mode, TableButton

HELPER: Colour = EATABLE            # your cards that complete the card you may eat (it glows the same)
STRAY: Colour = RED                 # raised cards in no phỏm
HINT: Colour = WHITE
TARGET: Colour = CYAN               # a phỏm a raised card goes to
ARMED_TARGET: Colour = GOLD         # the phỏm the card you picked fits
ACTION_SLOTS = 4                    # layout button slots 0-3 take actions, 4-5 the tools
SORTS = ("phom", "suit", "rank")    # Xếp bài cycles through these orders


@dataclass(frozen=True)
class Choices:
    """Your side's choices at one moment and what they are made on: the picture's whole input."""

    model: TableModel | None = None
    mode: Mode = Mode.WAIT
    spectator: bool = False
    raised: frozenset[int] = frozenset()
    selected: int | None = None
    hinted: int | None = None                 # the card the last hint outlined
    armed: int | None = None                  # the card whose send target you pick next
    lay_check: LayCheck | None = None
    send_plan: Mapping[int, SendTarget] = field(default_factory=frozen_map)
    sendable: frozenset[int] = frozenset()
    language: str = ""                        # the guide's and the buttons' words are said in it


def picture(ch: Choices) -> Highlights:
    """The frozen picture of your side now: outlines, send targets and arrows, glows, buttons, guide, points."""
    m = ch.model
    mode = ch.mode
    if m is None:
        return Highlights()
    outline: dict[int, Colour] = {}
    targets: dict[SendTarget, Colour] = {}
    arrows: dict[int, SendTarget] = {}
    eatable = m.eatable() if mode is Mode.TAKE else None
    if eatable is not None:
        for c in assist.eat_helpers(m.hand_mask, m.eaten_mask, eatable, m.ace_high):
            outline[c] = HELPER
    check = ch.lay_check
    if mode is Mode.LAY and check is not None:
        for g, meld in enumerate(check.groups):
            for c in iter_bits(meld):
                if c in ch.raised:
                    outline[c] = GROUP_COLOURS[g % len(GROUP_COLOURS)]
        for c in check.stray:
            outline[c] = STRAY
    elif mode is Mode.SEND:
        phoms = m.targets()
        for c in ch.raised:
            dest = ch.send_plan.get(c)
            if dest is None:
                fit = assist.fits(c, phoms, m.ace_high)
                dest = fit[0] if fit else None
            if dest is not None:
                arrows[c] = dest
                targets[dest] = TARGET
        if ch.armed is not None:
            for dest in assist.fits(ch.armed, phoms, m.ace_high):
                targets[dest] = ARMED_TARGET
    if ch.hinted is not None and ch.hinted in m.hand:
        outline[ch.hinted] = HINT
    text, colour = guide(m, mode, check, ch.armed)
    points = assist.trash_points(m.hand_mask, m.eaten_mask, m.me >= 0 and m.has_laid(m.me), m.ace_high, m.face10)
    return Highlights(mode=mode, raised=frozenset(ch.raised), selected=ch.selected,
                      outline=frozen_map(outline), send_targets=frozen_map(targets),
                      send_arrows=frozen_map(arrows), stock_glow=mode is Mode.TAKE and m.can(MoveKind.DRAW),
                      discard_glow=eatable is not None, buttons=_buttons(ch, m, mode), guide=text,
                      guide_colour=colour, lay_check=check, points=points)


def _buttons(ch: Choices, m: TableModel, mode: Mode) -> tuple[ShownButton, ...]:
    """The buttons that apply now, in the layout's slots (actions low, tools on top)."""
    if ch.spectator:
        return ()
    B = TableButton
    names: list[TableButton] = []
    if mode is Mode.TAKE:
        names += [b for b, k in ((B.EAT, MoveKind.EAT), (B.DRAW, MoveKind.DRAW), (B.UKHAN, MoveKind.UKHAN))
                  if m.can(k)]
    elif mode is Mode.LAY:
        names += [B.LAY] + ([B.U] if m.can(MoveKind.U) else [])
    elif mode is Mode.SEND:
        names += ([B.SEND] if ch.raised & ch.sendable else []) + [B.SKIP]
    elif mode is Mode.DISCARD:
        names += [B.DISCARD] + [b for b, k in ((B.U, MoveKind.U), (B.UKHAN, MoveKind.UKHAN)) if m.can(k)]
    glow = {B.LAY: bool(ch.lay_check and ch.lay_check.ok), B.SEND: True, B.DISCARD: ch.selected is not None}
    out = [ShownButton(name, i, glow.get(name, BUTTON_LOOKS[name].glows))
           for i, name in enumerate(names[:ACTION_SLOTS])]
    tools = ([B.SORT] if m.hand else []) + ([B.HINT] if mode is not Mode.WAIT else [])
    # the tools apply while cards fly too: they stay put instead of blinking with every flight
    out += [ShownButton(name, ACTION_SLOTS + i, needs_input=False) for i, name in enumerate(tools)]
    return tuple(out)
