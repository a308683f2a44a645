"""LanBrowserScene: "Chơi qua mạng LAN" — live list of servers on the network, join by address, host a table.

Servers found by the UDP beacon browser (net/discovery.py) are listed with
name, players and bet and a "Vào" button each; the list follows the beacons
(a silent server disappears after a few seconds). "Nhập địa chỉ" joins a
server by host:port when discovery is blocked; when nothing is heard for
``NOTHING_FOUND_AFTER`` seconds (or discovery could not start) the list says
why that may be (firewall, a "Public" network, another subnet, on a Mac the
local-network permission) and offers a "Nhập địa chỉ" button that puts the
cursor in the address field. "Tên của bạn trên LAN" is the name the
others see (the profile's; a profile with no name chosen gets an empty
field and a note that the others would see "Người chơi"); a name typed
there is kept in the profile. "Tạo bàn LAN" starts the
in-app server in a background thread, joins it and opens a table. Joining
pushes the LAN lobby; leaving the lobby closes the connection (and the
in-app server). When a server still keeps a seat for the player (the app
closed or crashed at its table), the list's first row is "Quay lại bàn":
the table, its server and the seconds left; the menu's "Quay lại bàn"
opens this page going there at once.
"""

from __future__ import annotations

import functools
import logging
import math
import sqlite3
import sys
from collections.abc import Callable

import pygame

from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.net.protocol import MAX_NAME, clean_name
from tala_desktop.store import StoreError
from tala_desktop.store.lan_seats import LanSeat

from ..art import gfx, theme
from ..art.theme import ERROR, LABEL, MUTED, TEXT
from ..core.i18n import money, tr, tr_count
from ..core.names import is_default_name, lan_name, shown_name
from ..frames.page import PANEL, PageScene, fit_font_size, wrap_text
from ..shared.services import Services
from ..shared.store_bridge import profile_look
from ..widgets.controls import Button
from ..widgets.form import TextField
from ..widgets.text_fit import ellipsize
from .lobby import LanLobbyScene
from .seat_keeper import credentials
from .session import DEFAULT_PORT, LanSession

log = logging.getLogger(__name__)

LEFT = pygame.Rect(PANEL.x + 36, PANEL.y + 28, 640, 0)
RIGHT = pygame.Rect(PANEL.x + 720, PANEL.y + 28, 364, 0)
ROW_H = 66
JOIN_X = LEFT.right - 130      # where a row's "Vào" button starts
MAX_ROWS = 6
NAME_Y = RIGHT.y + 318         # "Tên của bạn trên LAN", under "Tạo bàn LAN"
NOTHING_FOUND_AFTER = 5.0      # seconds of an empty list before it says why that may be


def parse_address(text: str) -> tuple[str, int] | None:
    """``host:port`` (``[v6]:port`` too; the port defaults to 8765) or None when it is not an address."""
    text = text.strip()
    if not text:
        return None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() for ch in host):
        return None
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        return None
    return host, int(port_text)


