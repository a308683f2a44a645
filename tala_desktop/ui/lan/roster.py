"""LobbyRoster: the people at the LAN lobby's table — its seat rows, the list of those watching, the host's buttons.

Everyone is addressed by the id the table state gives them (``SeatInfo.member``,
``TableInfo.watcher_ids``), never by name: the host's "Mời ra" (asked first; the
question says whether that person sits or watches) and "Cấm chat" / "Cho chat lại"
name that id, and who is muted is read from ``TableInfo.muted_ids``. A name is
shown once: a person whose name looks like one shown before (net/names.py: a
player's, a watcher's or a bot's) gets "#2", "#3" after it, and a name with
nothing to show reads "(không tên)". The watchers' list fills the room under the
seats (the seat rows are a little shorter while anyone watches); when more watch
than fit, its last line says "+N người xem nữa" and "Xem tiếp" turns the list on.
A muted person has the table's muted mark (ui/social/people_menu.py) on their
face, and a watcher's row says so in words; your own watcher row says "bạn".
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from tala_desktop.net.chat_text import visible
from tala_desktop.net.names import name_key
from tala_desktop.net.protocol import ChatEvent, SeatInfo, TableInfo
from tala_desktop.table import SeatKind

from ..art import gfx, theme
from ..art.theme import ERROR, GAIN, LABEL, MUTED, TEXT
from ..core.choice_words import level_name
from ..core.i18n import N_, tr
from ..core.names import BOT_KEY, seat_name
from ..frames.confirm import ConfirmOverlay
from ..frames.page import PANEL
from ..shared.services import Services
from ..social.social_painter import muted_badge
from ..widgets.controls import Button
from ..widgets.text_fit import READABLE, ellipsize, fit_name
from .session import LanSession

LEFT = pygame.Rect(PANEL.x + 36, PANEL.y + 28, 560, 0)
SEATS_TOP = LEFT.y + 48
ROW_H = 64                 # a seat row's pitch (its drawn height is 8 less)
ROW_H_WATCHED = 56         # ... while anyone watches: room for their list
SEAT_FACE = 44             # the avatar beside a seat's name
WATCH_H = 34               # a watcher's row's pitch
WATCH_FACE = 24
WATCH_HEADER = 26          # "Đang xem (3)" above the list
WATCH_BOTTOM = PANEL.bottom - 108   # the list ends above the buttons ...
HINT_BOTTOM = PANEL.bottom - 146    # ... and above the host's "Chờ mọi người sẵn sàng" while it shows
KICK_W = 96
MUTE_W = 112               # at least
MORE_W = 120
Colour = tuple[int, int, int]
Label = Callable[..., pygame.Surface]     # PageScene.label(text, size, colour, bold=...)


@dataclass(frozen=True)
class Someone:
    """A person at the table as the lobby shows them."""

    member: int | None      # their id at this table (None: a frame that did not say)
    name: str               # as shown: cleaned, never the same as another name shown here
    seat: int | None        # None: watching
    muted: bool = False
    raw: str = ""           # the name the server gave


def unique_labels(names: Iterable[str], taken: Iterable[str] = ()) -> list[str]:
    """``names`` in order, each one that looks like a name before it (or like one of ``taken``) with "#k" after it
    (the smallest k >= 2 that makes it look like none)."""
    keys = {name_key(t) for t in taken}
    out = []
    for name in names:
        label, k = name, 1
        while name_key(label) in keys:
            k += 1
            label = f"{name} #{k}"
        keys.add(name_key(label))
        out.append(label)
    return out


def inked(name: str | None) -> str:
    """A name from the server as a line can show it: trimmed, or "(không tên)" when nothing of it draws."""
    text = (name or "").strip()
    return text if any(visible(ch) for ch in text) else tr("lobby.no_name")


def bot_label(seat: SeatInfo) -> str:
    """A seat that no person holds, named as the table names it ("Máy 2"): the bot's, or the one that will fill it."""
    return seat_name(seat.name) if seat.name else tr(BOT_KEY, number=seat.seat + 1)


def people_at(info: TableInfo) -> list[Someone]:
    """The seated players (in seat order), then the people watching (in the order they came), each named once."""
    muted = set(info.muted_ids)
    players = [x for x in info.seats if x.kind == SeatKind.PLAYER]
    watchers = list(zip(info.watchers, [*info.watcher_ids, *[None] * len(info.watchers)]))
    bots = [bot_label(x) for x in info.seats if x.kind != SeatKind.PLAYER]
    names = unique_labels([*(inked(x.name) for x in players), *(inked(name) for name, _ in watchers)], bots)
    out = [Someone(x.member, label, x.seat, x.member in muted, x.name or "") for x, label in zip(players, names)]
    out += [Someone(member, label, None, member in muted, name)
            for (name, member), label in zip(watchers, names[len(out):])]
    return out


