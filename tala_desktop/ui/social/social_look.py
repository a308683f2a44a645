"""Social looks: the chat layer as one frame shows it — frozen values, every word already said, drawn by its painter.

``SocialLook`` is the layer's look over the table (or over a dialog, the
results): the "watching" label, the between-games strip, the chat panel,
the speech bubbles, the people's marks and the host's menu of a person,
and the tooltip of a cut name. Each part is a frozen dataclass of plain
values (boxes as ``(x, y, width, height)`` tuples, texts in the language
shown, colours, sizes, the buttons as ``ButtonLook``, the chat field as a
``FieldLook``): no widget, no function, no surface. Two frames that look the
same compare equal; social_painter.py draws a look and reads nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..table.view import LayerLook
from ..widgets.button_look import ButtonLook
from ..widgets.field_look import FieldLook
from .chat_lines import ChatRow

Box = tuple[int, int, int, int]          # x, y, width, height
Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def box_of(r: pygame.Rect) -> Box:
    """A rectangle as a look keeps it: a tuple, a value that no one can move afterwards."""
    return (r.x, r.y, r.w, r.h)


@dataclass(frozen=True)
class Anchor:
    """Where a sender sits: the avatar's centre and radius, and on which side of it the bubble goes."""

    centre: tuple[int, int]
    radius: int
    side: str = "above"            # "above", "below" or "left" (the tail points right, at the anchor)


@dataclass(frozen=True)
class BubbleContent:
    """What one bubble shows: an emote's key, a phrase's words, or a typed line's rows; and a name over it."""

    emote: str = ""
    words: str = ""
    rows: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class BubbleLook:
    """One bubble as a frame shows it: what it says, the side of its sender it sits on, where it is drawn (smaller
    while it pops in), and how opaque it is while it fades (None: not fading)."""

    content: BubbleContent
    anchor: Anchor
    side: str
    box: Box
    popping: bool = False
    alpha: int | None = None


@dataclass(frozen=True)
class TextLook:
    """A line of text: its words, type (size, bold), colour, and where its top left goes."""

    text: str
    size: int
    colour: Colour
    at: tuple[int, int]
    bold: bool = False


@dataclass(frozen=True)
class PersonRowLook:
    """A name in the list of those watching: its row, the row's colour, the name as it fits, the muted mark."""

    box: Box
    fill: RGBA
    radius: int
    name: str
    size: int
    bold: bool                     # the host has choices about them (the row opens their menu)
    name_x: int                    # the name's left edge (it is centred on the row's height)
    badge: tuple[int, int, int] | None = None    # the muted mark's top left and size (None: not muted)


@dataclass(frozen=True)
class MenuLook:
    """The host's menu of a person, or the list of those watching: its panel, words, marks, rows and buttons."""

    box: Box
    radius: int
    texts: tuple[TextLook, ...]
    badges: tuple[tuple[int, int, int], ...]     # (centre x, centre y, size) of a muted mark by a name
    rows: tuple[PersonRowLook, ...]
    buttons: tuple[ButtonLook, ...]


@dataclass(frozen=True)
class AwayLook:
    """"vắng · 45s" hanging from a name plate: the plate, the words, their size."""

    plate: Box
    text: str
    size: int


@dataclass(frozen=True)
class PeopleLook:
    """The people's marks (muted: the mark's top left and size; away: on the plate) and the menu open here."""

    marks: tuple[tuple[tuple[int, int], int], ...] = ()
    away: tuple[AwayLook, ...] = ()
    menu: MenuLook | None = None


@dataclass(frozen=True)
class OpenChatLook:
    """The open chat panel: its box and title, the emote tiles (key, tile, the pointer over it), the buttons (×, the
    quick phrases, Send), the rows of the lines said that show (the newest at the bottom, the first at ``rows_y``; or
    the empty chat's words), the text field with the note over it and the words in it while empty, and, when the
    host muted you, why (over the reactions, veiled)."""

    box: Box
    title: str
    tiles: tuple[tuple[str, Box, bool], ...]
    buttons: tuple[ButtonLook, ...]
    lines: Box
    rows: tuple[ChatRow, ...] = ()
    rows_y: int = 0
    step: int = 0
    empty: tuple[str, ...] = ()
    field: FieldLook | None = None
    note: tuple[str, Colour] | None = None      # over the field: the count, or why a line was not taken
    hint: str = ""                               # in the empty field
    muted: tuple[str, ...] = ()                  # why your picks are not sent, in lines (nothing: not muted)
    veil: Box | None = None                      # over the reactions, while muted


@dataclass(frozen=True)
class ChatPanelLook:
    """The chat: its toggle (with the unread count while closed: "" for none) and the panel when it is open."""

    toggle: Box
    badge: str = ""
    open: OpenChatLook | None = None


@dataclass(frozen=True)
class StripLook:
    """The between-games strip: its buttons, and the note saying why the deal waits ("": not shown) as it fits, its
    type size and box (in a pill in the status line's place: ``pill``; else the words' own box)."""

    buttons: tuple[ButtonLook, ...] = ()
    note: str = ""
    size: int = 0
    box: Box | None = None
    pill: bool = False


@dataclass(frozen=True)
class LabelLook:
    """Words in the felt's muted colour with a drop shadow ("2 người đang xem"): squeezed to ``width`` at most, their
    right end at ``midright``."""

    text: str
    size: int
    width: int
    midright: tuple[int, int]


@dataclass(frozen=True)
class TipLook:
    """A tooltip: the whole name a row or a plate had to cut, by the pointer, in words of ``size``."""

    text: str
    pointer: tuple[int, int]
    size: int


@dataclass(frozen=True)
class SocialLook(LayerLook):
    """The social layer as one frame shows it, from the bottom up: over the table, the "watching" label, the
    between-games strip, the chat panel, the bubbles, the people and the host's menu, a tooltip; over a dialog (the
    results), the strip, the chat, the people and a tooltip only."""

    watchers: LabelLook | None = None
    strip: StripLook | None = None
    panel: ChatPanelLook | None = None
    bubbles: tuple[BubbleLook, ...] = ()
    people: PeopleLook = PeopleLook()
    tip: TipLook | None = None