class LanBrowserScene(PageScene):
    """The LAN page: discovered servers on the left, address and hosting on the right."""

    title_key = "lan.title"

    def __init__(self, services: Services, browser_factory: Callable[[], Browser | None] | None = None,
                 host_port: int = DEFAULT_PORT, announce_target: tuple[str, int] | None = None,
                 back_to_table: bool = False) -> None:
        self.browser: Browser | None = None
        self.browser_factory = browser_factory or _default_browser
        self.host_port = host_port
        self.announce_target = announce_target  # None: the LAN broadcast address (tests pass loopback)
        self.servers: list[LanServer] = []
        self.error = ""
        self.address_text = ""
        named = str(services.settings.player_name)
        self.name_text = "" if is_default_name(named) else named.strip()   # the name the others see
        self._server_key: tuple[object, ...] = ()
        self._poll = 0.0
        self.searched = 0.0                               # seconds on this page so far
        self.address_button_shown: Button | None = None   # "Nhập địa chỉ" under the notice of an empty list
        self.server_buttons: list[Button] = []
        self.row_text_rects: list[pygame.Rect] = []       # where the rows' texts went (the tests read them)
        self._back_pending = back_to_table                # opened by the menu's "Quay lại bàn": go there at once
        self.kept_seat: LanSeat | None = None             # the seat "Quay lại bàn" goes back to (None: none)
        self.seat_button: Button | None = None
        self._back_check = 0.0
        self.kept_lines: tuple[str, str] = ("", "")       # the back row's words, as last drawn
        super().__init__(services)

    # -- lifecycle ----------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.browser is None:
            try:
                self.browser = self.browser_factory()
            except OSError as exc:  # the beacon port is taken: joining by address still works
                log.warning("LAN discovery is off: %s", exc)
                self.browser = None
            if self.browser is not None:
                self.browser.start()
        if self._back_pending:
            self._back_pending = False
            self.go_back()

    def on_exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        fonts = self.services.fonts
        self.server_buttons = []
        self.kept_seat = waiting_seat(self.services)
        self.seat_button = None
        if self.kept_seat is not None:
            label = tr("back.button")
            self.seat_button = Button((JOIN_X - 40, LEFT.y + 58, LEFT.right - JOIN_X + 40, 48), label, fonts,
                                      self.go_back, style="primary", font_size=fit_font_size(fonts, label, 150, 20))
            self.widgets.append(self.seat_button)
        for i, server in enumerate(self.servers[:self.rows_shown()]):
            y = self.row_y(i)
            button = Button((JOIN_X, y + 8, LEFT.right - JOIN_X, 48), tr("lan.join"), fonts,
                            functools.partial(self.join, server.host, server.port), style="green", font_size=20)
            self.server_buttons.append(button)
        self.address = TextField((RIGHT.x, RIGHT.y + 40, RIGHT.w - 110, 50), self.address_text, fonts, 60,
                                 self._set_address, size=20)
        self.address_button = Button((RIGHT.right - 100, RIGHT.y + 41, 100, 48), tr("lan.join"), fonts,
                                     self.join_address, style="green", font_size=20)
        self.host_button = Button((RIGHT.x, RIGHT.y + 230, RIGHT.w, 72), tr("lan.host"), fonts, self.host,
                                  style="primary", font_size=28)
        self.name_field = TextField((RIGHT.x, NAME_Y + 32, RIGHT.w, 46), self.name_text, fonts, MAX_NAME,
                                    self._set_name, size=20)
        self.widgets.extend([*self.server_buttons, self.address, self.address_button, self.host_button,
                             self.name_field])
        self.address_button_shown = None
        if self.nothing_found():
            y = LEFT.y + 60 + 26 * len(self.nothing_found_lines()) + 14
            self.address_button_shown = Button((LEFT.x, y, 240, 50), tr("lan.address"), fonts, self.focus_address,
                                               style="green", font_size=20)
            self.widgets.append(self.address_button_shown)

    def rows_shown(self) -> int:
        """How many servers the list shows (one row fewer while "Quay lại bàn" takes the first)."""
        return MAX_ROWS - (self.kept_seat is not None)

    def row_y(self, i: int) -> int:
        """The top of the list's ``i``-th server row (under the back row when there is one)."""
        return LEFT.y + 50 + (i + (self.kept_seat is not None)) * ROW_H

    def nothing_found(self) -> bool:
        """Whether the list is empty for a reason worth telling: discovery is off, or nothing heard for 5 s."""
        return not self.servers and (self.browser is None or self.searched >= NOTHING_FOUND_AFTER)

    def nothing_found_lines(self) -> list[str]:
        """The empty list's notice, wrapped to the list's width."""
        text = tr("lan.discovery_off" if self.browser is None else "lan.nothing_found")
        if sys.platform == "darwin":
            text += "\n" + tr("lan.mac_local_network")
        return wrap_text(self.services.fonts.font(19), text, LEFT.w)

    def focus_address(self) -> None:
        self.address.focus(True)
        self.invalidate()

    def _set_address(self, text: str) -> None:
        self.address_text = text

    def _set_name(self, text: str) -> None:
        self.name_text = text
        self.invalidate()

    def name_note_lines(self) -> list[str]:
        """Under an empty name field: the name the others will see instead, and how to choose one."""
        if self.name_text.strip():
            return []
        text = tr("lan.name_note", name=tr("lan.default_name"))
        return wrap_text(self.services.fonts.font(16), text, RIGHT.w)

    # -- actions -------------------------------------------------------------------------------
    def _name(self) -> str | None:
        """The name to go on the LAN with: the one typed (kept in the profile), or what the profile's stands for;
        None (and the reason shown) when the profile refuses the typed one."""
        typed = self.name_text.strip()
        if not typed:
            return lan_name(str(self.services.settings.player_name))
        try:
            typed = clean_name(typed)
        except ValueError:
            self._fail(tr("lan.name_rules", max=MAX_NAME))
            return None
        if typed != str(self.services.settings.player_name):
            store = self.services.store
            try:
                typed = store.set_name(typed) if store is not None else typed
            except StoreError:
                self._fail(tr("profile.bad_name", max=MAX_NAME))
                return None
            self.services.settings.player_name = typed
        return typed

    def join(self, host: str, port: int) -> None:
        name = self._name()
        if name is None:
            return
        known = credentials(self.services.store, host, port)
        try:
            session = LanSession.join(host, port, name, avatar=profile_look(self.services), straight_in=True,
                                      person=known.person, resume=known.token, at=known.at)
        except ValueError:   # a name the profile took but the LAN does not
            self._fail(tr("lan.name_rules", max=MAX_NAME))
            return
        self._open(session)

    def go_back(self) -> None:
        """Quay lại bàn: connect to the server that keeps the player's seat, with the key and token it knows them
        by; the seat, the chips and the game so far come back in its lobby (if the seat is gone by then, its
        tables are listed)."""
        seat = waiting_seat(self.services)
        name = self._name()
        if seat is None or name is None:
            if seat is None:
                self._fail(tr("back.gone"))
                self.rebuild()
            return
        known = credentials(self.services.store, seat.host, seat.port)
        try:
            session = LanSession.join(seat.host, seat.port, name, avatar=profile_look(self.services),
                                      person=known.person, resume=seat.token, at=known.at)
        except ValueError:
            self._fail(tr("lan.name_rules", max=MAX_NAME))
            return
        self._open(session)

    def _draw_back(self, surface: pygame.Surface) -> None:
        """The "Quay lại bàn" row at the head of the list: which table, its server and the seconds left."""
        seat = self.kept_seat
        if seat is None or self.seat_button is None or self.services.store is None:
            return
        y = LEFT.y + 50
        pygame.draw.rect(surface, theme.LAN_BACK_ROW, (LEFT.x, y, LEFT.w, ROW_H - 6), border_radius=10)
        room = self.seat_button.rect.x - 16 - (LEFT.x + 16)
        left = max(0, math.ceil(seat.seconds_left(self.services.store.clock().timestamp())))
        table = tr("table.number", number=seat.table or 1)
        top = tr("back.note", table=table, server=shown_name(seat.server_name), seconds=left)
        bottom = f"{seat.host}:{seat.port}"
        self.kept_lines = (top, bottom)
        top = ellipsize(self.services.fonts.font(19, True), top, room)
        surface.blit(self.label(top, 19, TEXT, bold=True), (LEFT.x + 16, y + 9))
        bottom = ellipsize(self.services.fonts.font(17), bottom, room)
        surface.blit(self.label(bottom, 17, theme.LAN_NOTE), (LEFT.x + 16, y + 36))

    def join_address(self) -> None:
        where = parse_address(self.address_text)
        if where is None:
            self._fail(tr("lan.bad_address"))
            return
        self.join(*where)

    def host(self) -> None:
        s = self.services.settings
        name = self._name()
        if name is None:
            return
        settings = dict(seats=4, bet=int(s.default_bet), turn_seconds=int(s.turn_seconds),
                        preset=s.default_preset if s.default_preset in ("zingplay", "co_ban") else "zingplay")
        try:
            session = LanSession.host(name, tr("lan.server_name", name=name), self.host_port, self.announce_target,
                                      avatar=profile_look(self.services),
                                      person=lambda host, port: credentials(self.services.store, host, port).person,
                                      **settings)
        except ValueError:
            self._fail(tr("lan.name_rules", max=MAX_NAME))
            return
        except OSError:
            log.exception("the in-app LAN server did not start")
            self._fail(tr("lan.host_failed"))
            return
        self._open(session)

    def _open(self, session: LanSession) -> None:
        self.error = ""
        if self.stack is not None:
            self.stack.push(LanLobbyScene(self.services, session, to_menu=self.to_menu, on_fail=self.show_error))

    def _fail(self, message: str) -> None:
        self.error = message
        self.invalidate()

    def to_menu(self) -> None:
        """Pop every LAN scene (lobby, table, overlays) and this page: back to the menu."""
        stack = self.stack
        if stack is None:
            return
        while stack.top is not None and stack.top is not self:
            stack.pop()
        if stack.top is self:
            stack.pop()

    def show_error(self, message: str) -> None:
        self._fail(message)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.searched += dt
        if self.nothing_found() != (self.address_button_shown is not None):
            self.rebuild()
        self._back_check -= dt
        if self._back_check <= 0:              # the seat kept for the player: its seconds, and gone at the end
            self._back_check = 0.5
            if (waiting_seat(self.services) is None) != (self.kept_seat is None):
                self.rebuild()
            elif self.kept_seat is not None:
                self.invalidate()
        self._poll -= dt
        if self.browser is not None and self._poll <= 0:
            self._poll = 0.5
            self.servers = self.browser.servers()
            key = tuple((s.host, s.port, s.name, s.host_name, s.players, s.bet, s.password) for s in self.servers)
            if key != self._server_key:
                self._server_key = key
                self.rebuild()

    def row_text(self, server: LanServer, font: pygame.font.Font, room: int) -> str:
        """A server's row: its name cut short with "…" when the whole line does not fit, players and bet kept."""
        key = "lan.server_row_empty" if not server.bet else \
            "lan.server_row_playing" if server.tables and not server.open else "lan.server_row"   # no seat to join

        def line(name: str) -> str:
            return tr_count(key, server.players, name=name, players=server.players, bet=money(server.bet or 0))
        name = server_title(server)
        full = line(name)
        if gfx.text_size(font, full)[0] <= room:
            return full
        rest = gfx.text_size(font, line(""))[0]
        return ellipsize(font, line(ellipsize(font, name, max(60, room - rest))), room)

    def row_text_width(self) -> int:
        """The room for a server row's text: from its left padding to just before its "Vào" button."""
        return JOIN_X - 16 - (LEFT.x + 16)

    def draw_page(self, surface: pygame.Surface) -> None:
        self.row_text_rects = []
        head = self.label(tr("lan.servers"), 26, LABEL, bold=True)
        surface.blit(head, (LEFT.x, LEFT.y))
        if self.nothing_found():
            for i, line in enumerate(self.nothing_found_lines()):
                surface.blit(self.label(line, 19, TEXT), (LEFT.x, LEFT.y + 60 + 26 * i))
        elif not self.servers:
            surface.blit(self.label(tr("lan.searching"), 21, TEXT), (LEFT.x, LEFT.y + 60))
        self._draw_back(surface)
        for i, server in enumerate(self.servers[:self.rows_shown()]):
            y = self.row_y(i)
            pygame.draw.rect(surface, theme.LAN_ROW, (LEFT.x, y, LEFT.w, ROW_H - 6), border_radius=10)
            room = self.row_text_width()
            text = self.row_text(server, self.services.fonts.font(21, True), room)
            self.row_text_rects.append(surface.blit(self.label(text, 21, TEXT, bold=True), (LEFT.x + 16, y + 8)))
            where = server.address + (f" · {tr('lan.locked')}" if server.password else "")
            where = ellipsize(self.services.fonts.font(17), where, room)
            self.row_text_rects.append(surface.blit(self.label(where, 17, theme.LAN_NOTE), (LEFT.x + 16, y + 36)))
        surface.blit(self.label(tr("lan.address"), 24, LABEL, bold=True), (RIGHT.x, RIGHT.y))
        surface.blit(self.label(tr("lan.address_hint"), 16, theme.LAN_NOTE), (RIGHT.x, RIGHT.y + 98))
        surface.blit(self.label(tr("lan.your_name"), 20, LABEL, bold=True), (RIGHT.x, NAME_Y))
        for i, line in enumerate(self.name_note_lines()):
            surface.blit(self.label(line, 16, MUTED), (RIGHT.x, NAME_Y + 86 + 22 * i))
        if self.error:
            lines = wrap_text(self.services.fonts.font(19), self.error, PANEL.right - 36 - LEFT.x)
            top = PANEL.bottom - 48 - 26 * (len(lines) - 1)
            for i, line in enumerate(lines):
                surface.blit(self.label(line, 19, ERROR), (LEFT.x, top + 26 * i))


def server_title(server: LanServer) -> str:
    """A server as this app words it: "Bàn của Tuấn" / "Tuấn's table" from its host's name; an old server that
    names no host keeps the name it gave itself."""
    return tr("lan.server_name", name=server.host_name) if server.host_name else server.name


def waiting_seat(services: Services) -> LanSeat | None:
    """The LAN seat the player may go back to now (None: none, or the store cannot say)."""
    store = services.store
    if store is None:
        return None
    try:
        return store.waiting_lan_seat()
    except (StoreError, sqlite3.Error):
        return None


def _default_browser() -> Browser:
    return Browser()