def seat_marks(seat: SeatInfo, away_left: int | None = None) -> list[tuple[str, Colour]]:
    """The marks after a seat's name: host, left, away (with the seconds its seat is still kept, ``away_left``, as
    the table's name plate says them), ready or waiting for a player; the level for a bot."""
    if seat.kind != SeatKind.PLAYER:
        return [(level_name(seat.level), MUTED)]
    marks = [(tr("lobby.host_mark"), LABEL)] if seat.host else []
    if seat.joining:
        return [*marks, (tr("lobby.joining_mark"), GAIN)]
    if seat.left:
        return [*marks, (tr("lobby.left_mark"), MUTED)]
    if not seat.connected:
        away = tr("lobby.away_mark") if away_left is None else tr("people.away", seconds=away_left)
        return [*marks, (away, ERROR)]
    return [*marks, (tr("lobby.ready_mark"), GAIN) if seat.ready else (tr("lobby.waiting_mark"), MUTED)]


class LobbyRoster:
    """The seats and the watchers of the lobby's table, drawn in its left column, with the host's buttons."""

    def __init__(self, services: Services, session: LanSession, ask: Callable[[ConfirmOverlay], None],
                 on_turn: Callable[[], None]) -> None:
        self.services = services
        self.session = session
        self.ask = ask                   # shows the host's question (the scene pushes it)
        self.on_turn = on_turn           # the watchers' list turned: the scene builds again
        self.first = 0                   # the first watcher shown
        self.kick_buttons: dict[int, Button] = {}    # member id -> the host's "Mời ra"
        self.mute_buttons: dict[int, Button] = {}    # member id -> "Cấm chat" / "Cho chat lại"
        self.more_button: Button | None = None
        self.people: list[Someone] = []
        self.shown: list[tuple[Someone, pygame.Rect]] = []   # the watchers' rows drawn now
        self.hidden = 0                  # watchers not in those rows
        self._per = 1                    # watchers shown at once when the list turns
        self._badges: dict[int, pygame.Surface] = {}
        self.cut: list[tuple[pygame.Rect, str]] = []    # the names drawn cut with "…" and where, with their full name
        self._arrived: tuple[TableInfo | None, float] = (None, 0.0)   # the lobby shown and when it came
        self.now = 0.0

    def tick(self, info: TableInfo | None, now: float) -> tuple[int | None, ...]:
        """Each seat's seconds still kept for its player who dropped (None: not away), counted down from when the
        lobby ``info`` came on the page's clock ``now``: what the rows show, changing once a second."""
        if info is not self._arrived[0]:
            self._arrived = (info, now)
        self.now = now
        return tuple(self.away_left(x) for x in info.seats) if info is not None else ()

    def away_left(self, seat: SeatInfo) -> int | None:
        if seat.connected or seat.left or seat.away is None:
            return None
        return max(0, math.ceil(seat.away - (self.now - self._arrived[1])))

    # -- layout --------------------------------------------------------------------------
    @staticmethod
    def seat_rect(info: TableInfo, index: int) -> pygame.Rect:
        """The row of the ``index``-th seat (its drawn box)."""
        pitch = ROW_H_WATCHED if info.watchers else ROW_H
        return pygame.Rect(LEFT.x, SEATS_TOP + index * pitch, LEFT.w, pitch - 8)

    @staticmethod
    def face_spot(row: pygame.Rect, size: int) -> tuple[int, int]:
        """Where a face of ``size`` is drawn in ``row`` (its top left)."""
        return row.x + (10 if size == SEAT_FACE else 8), row.y + (row.h - size) // 2

    def _watch_top(self, info: TableInfo) -> int:
        return self.seat_rect(info, len(info.seats)).y

    def _lay_out_watchers(self, info: TableInfo) -> None:
        watching = [x for x in self.people if x.seat is None]
        top = self._watch_top(info) + WATCH_HEADER
        bottom = HINT_BOTTOM if self.session.is_host and not self.session.can_start() else WATCH_BOTTOM
        per = max(1, (bottom - top) // WATCH_H)
        if self.first >= len(watching) or len(watching) <= per:
            self.first = 0
        rows = watching[self.first:self.first + per]
        self.shown = [(x, pygame.Rect(LEFT.x, top + i * WATCH_H, LEFT.w, WATCH_H - 4)) for i, x in enumerate(rows)]
        self.hidden = len(watching) - len(rows)
        self._per = per

    # -- building ------------------------------------------------------------------------
    def build(self, info: TableInfo) -> list[Any]:
        """The buttons for ``info`` (the scene adds them to its widgets)."""
        self.people = people_at(info)
        self.kick_buttons, self.mute_buttons, self.more_button = {}, {}, None
        self._lay_out_watchers(info)
        s = self.session
        if s.is_host:
            for i, seat in enumerate(info.seats):
                who = next((x for x in self.people if x.seat == seat.seat), None)
                if who is not None and who.member is not None and seat.seat != s.you:
                    row = self.seat_rect(info, i)
                    self._buttons(who, row.inflate(-20, -14), kick=info.state == "lobby")
            for who, row in self.shown:
                if who.member is not None:
                    self._buttons(who, row.inflate(-20, -4), kick=True)
        if self.hidden:                  # on the list's title line: the others, and the button that shows them
            key = (N_("lobby.first_watchers") if self.first + self._per >= len(info.watchers)
                   else N_("lobby.next_watchers"))
            self.more_button = Button((LEFT.right - 10 - MORE_W, self._watch_top(info), MORE_W, WATCH_HEADER - 3),
                                      tr(key), self.services.fonts, self.turn, style="blue", font_size=READABLE)
        return [*self.mute_buttons.values(), *self.kick_buttons.values(),
                *([self.more_button] if self.more_button is not None else [])]

    def _buttons(self, who: Someone, room: pygame.Rect, kick: bool) -> None:
        """The host's buttons on ``who``'s row, right-aligned in ``room``."""
        assert who.member is not None
        fonts, client = self.services.fonts, self.session.client
        right = room.right
        if kick:
            self.kick_buttons[who.member] = Button((right - KICK_W, room.y, KICK_W, room.h), tr("lobby.kick"), fonts,
                                                   functools.partial(self.ask_kick, who), style="dark", font_size=15)
            right -= KICK_W + 8
        mute_w = self.mute_width()
        self.mute_buttons[who.member] = Button(
            (right - mute_w, room.y, mute_w, room.h), tr(N_("people.unmute") if who.muted else N_("people.mute")),
            fonts,
            functools.partial(client.mute, who.member, not who.muted), style="blue" if who.muted else "dark",
            font_size=15)

    def mute_width(self) -> int:
        """"Cấm chat" and "Cho chat lại" take the same room, with air on both sides of the longer (in any language)."""
        font = self.services.fonts.font(15, True)
        return max(MUTE_W, *(gfx.text_size(font, tr(key))[0] + 28 for key in (N_("people.mute"), N_("people.unmute"))))

    def ask_kick(self, who: Someone) -> None:
        """The host's "Mời ra": ask first (that person cannot come back to this table), then remove them by id."""
        if who.member is None:
            return
        title, text = ((N_("lobby.kick_watcher_title"), tr("lobby.kick_watcher_text", name=who.name))
                       if who.seat is None else
                       (N_("lobby.kick_title"), tr("lobby.kick_seat_text", name=who.name, seat=who.seat + 1)))
        self.ask(ConfirmOverlay(self.services, tr(title), text, tr("lobby.kick"), tr("lobby.kick_no"),
                                functools.partial(self.session.client.kick, who.member)))

    def turn(self) -> None:
        """"Xem tiếp": the next watchers (after the last ones, the first again)."""
        self.first += self._per
        self.on_turn()

    # -- drawing ---------------------------------------------------------------------------
    def label_of(self, seat: SeatInfo) -> str:
        """A seat's name as its row shows it: its player's (made unique here), or its bot's."""
        who = next((x for x in self.people if x.seat == seat.seat), None)
        return who.name if who is not None and seat.kind == SeatKind.PLAYER else bot_label(seat)

    def speaker(self, line: ChatEvent) -> str:
        """Who said a chat line, named as the roster names them (the seat's player, or the watcher of that name)."""
        watching = line.watching or line.seat is None
        who = next((x for x in self.people if x.raw == line.name and (x.seat is None if watching
                                                                       else x.seat == line.seat)), None)
        return who.name if who is not None else inked(line.name)

    def buttons_left(self, member: int | None, right: int) -> int:
        """The left edge of the host's buttons on ``member``'s row (``right`` when there are none)."""
        got = [b.rect.x for b in (self.kick_buttons.get(member or 0), self.mute_buttons.get(member or 0)) if b]
        return min(got, default=right)

    def badge(self, size: int) -> pygame.Surface:
        if size not in self._badges:
            self._badges[size] = muted_badge(size)
        return self._badges[size]

    def cut_name_at(self, pos: tuple[int, int]) -> str | None:
        """The full name drawn cut at ``pos`` (a seat's or a watcher's), else None."""
        return next((name for rect, name in self.cut if rect.collidepoint(pos)), None)

    def _name(self, surface: pygame.Surface, label: Label, text: str, full: str, size: int, room: int,
              at: tuple[int, int], bold: bool = True, centre: int | None = None) -> pygame.Surface:
        """``text`` at ``size`` (a little smaller if that fits it) in ``room`` pixels, else cut with "…" and
        ``full`` kept for the pointer; drawn at ``at`` (its middle at ``centre`` when given)."""
        fitted = fit_name(self.services.fonts, text, size, max(1, room), bold)
        img = label(fitted.text, fitted.size, TEXT, bold=bold)
        spot = (at[0], centre - img.get_height() // 2 if centre is not None else at[1])
        surface.blit(img, spot)
        if fitted.cut:
            self.cut.append((img.get_rect(topleft=spot), full))
        return img

    def draw(self, surface: pygame.Surface, info: TableInfo, label: Label) -> None:
        faces = self.services.faces
        self.cut = []
        for i, seat in enumerate(info.seats):
            row = self.seat_rect(info, i)
            mine = seat.seat == self.session.you and not self.session.watching
            pygame.draw.rect(surface, theme.LAN_ROW_MINE if mine else theme.LAN_ROW, row, border_radius=10)
            who = next((x for x in self.people if x.seat == seat.seat), None)
            right = self.buttons_left(who.member if who else None, row.right)
            name = self.label_of(seat)
            if seat.kind == SeatKind.PLAYER or seat.name:   # a face: the player's chosen one, a bot's by its name
                spot = self.face_spot(row, SEAT_FACE)
                surface.blit(faces.face(seat.name or name, seat.avatar if seat.kind == SeatKind.PLAYER else None,
                                        SEAT_FACE), spot)
                if who is not None and who.muted:
                    surface.blit(self.badge(18), (spot[0] - 4, spot[1] - 4))
            text_x, marks = row.x + 20 + SEAT_FACE, seat_marks(seat, self.away_left(seat))
            if right < row.right:          # the host's buttons on the row: the marks go under the name
                self._name_over_marks(surface, row, (f"{seat.seat + 1}. {name}", name), marks, text_x, right, label)
                continue
            x = right - 14
            for text, colour in reversed(marks):
                img = label(text, 17, colour)
                x -= img.get_width()
                surface.blit(img, (x, row.centery - img.get_height() // 2))
                x -= 14
            self._name(surface, label, f"{seat.seat + 1}. {name}", name, 21, x - text_x - 6, (text_x, 0),
                       centre=row.centery)
        if info.watchers:
            self._draw_watchers(surface, info, label)

    def _name_over_marks(self, surface: pygame.Surface, row: pygame.Rect, name: tuple[str, str],
                         marks: list[tuple[str, Colour]], x: int, right: int, label: Label) -> None:
        fonts, room = self.services.fonts, right - x - 10
        high = fonts.font(READABLE).get_height()
        gap = (row.h - fonts.font(19, True).get_height() - high) // 3
        self._name(surface, label, *name, 19, room, (x, row.y + gap))
        for text, colour in marks:
            mark = label(ellipsize(fonts.font(READABLE), text, right - 10 - x), READABLE, colour)
            surface.blit(mark, (x, row.bottom - gap - high))
            x += mark.get_width() + 12
            if x >= right - 10:
                break

    def _draw_watchers(self, surface: pygame.Surface, info: TableInfo, label: Label) -> None:
        fonts, faces = self.services.fonts, self.services.faces
        title = label(tr("people.watching_title", count=len(info.watchers)), 17, LABEL, bold=True)
        surface.blit(title, (LEFT.x + 4, self._watch_top(info) + 2))
        title_right = LEFT.x + 4 + title.get_width()
        for who, row in self.shown:
            pygame.draw.rect(surface, theme.LAN_ROW, row, border_radius=8)
            spot = self.face_spot(row, WATCH_FACE)
            surface.blit(faces.face(who.name, None, WATCH_FACE), spot)
            if who.muted:
                surface.blit(self.badge(14), (spot[0] - 4, spot[1] - 4))
            x = self.buttons_left(who.member, row.right) - 10
            marks = [(tr("people.muted_mark"), ERROR)] if who.muted else []
            if who.member is not None and who.member == self.session.member:
                marks.insert(0, (tr("lobby.you_mark"), GAIN))
            for text, colour in reversed(marks):
                img = label(text, 15, colour)
                x -= img.get_width()
                surface.blit(img, (x, row.centery - img.get_height() // 2))
                x -= 10
            text_x = spot[0] + WATCH_FACE + 10
            self._name(surface, label, who.name, who.name, 17, x - text_x - 4, (text_x, 0), bold=False,
                       centre=row.centery)
        if self.hidden and self.more_button is not None:
            right = self.more_button.rect.x - 10
            more = ellipsize(fonts.font(15), tr("lobby.more_watchers", count=self.hidden), right - title_right - 16)
            img = label(more, 15, MUTED)
            surface.blit(img, (right - img.get_width(), self.more_button.rect.centery - img.get_height() // 2))
