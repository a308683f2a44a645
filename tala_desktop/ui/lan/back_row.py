"""BackRow: "Quay lại bàn" on the LAN page — the seat a server still keeps for the player, and the way back to it.

When the app closed or crashed at a LAN table, the server keeps the seat
for its grace (store/lan_seats.py). While it does, the LAN page shows, above
"Tạo bàn LAN", which table it is, on which server, and the seconds left, with
a "Quay lại bàn" button; the row goes when the grace runs out.
"""

from __future__ import annotations

import logging
import math
import sqlite3
from collections.abc import Callable, Iterable

import pygame

from tala_desktop.net.discovery import LanServer
from tala_desktop.store import StoreError
from tala_desktop.store.lan_seats import LanSeat

from ..art import theme
from ..art.theme import TEXT
from ..core.i18n import tr
from ..frames.page import fit_font_size
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.text_fit import ellipsize
from .server_rows import named_server

Label = Callable[..., pygame.Surface]     # PageScene.label(text, size, colour, bold=...)
log = logging.getLogger(__name__)


def waiting_seat(services: Services) -> LanSeat | None:
    """The LAN seat the player may go back to now (None: none, or the store cannot say)."""
    store = services.store
    if store is None:
        return None
    try:
        return store.waiting_lan_seat()
    except (StoreError, sqlite3.Error):
        return None


def heard_at(seat: LanSeat, servers: Iterable[LanServer]) -> str | None:
    """The identity of the server the LAN list hears at the kept seat's address now (None: none heard there)."""
    host = seat.host.strip().lower()
    return next((s.id for s in servers if s.host.lower() == host and s.port == seat.port), None)


def back_address(seat: LanSeat, servers: Iterable[LanServer]) -> tuple[str, int, str | None]:
    """Where "Quay lại bàn" dials and the identity the list hears there: the kept address; or, when nothing is heard
    there but the kept server's identity is heard on another port of the same host (the server started again
    there), that port. The identity heard on another host proves nothing (anyone may copy it)."""
    heard = heard_at(seat, servers)
    host = seat.host.strip().lower()
    moved = next((s for s in servers if s.id and s.id == seat.server_key and s.host.lower() == host), None)
    if heard is None and moved is not None:
        return seat.host, moved.port, moved.id
    return seat.host, seat.port, heard


def give_up(services: Services, seat: LanSeat | None) -> None:
    """The kept seat is not there any more (another server answers at its address): nothing to go back to."""
    if seat is None or services.store is None:
        return
    try:
        services.store.leave_lan_seat(seat.host, seat.port)
    except (StoreError, sqlite3.Error) as exc:
        log.warning("the LAN seat could not be cleared: %s", exc)


def back_note(services: Services, seat: LanSeat) -> str:
    """Which table, its server (by the name it gave, cleaned: server_rows.named_server) and the seconds the seat is
    still kept: 'Bàn 1 · Máy chủ "Bàn của Hà" · còn 45 giây'."""
    store = services.store
    left = max(0, math.ceil(seat.seconds_left(store.clock().timestamp()))) if store is not None else 0
    return tr("back.note", table=tr("table.number", number=seat.table or 1), server=named_server(seat.server_name),
              seconds=left)


class BackRow:
    """The kept seat's box in ``area`` of the LAN page: its words and its button (none while no seat is kept)."""

    def __init__(self, services: Services, area: pygame.Rect) -> None:
        self.services = services
        self.area = area
        self.seat: LanSeat | None = None
        self.button: Button | None = None
        self.lines: tuple[str, str] = ("", "")       # the words as last drawn
        self._check = 0.0

    def build(self, go: Callable[[], None]) -> Button | None:
        """Look the kept seat up again and make its button (None: no seat is kept)."""
        self.seat = waiting_seat(self.services)
        self.button = None
        if self.seat is not None:
            fonts, label = self.services.fonts, tr("back.button")
            a = self.area
            self.button = Button((a.x + 12, a.y + 50, a.w - 24, a.h - 58), label, fonts, go, style="green",
                                 font_size=fit_font_size(fonts, label, a.w - 60, 20))
        return self.button

    def update(self, dt: float) -> str:
        """Twice a second: "rebuild" when the offer came or went, "redraw" for its seconds, else ""."""
        self._check -= dt
        if self._check > 0:
            return ""
        self._check = 0.5
        if (waiting_seat(self.services) is None) != (self.seat is None):
            return "rebuild"
        return "redraw" if self.seat is not None else ""

    def draw(self, surface: pygame.Surface, label: Label) -> None:
        seat, a = self.seat, self.area
        if seat is None:
            return
        pygame.draw.rect(surface, theme.LAN_BACK_ROW, a, border_radius=12)
        top, bottom = back_note(self.services, seat), f"{seat.host}:{seat.port}"
        self.lines = (top, bottom)
        room = a.w - 24
        surface.blit(label(ellipsize(self.services.fonts.font(17, True), top, room), 17, TEXT, bold=True),
                     (a.x + 12, a.y + 6))
        surface.blit(label(ellipsize(self.services.fonts.font(15), bottom, room), 15, theme.LAN_NOTE),
                     (a.x + 12, a.y + 28))
