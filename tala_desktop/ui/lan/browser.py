"""LanBrowserScene: "Chơi qua mạng LAN" — live list of servers on the network, join by address, host a table.

Servers found by the UDP beacon browser (net/discovery.py) are listed with
their title, players and bet, their address and code (the code the host's
lobby shows: friends compare it), a lock when joining asks for a PIN or a
password, a mark when two rows look alike (server_rows.py), and a "Vào"
button each; the list follows the beacons (a silent server disappears after
a few seconds) and scrolls with the wheel or its arrows when it is longer
than the page. "Nhập địa chỉ" joins a server by host:port when discovery is blocked; when nothing is heard for
``NOTHING_FOUND_AFTER`` seconds (or discovery could not start) the list says why that may be (firewall, a
"Public" network, another subnet, on a Mac the local-network permission) and offers a "Nhập địa chỉ" button
that puts the cursor in the address field. "Tên của bạn trên LAN" is the name the others see (the profile's;
a profile with no name chosen gets an empty field and a note that the others would see "Người chơi"); a name
typed there is kept in the profile. "Tạo bàn LAN" starts the in-app server in a background thread, joins it and
opens a table. Joining pushes the LAN lobby; leaving the lobby closes the connection (and the in-app server);
each server is joined as who the data folder says the
player is there (seat_keeper.credentials: its token only to the server the list hears there with the identity
that gave it). While a server keeps a seat for
the player (the app closed or crashed at its table), "Quay lại bàn" shows above "Tạo bàn LAN" (back_row.py);
the menu's opens this page going there.
"""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable

import pygame

from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.net.identity import IDENTITY_FILE
from tala_desktop.net.protocol import MAX_NAME, clean_name
from tala_desktop.store import StoreError

from ..art import gfx, theme
from ..art.shapes import render_padlock
from ..art.theme import ERROR, GOLD, LABEL, MUTED, TEXT, WARNING
from ..core.i18n import N_, money, tr, tr_count
from ..core.names import is_default_name, lan_name
from ..frames.page import PANEL, PageScene, wrap_text
from ..shared.services import Services
from ..shared.store_bridge import profile_look
from ..widgets.controls import Button
from ..widgets.form import TextField
from ..widgets.text_fit import ellipsize
from .back_row import BackRow, back_address, give_up, waiting_seat
from .lobby import LanLobbyScene
from .pin import server_password_dialog
from .seat_keeper import credentials
from .server_rows import ServerRow, server_rows
from .session import DEFAULT_PORT, PIN_REFUSALS, LanSession
from .where import LOCK_W

log = logging.getLogger(__name__)

