"""LanLobbyScene: the LAN lobby — tables, seats with names and ready marks, bots, host controls, a small chat.

Not at a table yet: the server's tables with a "Vào" button each, and "Tạo bàn". At a table: "Sẵn sàng" or,
for the host, the table's settings and "Bắt đầu"; the seats and the people watching, with the host's "Mời ra"
and "Cấm chat", are the roster's (roster.py); a name cut with "…" shows whole under the pointer (name_tips.py).
The game pushes the TableScene on the session's TableClient; leaving it, or being taken off the table (removed,
the table closed: why in the status line), comes back here. Losing the server shows LanLostOverlay (to the menu).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from tala_desktop.net.chat_text import MAX_CHAT
from tala_desktop.net.protocol import TableInfo
from tala_desktop.table import SeatKind

from ..art import gfx, theme
from ..art.shapes import render_padlock
from ..art.theme import ERROR, GOLD, LABEL, MUTED, TEXT
from ..core.choice_words import preset_name
from ..core.i18n import N_, money, tr
from ..core.names import shown_name
from ..core.scene import Scene
from ..frames.confirm import ConfirmOverlay
from ..frames.page import PANEL, PageScene, fit_font_size, wrap_text
from ..shared.new_game import BET_CHOICES, PRESET_CHOICES, TURN_SECONDS_CHOICES
from ..shared.services import Services
from ..social.layer import SocialLayer
from ..table.scene import TableScene
from ..widgets.controls import Button
from ..widgets.form import Segmented, TextField
from ..widgets.text_fit import ellipsize
from .channel import LanChannel
from .lobby_chat import BOX_BOTTOM, LobbyChat
from .lost import LanLostOverlay
from .name_tips import NameTips
from .open_seats import free_between_games
from .pin import enter_table, host_pin_dialog
from .roster import LEFT, ROW_H, LobbyRoster
from .scoreboard_view import board_rows
from .seat_keeper import SeatKeeper
from .session import LanSession
from .where import LOCK_W, TableWhere

RIGHT = pygame.Rect(PANEL.x + 640, PANEL.y + 28, 444, 0)
CONTROL_STEP = 70                # a label, its control, and air before the next label
STATUS_STEP = 19                 # between the two rows of a long status line
GAME_STOPS = {"host_quit", "host_left", "server_shutdown", "shutdown"}   # the server closed: its games with it


class LanLobbyScene(PageScene):
    """One LAN connection's lobby; it owns the session and closes it when popped."""

    title_key = N_("lobby.title")

    def __init__(self, services: Services, session: LanSession, to_menu: Callable[[], None] | None = None,
                 on_fail: Callable[[str, LanSession], None] | None = None) -> None:
        self.session = session
        self.to_menu = to_menu
        self.on_fail = on_fail
        self.clock = 0.0
        self.chat_text = ""
        self.chat_field: TextField | None = None
        self.drawn_chat_hint = ""  # the empty chat box's hint as last drawn ("" once there are lines)
        self.table_scene: TableScene | None = None
        self._key: tuple[Any, ...] = ()
        self.drawn_status = ""             # the status line of the last frame drawn
        self.drawn_chat_note = ""          # what the chat field says instead of taking text (muted), as drawn
        self.drawn_wait = ""               # what a guest reads the table waits for
        self.drawn_rows: list[tuple[str, int]] = []    # each table row's words and where its label ends
        self.drawn_row_cut: list[str] = []             # the rows too long even in the smallest type (cut with "…")
        self.drawn_terms: list[tuple[str, str]] = []   # the table's terms a guest reads (the host has controls)
        self.roster = LobbyRoster(services, session, self._ask, self.rebuild)
        self.keeper = SeatKeeper(services.store, session)   # the seat, the games and the evening kept in the store
        self.chat = LobbyChat(session, services.fonts, self.roster.speaker)   # the table's lines, scrolling
        self.where = TableWhere(services.fonts, session)     # the addresses friends type, the server's code
        self.tips = NameTips(services.fonts, [self.roster.cut_name_at, self.chat.view.cut_name_at])
        session.on_lost = self._lost
        session.on_left = self._taken_off
        super().__init__(services)

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        fonts, s = self.services.fonts, self.session
        self.row_buttons: list[Button] = []
        self.controls: list[Segmented] = []
        self.stand_button: Button | None = None     # a seated guest's "Đứng dậy": watch instead of playing
        if s.lobby is None:
            for i, table in enumerate(s.tables[:6]):
                full = table.players >= len(table.seats) or table.state != "lobby"
                rect = (LEFT.right - 120, LEFT.y + 52 + i * ROW_H, 120, 46)
                if table.id in s.removed_from:           # its host removed you: say so, never a refused Vào
                    self.row_buttons.append(Button(rect, tr("lobby.removed_row"), fonts, None, style="dark",
                                                   font_size=15, enabled=False))
                elif full and free_between_games(table):   # a running table with a seat left free: sit down there
                    self.row_buttons.append(Button(rect, tr("social.sit"), fonts,
                                                   functools.partial(self._enter, table, False), style="green",
                                                   font_size=20))
                elif full:  # a running or full table: watch it (and sit down on a free seat between games)
                    self.row_buttons.append(Button(rect, tr("social.watch"), fonts,
                                                   functools.partial(self._enter, table, True), style="blue",
                                                   font_size=20))
                else:
                    self.row_buttons.append(Button(rect, tr("lan.join"), fonts,
                                                   functools.partial(self._enter, table, False), style="green",
                                                   font_size=20))
            self.create_button = Button((LEFT.x, PANEL.bottom - 100, 260, 60), tr("lobby.create"), fonts,
                                        self.create_table, style="primary", font_size=24)
            self.widgets.extend([*self.row_buttons, self.create_button])
        else:
            info = s.lobby
            mine = s.my_seat()
            if s.is_host:
                self.action = Button((LEFT.x, PANEL.bottom - 100, 260, 60), tr("lobby.start"), fonts,
                                     s.client.start, style="primary", font_size=26, enabled=s.can_start())
                self._host_controls(info)
                self.widgets.append(self.where.pin_button(lambda: self._ask(host_pin_dialog(self.services, s))))
            elif s.watching:
                free = s.free_seat()
                self.action = Button((LEFT.x, PANEL.bottom - 100, 260, 60), tr("social.sit"), fonts,
                                     functools.partial(s.client.sit, free if free is not None else 0),
                                     style="green", font_size=24, enabled=free is not None)
            else:
                ready = mine is not None and mine.ready
                self.action = Button((LEFT.x, PANEL.bottom - 100, 220, 60),
                                     tr(N_("lobby.not_ready") if ready else N_("lobby.ready")), fonts,
                                     lambda: s.client.ready(not ready), style="dark" if ready else "green",
                                     font_size=24)
                # a guest may watch instead of playing: the seat is free for someone else
                self.stand_button = Button((LEFT.x + 236, PANEL.bottom - 100, 150, 60), tr("lobby.stand_up"),
                                           fonts, s.client.stand_up, style="blue", font_size=20)
                self.widgets.append(self.stand_button)
            # beside Đứng dậy the row is narrower: Rời bàn fills what is left of it
            x, w, size = (LEFT.x + 402, LEFT.w - 402, 20) if self.stand_button is not None else (LEFT.x + 280, 220, 22)
            self.leave_button = Button((x, PANEL.bottom - 100, w, 60), tr("lobby.leave"), fonts, s.leave,
                                       style="red", font_size=size)
            self.widgets.extend([self.action, self.leave_button, *self.controls, *self.roster.build(info)])
        muted = s.am_muted
        typing = self.chat_field is not None and self.chat_field.focused and not muted
        refused = self.chat_field is not None and self.chat_field.refused    # still said after a new line came
        self.chat_field = TextField((RIGHT.x, PANEL.bottom - 96, RIGHT.w - 110, 50), self.chat_text, fonts, MAX_CHAT,
                                    self._set_chat, size=19)
        self.chat_field.refused = refused
        at_table = s.lobby is not None              # a chat goes to the people at your table: none before one
        self.chat_field.visible = not muted and at_table   # muted: the field says so instead of taking text
        self.chat_field.focus(typing and at_table)
        self.send_button = Button((RIGHT.right - 100, PANEL.bottom - 95, 100, 48), tr("lobby.send"), fonts,
                                  self.send_chat, style="blue", font_size=20, enabled=not muted, visible=at_table)
        self.widgets.extend([self.chat_field, self.send_button])

    def _host_controls(self, info: TableInfo) -> None:
        fonts = self.services.fonts
        seconds = [(t, tr("setup.no_clock") if t == 0 else str(t)) for t in TURN_SECONDS_CHOICES]
        Row = tuple[str, list[tuple[Any, str]], Any]
        rows: list[Row] = [("seats", [(n, str(n)) for n in (2, 3, 4)], len(info.seats)),
                ("bet", [(b, money(b)) for b in BET_CHOICES], info.bet),
                ("turn_seconds", seconds, info.turn_seconds),
                ("preset", [(p, preset_name(p)) for p in PRESET_CHOICES], info.preset)]
        for i, (field, options, value) in enumerate(rows):
            rect = (RIGHT.x, RIGHT.y + 28 + i * CONTROL_STEP, RIGHT.w, 40)
            self.controls.append(Segmented(rect, options, value, fonts, functools.partial(self.configure, field),
                                           size=17))

    def _enter(self, table: TableInfo, watch: bool) -> None:
        enter_table(self.services, self.session, table, watch, self._ask)     # a PIN table asks its PIN first

    def _ask(self, overlay: Scene) -> None:
        if self.stack is not None:
            self.stack.push(overlay)

    def _set_chat(self, text: str) -> None:
        self.chat_text = text

    # -- actions -------------------------------------------------------------------------------
    def create_table(self) -> None:
        st = self.services.settings
        preset = st.default_preset if st.default_preset in PRESET_CHOICES else "zingplay"
        self.session.client.create_table(seats=4, bet=int(st.default_bet), turn_seconds=int(st.turn_seconds),
                                         preset=preset)

    def configure(self, field: str, value: Any) -> None:
        info = self.session.lobby
        if info is None:
            return
        settings = {"seats": len(info.seats), "bet": info.bet, "turn_seconds": info.turn_seconds,
                    "preset": info.preset, "bots": list(info.bots)}
        settings[field] = value
        self.session.client.configure(**settings)

    def send_chat(self) -> None:
        text = self.chat_text.strip()
        if text and not self.session.am_muted and self.session.lobby is not None:
            self.session.client.chat(text)
            self.chat_text = ""
            if self.chat_field is not None:
                self.chat_field.text, self.chat_field.caret = "", 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat.handle_event(event):          # the chat's wheel, scrollbar and "new messages"
            self.invalidate()
            return
        if event.type == pygame.TEXTINPUT and self.chat_field is not None and self.chat_field.focused:
            self.invalidate()                      # the count over the field follows the typing
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.chat_field is not None and self.chat_field.focused):
            self.send_chat()
            self.invalidate()
            return
        super().handle_event(event)

    def back(self) -> None:
        """Leave the lobby: close the connection (and the in-app server: its players are told you left) and go back.
        When this app hosts the table and others are there, ask first, naming them, with "Ở lại"."""
        others = self.closes_for()
        if others and self.stack is not None:
            self.stack.push(ConfirmOverlay(self.services, tr("lobby.close_title"),
                                           tr("lobby.close_text", names=", ".join(others)), tr("lobby.close_yes"),
                                           tr("confirm.stay"), self.close_table))
            return
        self.close_table()

    def close_table(self) -> None:
        """Close the connection and the in-app server (its players are told the host left), and go back."""
        if self.session.lobby is not None:
            self.keeper.left()                 # a seat given up on purpose: nothing to go back to
        self.session.close("host_left")
        super().back()

    def on_exit(self) -> None:
        """Popped without "back" (the app closes): the players of a table this app hosts are told so."""
        self.session.close("host_quit")

    # -- the game ----------------------------------------------------------------------------------
    def _start_table(self) -> None:
        client = self.session.table_client()
        info = self.session.lobby
        number, bet = (info.id, info.bet) if info is not None else (1, None)
        chat = SocialLayer(LanChannel(self.session), self.services.fonts)
        self.table_scene = TableScene(client, self.services, on_leave=self._back_from_table, table_number=number,
                                      bet=bet, layer=chat, looks=self.look_of,   # watching: seen in its snapshots
                                      closes_for=self.closes_for)
        if self.stack is not None:
            self.stack.push(self.table_scene)

    def look_of(self, seat: int) -> int | None:
        """The avatar the player at ``seat`` chose (their hello's), None for a bot or an empty seat."""
        info = self.session.lobby
        found = next((s for s in info.seats if s.seat == seat), None) if info is not None else None
        return found.avatar if found is not None and found.kind == SeatKind.PLAYER else None

    def closes_for(self) -> tuple[str, ...]:
        """Who else is at the table when this app runs its server (quitting closes it for them): the other
        players, then the people watching; nobody when another app hosts."""
        s, info = self.session, self.session.lobby
        if s.server is None or info is None:
            return ()
        players = [shown_name(x.name) for x in info.seats
                   if x.kind == SeatKind.PLAYER and x.name and x.seat != (None if s.watching else s.you)]
        return (*players, *(shown_name(name) for name in info.watchers))

    def _back_from_table(self) -> None:
        """The table scene's leave: vacate the seat if the server still holds it, and show the lobby again."""
        self.session.leave()
        self.keeper.left()
        stack = self.stack
        while stack is not None and stack.top is not None and stack.top is not self:
            stack.pop()
        self.table_scene = None
        self.rebuild()

    def _taken_off(self, why: str) -> None:
        """The server took you off the table (removed, or it closed) while its scene shows: back to the lobby,
        whose status line says why and what to do."""
        if self.table_scene is None:
            return
        stack = self.stack
        while stack is not None and stack.top is not None and stack.top is not self:
            stack.pop()
        self.table_scene = None
        self.rebuild()

    def _lost(self, text: str) -> None:
        if self.stack is None:
            return
        m = self.table_scene.model if self.table_scene is not None else None
        if self.session.lost_reason in GAME_STOPS:         # the server closed: what becomes of the chips
            mid_game = m is not None and not m.is_over
            text = text + " " + tr(N_("net.game_money") if mid_game else N_("net.table_money"))
        if self.session.welcome is None and self.on_fail is not None:  # never got in: back to the list
            self.on_fail(text, self.session)
            self.back()
            return
        closed = self.session.lost_reason in GAME_STOPS                  # the server closed, not the network
        board = board_rows(self.session.scoreboard) if self.session.scoreboard is not None else None
        self.stack.push(LanLostOverlay(self.services, text, self.to_menu or self.back,
                                       title=tr("lan.closed_title") if closed else None, board=board))

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        s = self.session
        s.pump(self.clock)
        if self.stack is None or self.stack.top is not self:
            return
        if s.playing and s.table_queue and self.table_scene is None:
            self._start_table()
            return
        self._place_chat()
        if self.chat.update() | self.tips.update(self.chat.view.pointer):
            self.invalidate()
        if s.pin_for is not None:                  # Vào went straight to a PIN table: its PIN first
            table, s.pin_for = s.pin_for, None
            self._enter(table, False)
        key = (s.lobby, s.you, s.member, tuple(s.tables), s.chat_events_total,
               len(s.notices), s.welcome is None, self.roster.tick(s.lobby, self.clock))
        if key != self._key:
            self._key = key
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.tips.draw(surface)                    # over everything, by the pointer

    def draw_page(self, surface: pygame.Surface) -> None:
        s = self.session
        self.drawn_terms = []
        if s.lobby is None:
            self._draw_tables(surface)
        else:
            self._draw_seats(surface, s.lobby)
        self._draw_chat(surface)
        self.where.draw(surface, self.label)
        status = self.status_line()
        lines = self.status_lines()
        self.drawn_status = " ".join(lines)
        colour = status[1] if status is not None else MUTED
        top = PANEL.bottom - (30 if len(lines) == 1 else 40)     # under the buttons, across the whole page
        for i, line in enumerate(lines):
            surface.blit(self.label(line, self.status_size, colour), (LEFT.x, top + STATUS_STEP * i))

    status_size = 16

    def status_width(self) -> int:
        return RIGHT.right - LEFT.x

    def status_line(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the lobby: the server's last refusal in words, "Đang kết nối…" until welcomed, or nothing."""
        s = self.session
        if s.notices:
            return s.notices[-1], ERROR
        if s.welcome is None:
            return tr("lan.connecting"), MUTED
        return None

    def status_lines(self) -> list[str]:
        """The status line wrapped to the page's width, in two rows at most (a longer one ends in "…")."""
        status = self.status_line()
        if status is None:
            return []
        font = self.services.fonts.font(self.status_size)
        lines = wrap_text(font, status[0], self.status_width())
        if len(lines) > 2:
            lines = [lines[0], ellipsize(font, " ".join(lines[1:]), self.status_width())]
        return lines

    def _draw_tables(self, surface: pygame.Surface) -> None:
        self.drawn_rows, self.drawn_row_cut = [], []
        surface.blit(self.label(tr("lobby.tables"), 26, LABEL, bold=True), (LEFT.x, LEFT.y))
        if not self.session.tables:
            surface.blit(self.label(tr("lobby.no_tables"), 20, MUTED), (LEFT.x, LEFT.y + 60))
        for i, t in enumerate(self.session.tables[:6]):
            y = LEFT.y + 48 + i * ROW_H
            pygame.draw.rect(surface, theme.LAN_ROW, (LEFT.x, y, LEFT.w, ROW_H - 8), border_radius=10)
            text = tr("lobby.table_row", name=table_name(t), players=t.players, seats=len(t.seats),
                      bet=money(t.bet))
            if t.state == "playing":
                text += " · " + tr("lobby.playing")
            room = (self.row_buttons[i].rect.x if i < len(self.row_buttons) else LEFT.right) - 8 - (LEFT.x + 14)
            size = fit_font_size(self.services.fonts, text, room, 20, smallest=16)   # a long row: smaller, then cut
            if t.password:                         # a PIN table: the padlock, as in the LAN list
                surface.blit(render_padlock(20, GOLD), (LEFT.x + 14, y + 17))
                room -= LOCK_W
            label = self.label(ellipsize(self.services.fonts.font(size, bold=True), text, room), size, TEXT, bold=True)
            surface.blit(label, (LEFT.x + 14 + (LOCK_W if t.password else 0), y + 16))
            self.drawn_rows.append((text, LEFT.x + 14 + label.get_width()))
            if gfx.text_size(self.services.fonts.font(size, bold=True), text)[0] > room:
                self.drawn_row_cut.append(text)

    def _draw_seats(self, surface: pygame.Surface, info: TableInfo) -> None:
        surface.blit(self.label(table_name(info), 26, LABEL, bold=True), (LEFT.x, LEFT.y))
        self.roster.draw(surface, info, self.label)
        if self.session.is_host and not self.session.can_start():
            surface.blit(self.label(tr("lobby.wait_ready"), 19, MUTED), (LEFT.x, PANEL.bottom - 140))
        if self.session.is_host:
            for i, key in enumerate((N_("lobby.seats"), N_("lobby.bet"), N_("lobby.clock"), N_("lobby.preset"))):
                surface.blit(self.label(tr(key), 17, LABEL), (RIGHT.x, RIGHT.y + 4 + i * CONTROL_STEP))
        else:
            self.drawn_wait = ellipsize(self.services.fonts.font(20), self.waiting_for(info), RIGHT.w)
            surface.blit(self.label(self.drawn_wait, 20, MUTED), (RIGHT.x, RIGHT.y + 8))
            self._draw_terms(surface, info)

    def waiting_for(self, info: TableInfo) -> str:
        """What a guest's table waits for: their own "Sẵn sàng", the others not ready yet (by name), the host
        (someone watching reads the last two)."""
        mine = self.session.my_seat()
        if not self.session.watching and (mine is None or not mine.ready):
            return tr("lobby.wait_ready")
        late = [shown_name(x.name) for x in info.seats if x.kind == SeatKind.PLAYER and not x.ready and x.name]
        return tr("lobby.wait_for", names=", ".join(late)) if late else tr("lobby.wait_host")

    def _draw_terms(self, surface: pygame.Surface, info: TableInfo) -> None:
        """What the host set, read-only for the others: a row each, "Tiền cược: 500"."""
        self.drawn_terms = table_terms(info)
        font = self.services.fonts.font(17)
        for i, (key, value) in enumerate(self.drawn_terms):
            y = RIGHT.y + 52 + i * 32
            label = self.label(f"{key}:", 17, LABEL)
            surface.blit(label, (RIGHT.x, y))
            x = RIGHT.x + label.get_width() + 8
            surface.blit(self.label(ellipsize(font, value, RIGHT.right - x), 17, TEXT, bold=True), (x, y))

    def _draw_chat(self, surface: pygame.Surface) -> None:
        self._place_chat()
        self.drawn_chat_note = self.chat.draw_muted(surface, self.label, self.chat_field, self.session.am_muted)
        self.drawn_chat_hint = self.chat.draw(surface, self.label, self.chat_field, RIGHT.w)

    def _place_chat(self) -> None:
        """The chat's lines: under the host's controls, or under a guest's terms (taller), over the field."""
        top = RIGHT.y + 30 + 4 * CONTROL_STEP if self.session.is_host else RIGHT.y + 52 + 4 * 32 + 44
        self.chat.place(pygame.Rect(RIGHT.x, top, RIGHT.w, BOX_BOTTOM - top))


def table_terms(info: TableInfo) -> list[tuple[str, str]]:
    """The table's settings as (label, value) rows in the player's language."""
    clock = tr("setup.no_clock") if info.turn_seconds == 0 else tr("lobby.clock_value", seconds=info.turn_seconds)
    preset = preset_name(info.preset) if info.preset in PRESET_CHOICES else shown_name(info.preset)
    return [(tr("lobby.seats"), str(len(info.seats))), (tr("lobby.bet"), money(info.bet)),
            (tr("lobby.clock"), clock), (tr("lobby.preset"), preset)]


def table_name(info: TableInfo) -> str:
    """A table as the lobby names it: "Bàn 2" / "Table 2" by its number (the server's own name is Vietnamese)."""
    return tr("table.number", number=info.id)
