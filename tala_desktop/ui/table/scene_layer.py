"""Scene layer: the hook for what is drawn over the table scene and takes its input first, as a Protocol.

A ``SceneLayer`` (the chat and the reaction bubbles at a LAN or an offline
table, the coach in the tutorial) is offered each input event first
(``handle_event`` returns True when it took it: typing in the chat, a click
in its panel), is updated after the table with a ``TableNow`` (the layout
and the game shown; ``update`` returns True when its look changed) and is
shown as a value: ``look(view)`` turns its state and the table's frame
(the ``TableView`` without a layer yet) into its frozen ``LayerLook``, which
the scene puts in the frame's ``TableView.layer``; after the table's painter
the scene hands that look to ``draw(surface, look)``, which paints it and
reads nothing else. A layer builds a new look only when what it shows
changed, and hands back the one it built before otherwise. It writes
nothing into the table. ``dock`` says how wide a strip at the right edge it
takes now (the open chat), which the table's layout leaves free.

A dialog over the table (the results) leaves the layer room in it: a strip
as tall as ``strip_height`` asks (design pixels; the between-games seat
changes) and where it shows each seat's person (a row's avatar and name).
That ``DialogRoom`` comes in the ``TableNow`` while the dialog shows, and
the dialog hands the layer its events first (``handle_over``) and draws
the layer's look over itself (``look_over(room)``, then ``draw``), so what
is drawn on top is what takes the click. While the layer holds the dialog
(``holding``: a menu of its own is open over it) its clock waits: the
results do not start the next game under a question being answered. Where
the layer knows when the next game comes (a LAN table), the dialog shows
its one line (``deal_note``, given its own countdown) instead of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from .layout import TableLayout
from .model import TableModel
from .view import LayerLook, TableView


@dataclass(frozen=True)
class PersonSpot:
    """Where a dialog over the table shows the person at ``seat``: their avatar and their name."""

    seat: int
    avatar: pygame.Rect
    name: pygame.Rect

    @property
    def hit(self) -> pygame.Rect:
        """What a click on them hits: the avatar, the name and what lies between."""
        return self.avatar.union(self.name)


@dataclass(frozen=True)
class DialogRoom:
    """The room a dialog over the table leaves the layer: the strip for its controls and the people shown."""

    strip: pygame.Rect
    people: tuple[PersonSpot, ...] = ()


@dataclass(frozen=True)
class TableNow:
    """What a layer reads of the table when it updates: the layout and the game shown (None: none yet), and the
    room a dialog over the table leaves (None: no such dialog shows)."""

    layout: TableLayout
    model: TableModel | None
    dialog: DialogRoom | None = None


class SceneLayer(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float, table: TableNow) -> bool: ...
    def look(self, view: TableView) -> LayerLook | None: ...
    def draw(self, surface: pygame.Surface, look: LayerLook) -> None: ...
    def dock(self, canvas: tuple[int, int]) -> int: ...
    def strip_height(self) -> int: ...
    def handle_over(self, event: pygame.event.Event, room: DialogRoom) -> bool: ...
    def look_over(self, room: DialogRoom) -> LayerLook | None: ...
    def holding(self) -> bool: ...
    def deal_note(self, countdown: float) -> str | None: ...