LEFT = pygame.Rect(PANEL.x + 36, PANEL.y + 28, 640, 0)
RIGHT = pygame.Rect(PANEL.x + 720, PANEL.y + 28, 364, 0)
ROW_H = 66
JOIN_X = LEFT.right - 130      # where a row's "Vào" button starts
MAX_ROWS = 6                   # rows shown at once (the wheel or the arrows show the others)
NAME_Y = RIGHT.y + 318         # "Tên của bạn trên LAN", under "Tạo bàn LAN"
BACK_AREA = pygame.Rect(RIGHT.x, RIGHT.y + 126, RIGHT.w, 90)   # "Quay lại bàn", between the address and hosting
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

    title_key = N_("lan.title")

    def __init__(self, services: Services, browser_factory: Callable[[], Browser | None] | None = None,
                 host_port: int = DEFAULT_PORT, announce_target: tuple[str, int] | None = None,
                 back_to_table: bool = False) -> None:
        self.browser: Browser | None = None
        self.browser_factory = browser_factory or _default_browser
        self.host_port = host_port
        self.announce_target = announce_target  # None: the LAN broadcast address (tests pass loopback)
        self.servers: list[LanServer] = []
        self.rows: list[ServerRow] = []                   # the servers as listed: sorted, look-alikes marked
        self.first = 0                                    # the first row shown (the list scrolls)
        self.error = ""
        self.address_text = ""
        named = str(services.settings.player_name)
        self.name_text = "" if is_default_name(named) else named.strip()   # the name the others see
        self._server_key: tuple[object, ...] = ()
        self._poll = 0.0
        self.searched = 0.0                               # seconds on this page so far
        self.address_button_shown: Button | None = None   # "Nhập địa chỉ" under the notice of an empty list
        self.server_buttons: list[Button] = []
        self.joining: tuple[str, int] | None = None      # the address Vào last went to
        self._password_again: tuple[str, int, str, float | None] | None = None   # it asked a password: ask again
        self.row_text_rects: list[pygame.Rect] = []       # where the rows' texts went (the tests read them)
        self.drawn_notes: list[str] = []                  # each row's second line as drawn (address, code...)
        self.kept = BackRow(services, BACK_AREA)           # "Quay lại bàn": the seat a server still keeps for you
        self._back_pending = back_to_table                # opened by the menu's "Quay lại bàn": go there at once
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
        self.rows = server_rows(self.servers)
        self.first = max(0, min(self.first, len(self.rows) - MAX_ROWS))
        for i, row in enumerate(self.shown_rows()):
            y = LEFT.y + 50 + i * ROW_H
            button = Button((JOIN_X, y + 8, LEFT.right - JOIN_X, 48), tr("lan.join"), fonts,
                            functools.partial(self.join_row, row.server), style="green", font_size=20)
            self.server_buttons.append(button)
        self.scroll_buttons: list[Button] = []
        if len(self.rows) > MAX_ROWS:
            for i, (text, step) in enumerate((("▲", -1), ("▼", 1))):
                self.scroll_buttons.append(Button((LEFT.right - 96 + 50 * i, LEFT.y - 4, 46, 36), text, fonts,
                                                  functools.partial(self.scroll, step), style="dark", font_size=16,
                                                  enabled=0 <= self.first + step <= len(self.rows) - MAX_ROWS))
            self.widgets.extend(self.scroll_buttons)
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
        back = self.kept.build(self.go_back)
        if back is not None:
            self.widgets.append(back)
        self.address_button_shown = None
        if self.nothing_found():
            y = LEFT.y + 60 + 26 * len(self.nothing_found_lines()) + 14
            self.address_button_shown = Button((LEFT.x, y, 240, 50), tr("lan.address"), fonts, self.focus_address,
                                               style="green", font_size=20)
            self.widgets.append(self.address_button_shown)

    def shown_rows(self) -> list[ServerRow]:
        return self.rows[self.first:self.first + MAX_ROWS]

    def scroll(self, step: int) -> None:
        """Show the rows ``step`` further down the list (up when negative)."""
        first = max(0, min(self.first + step, len(self.rows) - MAX_ROWS))
        if first != self.first:
            self.first = first
            self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and len(self.rows) > MAX_ROWS:   # the page's one list scrolls
            self.scroll(-event.y)
            self.invalidate()
            return
        super().handle_event(event)

    def nothing_found(self) -> bool:
        """Whether the list is empty for a reason worth telling: discovery is off, or nothing heard for 5 s."""
        return not self.servers and (self.browser is None or self.searched >= NOTHING_FOUND_AFTER)

    def nothing_found_lines(self) -> list[str]:
        """The empty list's notice, wrapped to the list's width."""
        text = tr(N_("lan.discovery_off") if self.browser is None else N_("lan.nothing_found"))
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

    def join_row(self, server: LanServer) -> None:
        """Vào on a row: a server that asks a password in every hello has it asked first."""
        if server.password:
            self.ask_password(server.host, server.port)
        else:
            self.join(server.host, server.port, server_key=server.id)

    def join(self, host: str, port: int, password: str | None = None, back: bool = False, server_key: str = "",
             kept_at: tuple[str, int] | None = None) -> None:
        """Connect to host:port as who the data folder says the player is at ``kept_at`` (where a kept seat's server
        was met) or there; ``server_key``: the server the list hears there; ``back``: to a kept seat."""
        name = self._name()
        if name is None:
            return
        known = credentials(self.services.store, *(kept_at or (host, port)), server_key)
        try:
            session = LanSession.join(host, port, name, password, avatar=profile_look(self.services),
                                      straight_in=not back, person=known.person, resume=known.token, at=known.at)
        except ValueError:   # a name the profile took but the LAN does not
            self._fail(tr("lan.name_rules", max=MAX_NAME))
            return
        session.kept_at = kept_at if kept_at != (host, port) else None
        self.joining = (host, port)
        self._open(session)

    def go_back(self) -> None:
        """Quay lại bàn: to the seat a server keeps (gone by then, or another server there now: its tables)."""
        seat = waiting_seat(self.services)
        host, port, heard = back_address(seat, self.servers) if seat is not None else ("", 0, None)
        if seat is None or heard not in (None, seat.server_key):
            give_up(self.services, seat)
            self._fail(tr("back.gone"))
            self.rebuild()
            return
        self.join(host, port, back=True, server_key=heard or "", kept_at=(seat.host, seat.port))

    def ask_password(self, host: str, port: int, refused: str = "", wait: float | None = None) -> None:
        """The server at host:port asks a password (``tala-server --password``): the dialog, then Vào with it;
        ``refused`` and ``wait`` say what became of the last one."""
        if self.stack is None:
            return
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.stack.push(server_password_dialog(self.services, where, lambda typed: self.join(host, port, typed),
                                               wait, refused))

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
            store = self.services.store
            kept = str(store.data_dir / IDENTITY_FILE) if store is not None else None   # the code friends compare
            session = LanSession.host(name, tr("lan.server_name", name=name), self.host_port, self.announce_target,
                                      avatar=profile_look(self.services), identity_path=kept,
                                      person=lambda host, port: credentials(store, host, port).person, **settings)
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

    def show_error(self, message: str, session: LanSession | None = None) -> None:
        """A connection that never got in ended: why, here; a server that wants a password has it asked again
        (once the lobby is gone), saying what became of the last one."""
        if session is not None and session.lost_reason in PIN_REFUSALS and self.joining is not None:
            self._password_again = (*self.joining, session.lost_reason, session.lost_wait)
            return
        self._fail(message)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._password_again is not None and self.stack is not None and self.stack.top is self:
            host, port, refused, wait = self._password_again
            self._password_again = None
            self.ask_password(host, port, refused, wait)
        self.searched += dt
        if self.nothing_found() != (self.address_button_shown is not None):
            self.rebuild()
        kept = self.kept.update(dt)                # the kept seat's seconds; gone when its grace runs out
        if kept == "rebuild":
            self.rebuild()
        elif kept:
            self.invalidate()
        self._poll -= dt
        if self.browser is not None and self._poll <= 0:
            self._poll = 0.5
            self.servers = self.browser.servers()
            key = tuple((s.id, s.host, s.port, s.name, s.host_name, s.players, s.bet, s.password, s.pin, s.open,
                         s.tables, s.addrs) for s in self.servers)
            if key != self._server_key:
                self._server_key = key
                self.rebuild()

    def row_text(self, server: LanServer, font: pygame.font.Font, room: int, title: str | None = None) -> str:
        """A server's row: its title cut short with "…" when the whole line does not fit, players and bet kept."""
        key = N_("lan.server_row_empty") if not server.bet else \
            N_("lan.server_row_playing") if server.tables and not server.open else \
            N_("lan.server_row")   # no seat to join

        def line(name: str) -> str:
            return tr_count(key, server.players, name=name, players=server.players, bet=money(server.bet or 0))
        name = server_rows([server])[0].title if title is None else title
        full = line(name)
        if gfx.text_size(font, full)[0] <= room:
            return full
        rest = gfx.text_size(font, line(""))[0]
        return ellipsize(font, line(ellipsize(font, name, max(60, room - rest))), room)

    def row_text_width(self) -> int:
        """The room for a server row's text: from its left padding to just before its "Vào" button."""
        return JOIN_X - 16 - (LEFT.x + 16)

    def _draw_row(self, surface: pygame.Surface, row: ServerRow, y: int) -> None:
        """One server: a padlock when joining asks for something, its title, players and bet; under them its
        address and code, what joining asks for, and a mark when it looks like another row."""
        server = row.server
        pygame.draw.rect(surface, theme.LAN_ROW, (LEFT.x, y, LEFT.w, ROW_H - 6), border_radius=10)
        x, room = LEFT.x + 16, self.row_text_width()
        if row.locked:
            surface.blit(render_padlock(20, GOLD), (x, y + 9))
            x, room = x + LOCK_W, room - LOCK_W
        text = self.row_text(server, self.services.fonts.font(21, True), room, row.title)
        self.row_text_rects.append(surface.blit(self.label(text, 21, TEXT, bold=True), (x, y + 8)))
        font = self.services.fonts.font(17)
        room = self.row_text_width()
        where = " · ".join([*(row.addresses or (server.address,)), *([tr("lan.code", code=server.code)]
                                                                     if server.id else [])])
        asks = tr("lan.locked") if server.password else tr("lan.pin_needed") if server.pin else ""
        mark = " · " + tr("lan.look_alike") if row.look_alike else ""
        if asks and gfx.text_size(font, f"{where} · {asks}{mark}")[0] <= room:   # else the padlock says it alone
            where = f"{where} · {asks}"
        where = ellipsize(font, where, room)                 # the address and code first, whole when they fit
        left, bold = room - gfx.text_size(font, where)[0], self.services.fonts.font(17, True)
        if mark and gfx.text_size(bold, mark)[0] > left:
            mark = ellipsize(bold, mark, left) if left >= gfx.text_size(bold, " · …")[0] else ""
        self.drawn_notes.append(where + mark)
        drawn = surface.blit(self.label(where, 17, theme.LAN_NOTE), (LEFT.x + 16, y + 36))
        if mark:
            drawn = drawn.union(surface.blit(self.label(mark, 17, WARNING, bold=True), (drawn.right, y + 36)))
        self.row_text_rects.append(drawn)

    def draw_page(self, surface: pygame.Surface) -> None:
        self.row_text_rects, self.drawn_notes = [], []
        head = self.label(tr("lan.servers"), 26, LABEL, bold=True)
        surface.blit(head, (LEFT.x, LEFT.y))
        if self.nothing_found():
            for i, line in enumerate(self.nothing_found_lines()):
                surface.blit(self.label(line, 19, TEXT), (LEFT.x, LEFT.y + 60 + 26 * i))
        elif not self.servers:
            surface.blit(self.label(tr("lan.searching"), 21, TEXT), (LEFT.x, LEFT.y + 60))
        if len(self.rows) > MAX_ROWS:
            shown = tr("lan.rows_shown", first=self.first + 1, last=self.first + len(self.shown_rows()),
                       total=len(self.rows))
            label = self.label(shown, 16, theme.LAN_NOTE)
            surface.blit(label, label.get_rect(midright=(LEFT.right - 106, LEFT.y + 14)))
        for i, row in enumerate(self.shown_rows()):
            self._draw_row(surface, row, LEFT.y + 50 + i * ROW_H)
        surface.blit(self.label(tr("lan.address"), 24, LABEL, bold=True), (RIGHT.x, RIGHT.y))
        surface.blit(self.label(tr("lan.address_hint"), 16, theme.LAN_NOTE), (RIGHT.x, RIGHT.y + 98))
        self.kept.draw(surface, self.label)
        surface.blit(self.label(tr("lan.your_name"), 20, LABEL, bold=True), (RIGHT.x, NAME_Y))
        for i, line in enumerate(self.name_note_lines()):
            surface.blit(self.label(line, 16, MUTED), (RIGHT.x, NAME_Y + 86 + 22 * i))
        if self.error:
            lines = wrap_text(self.services.fonts.font(19), self.error, PANEL.right - 36 - LEFT.x)
            top = PANEL.bottom - 48 - 26 * (len(lines) - 1)
            for i, line in enumerate(lines):
                surface.blit(self.label(line, 19, ERROR), (LEFT.x, top + 26 * i))


def _default_browser() -> Browser:
    return Browser()
