"""Table picture: turns your side's choices (TableActions) and the model into the frozen Highlights the table draws.

Outlines (the cards that complete an eatable discard, the phỏm being laid in
their colours, stray raised cards, the hinted card), the phỏm that take a
send and the arrows to them, the glowing stock and discard, the buttons that
apply in their slots, the guide line and the points your cards count now.
It only reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tala_desktop.engine import MoveKind
from tala_desktop.engine.cards import iter_bits

from ..art.card_art import GROUP_COLOURS
from ..art.theme import CYAN, EATABLE, GOLD, RED, WHITE
from . import lay_assist as assist
from .guide import guide
from .highlights import Colour, Highlights, SendTarget, ShownButton, frozen_map
from .model import TableModel

if TYPE_CHECKING:
    from .actions import TableActions

HELPER: Colour = EATABLE            # your cards that complete the card you may eat (it glows the same)
STRAY: Colour = RED                 # raised cards in no phỏm
HINT: Colour = WHITE
TARGET: Colour = CYAN               # a phỏm a raised card goes to
ARMED_TARGET: Colour = GOLD         # the phỏm the card you picked fits
ACTION_SLOTS = 4                    # layout button slots 0-3 take actions, 4-5 the tools
SORTS = ("phom", "suit", "rank")    # Xếp bài cycles through these orders

# button name -> (i18n key, style, glows)
BUTTONS: dict[str, tuple[str, str, bool]] = {
    "eat": ("btn.eat", "primary", True), "draw": ("btn.draw", "green", False),
    "discard": ("btn.discard", "blue", False), "lay": ("btn.lay", "primary", False),
    "send": ("btn.send", "blue", False), "skip": ("btn.skip", "dark", False),
    "u": ("btn.u", "red", True), "ukhan": ("btn.u_khan", "red", True),
    "sort": ("btn.sort", "dark", False), "hint": ("btn.hint", "dark", False),
}


def picture(a: TableActions) -> Highlights:
    """The frozen picture of your side now: outlines, send targets and arrows, glows, buttons, guide, points."""
    m = a.model
    mode = a.mode
    if m is None:
        return Highlights()
    outline: dict[int, Colour] = {}
    targets: dict[SendTarget, Colour] = {}
    arrows: dict[int, SendTarget] = {}
    eatable = m.eatable() if mode == "take" else None
    if eatable is not None:
        for c in assist.eat_helpers(m.hand_mask, m.eaten_mask, eatable, m.ace_high):
            outline[c] = HELPER
    check = a.lay_check
    if mode == "lay" and check is not None:
        for g, meld in enumerate(check.groups):
            for c in iter_bits(meld):
                if c in a.raised:
                    outline[c] = GROUP_COLOURS[g % len(GROUP_COLOURS)]
        for c in check.stray:
            outline[c] = STRAY
    elif mode == "send":
        phoms = m.targets()
        for c in a.raised:
            dest = a.send_plan.get(c)
            if dest is None:
                fit = assist.fits(c, phoms, m.ace_high)
                dest = fit[0] if fit else None
            if dest is not None:
                arrows[c] = dest
                targets[dest] = TARGET
        if a.armed is not None:
            for dest in assist.fits(a.armed, phoms, m.ace_high):
                targets[dest] = ARMED_TARGET
    if a.hinted is not None and a.hinted in m.hand:
        outline[a.hinted] = HINT
    text, colour = guide(m, mode, check, a.armed)
    points = assist.trash_points(m.hand_mask, m.eaten_mask, m.me >= 0 and m.has_laid(m.me), m.ace_high, m.face10)
    return Highlights(mode=mode, raised=frozenset(a.raised), selected=a.selected,
                      outline=frozen_map(outline), send_targets=frozen_map(targets),
                      send_arrows=frozen_map(arrows), stock_glow=mode == "take" and m.can(MoveKind.DRAW),
                      discard_glow=eatable is not None, buttons=_buttons(a, m, mode), guide=text,
                      guide_colour=colour, lay_check=check, points=points)

def _buttons(a: TableActions, m: TableModel, mode: str) -> tuple[ShownButton, ...]:
    """The buttons that apply now, in the layout's slots (actions low, tools on top)."""
    if a.spectator:
        return ()
    names: list[str] = []
    if mode == "take":
        names += [k.value for k in (MoveKind.EAT, MoveKind.DRAW, MoveKind.UKHAN) if m.can(k)]
    elif mode == "lay":
        names += ["lay"] + (["u"] if m.can(MoveKind.U) else [])
    elif mode == "send":
        names += (["send"] if a.raised & a.sendable else []) + ["skip"]
    elif mode == "discard":
        names += ["discard"] + [k.value for k in (MoveKind.U, MoveKind.UKHAN) if m.can(k)]
    glow = {"lay": bool(a.lay_check and a.lay_check.ok), "send": True,
            "discard": a.selected is not None}
    out = [ShownButton(name, i, glow.get(name, BUTTONS[name][2])) for i, name in enumerate(names[:ACTION_SLOTS])]
    tools = (["sort"] if m.hand else []) + (["hint"] if mode != "wait" else [])
    # the tools apply while cards fly too: they stay put instead of blinking with every flight
    out += [ShownButton(name, ACTION_SLOTS + i, needs_input=False) for i, name in enumerate(tools)]
    return tuple(out)
