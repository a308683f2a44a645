"""Table modes and buttons: the step your side of the table is at, and the table's buttons, as enums.

``Mode`` is what your side may do now (``TableActions.mode``): wait, take
(draw or eat), lay, send, discard. ``TableButton`` names the action and tool
buttons; ``BUTTON_LOOKS`` gives each its words (an i18n key), its style and
whether it glows by default; ``Gesture`` is what the mouse does to your
hand. All are str-valued, so a mode or a button prints as its notation
("discard", "eat").
"""

from __future__ import annotations

from typing import NamedTuple

from tala_desktop.engine.moves import NotationEnum

from ..core.i18n import N_


class Mode(NotationEnum):
    """Your step at the table."""

    WAIT = "wait"            # not your turn, watching, or no game shown yet
    TAKE = "take"            # draw from the stock or eat the last discard
    LAY = "lay"              # your lay-down turn: raise your phỏm and lay them
    SEND = "send"            # after laying: send cards to the phỏm on the table
    DISCARD = "discard"      # end your turn with a discard


class TableButton(NotationEnum):
    """The table's buttons: the actions (Ăn, Bốc, Đánh, Hạ, Gửi, Bỏ qua, Ù, Ù khan) and the tools."""

    EAT = "eat"
    DRAW = "draw"
    DISCARD = "discard"
    LAY = "lay"
    SEND = "send"
    SKIP = "skip"
    U = "u"
    UKHAN = "ukhan"
    SORT = "sort"            # Xếp bài
    HINT = "hint"            # Gợi ý


class Gesture(NotationEnum):
    """What the mouse does to your hand (``HandGesture``, carried out by the hand view)."""

    HOVER = "hover"          # the pointer moved: the card under it lifts
    PRESS = "press"          # a left press on a card
    DRAG = "drag"            # the pointer moved with a card pressed: it follows once moved far enough
    RELEASE = "release"      # the press ends: a click, a drag-up discard or a new place in your hand


class ButtonLook(NamedTuple):
    """How a table button looks: its words (an i18n key), its widget style, whether it glows by default."""

    key: str
    style: str
    glows: bool


BUTTON_LOOKS: dict[TableButton, ButtonLook] = {
    TableButton.EAT: ButtonLook(N_("btn.eat"), "primary", True),
    TableButton.DRAW: ButtonLook(N_("btn.draw"), "green", False),
    TableButton.DISCARD: ButtonLook(N_("btn.discard"), "blue", False),
    TableButton.LAY: ButtonLook(N_("btn.lay"), "primary", False),
    TableButton.SEND: ButtonLook(N_("btn.send"), "blue", False),
    TableButton.SKIP: ButtonLook(N_("btn.skip"), "dark", False),
    TableButton.U: ButtonLook(N_("btn.u"), "red", True),
    TableButton.UKHAN: ButtonLook(N_("btn.u_khan"), "red", True),
    TableButton.SORT: ButtonLook(N_("btn.sort"), "dark", False),
    TableButton.HINT: ButtonLook(N_("btn.hint"), "dark", False),
}
