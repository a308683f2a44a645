"""Results overlay: the end of a game over the table — every hand face up, points, rank badges, chips to the winner.

Pushed by the table scene when a game is over. Rows come in finishing
order (the Ù winner first); each hand turns face up in turn (its phỏm
first, then the cards that counted), the losers' chips fly to the winner,
then the money column shows, with what each amount is made of under it
when it is more than one kind of payment; after an Ù the losers' points
too. "Ván mới" (or the countdown of results_clock.py) asks the table for the next game; "Rời bàn" leaves.
The table below keeps updating (``updates_below``) so it can start the next
game under the overlay. The dialog is made from values: the finished
game's model, each seat's avatar, the table's ``TableBelow`` (the layout it
centres on) from a function, and the two ways on (the next game, leaving).
The table's layer (a LAN table's seat changes between games) gets a strip
under the rows as tall as they ask, and the rows' people (``room()``); they
draw over the dialog and take its events first, so a click goes to what is
drawn where it lands.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tala_desktop.engine import OutcomeKind

from ..art import theme
from ..art.theme import FELT_MUTED, GAIN, GOLD, LOSS, WHITE
from ..core.i18n import N_, money, tr, tr_count
from ..core.scene import Scene
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.text_fit import READABLE, fit_name
from .layout import TableLayout
from .model import TableModel
from .painter import TablePainter
from .results_clock import ResultsClock, reveal
from .results_rows import breakdown, breakdown_lines, part_layout, results_title, row_points, split_hand
from .scene_layer import DialogRoom, PersonSpot, SceneLayer
from .view import TableBelow
from .words import badge_text

PANEL_W = 1160         # the dialog's width (design pixels), narrower on a narrow canvas
ROW_H = 92
# a row's columns, from its left edge: avatar and name (badge under it), the cards, the points, then the money
NAME_END, CARDS_X, CARDS_W, POINTS_X, MONEY_X = 220, 230, 340, 582, 694
PART_SIZES = (17, 16, 15)      # the parts' type (design px, never below READABLE), the largest that fits


class ResultsOverlay(Scene):
    """The results dialog of one finished game."""

    is_overlay = True
    fills_canvas = True          # laid out on the table's canvas, like the table under it
    updates_below = True

    def __init__(self, services: Services, painter: TablePainter, model: TableModel, looks: tuple[int | None, ...],
                 table_below: Callable[[], TableBelow], next_game: Callable[[], None], leave: Callable[[], None],
                 auto_start: bool = True, layer: SceneLayer | None = None) -> None:
        super().__init__()
        self.layer = layer                 # the table's layer: its between-games strip shows in the dialog
        self.model = model
        self.looks = looks                 # each seat's avatar
        self.table_below = table_below
        self.next_game = next_game
        self.leave_table = leave
        self.services = services
        self.painter = painter
        self.table = table_below()
        self.age = 0.0
        self.clock = ResultsClock.start(auto_start)      # without auto_start: "Ván mới" only when pressed
        self.rows = self._order()
        self.hands = [split_hand(model, s) for s in range(model.n)]
        net = model.final_net()
        self.breakdowns = [breakdown_lines(breakdown(model.snap.payments, s, net[s]), model.names, s, model.me)
                           for s in range(model.n)]
        fonts = self.services.fonts
        self.new_button = Button((0, 0, 1, 1), "", fonts, self.start_next, style="green", glow=True)
        self._name_new_button()
        self.leave_button = Button((0, 0, 1, 1), tr("results.leave"), fonts, self.leave, style="dark")
        self.keep_button = Button((0, 0, 1, 1), tr("results.keep_looking"), fonts, self.clock.hold, style="dark")
        self.strip_h = layer.strip_height() if layer is not None else 0
        self._place()
        self.flips, self.money_fade, self.chips = reveal(self.tweens, self.rows, self.winner, model.final_net())
        self._last_keys: tuple[object, ...] = ()
        self._dirty = True
        self._frame_dirty = True
        self.done = False

    @property
    def layout(self) -> TableLayout:
        """The table's layout the dialog is centred on."""
        return self.table.layout

    def _place(self) -> None:
        """Centre the panel, its rows, the layer's strip under them and its buttons on the table's canvas (again
        when the window changes shape under the results, or the strip its height)."""
        size = self.layout.size
        p = self.layout.px
        self.size, self.dock = size, self.layout.dock
        strip = p(self.strip_h)
        area = size[0] - self.layout.dock      # the table's part: a docked panel (the open chat) keeps its strip
        w = min(area - p(40), p(PANEL_W))
        h = min(size[1] - p(40), p(74) + p(ROW_H) * len(self.rows) + p(150) + strip)
        self.panel = pygame.Rect((area - w) // 2, (size[1] - h) // 2, w, h)
        self.row_h = min(p(ROW_H), (self.panel.h - p(224) - strip) // max(1, len(self.rows)))
        bw, bh = p(190), p(52)
        y = self.panel.bottom - p(20) - bh
        top = self.panel.y + p(74) + self.row_h * len(self.rows) + p(4)     # under the rows, over the note
        self.strip = pygame.Rect(self.panel.x + p(20), top, self.panel.w - p(40), max(0, y - p(30) - top) * bool(strip))
        self._room: DialogRoom | None = None
        self.new_button.rect = pygame.Rect(self.panel.centerx - bw - p(12), y, bw, bh)
        self.leave_button.rect = pygame.Rect(self.panel.centerx + p(12), y, bw, bh)
        kw, kh = p(150), p(40)                  # "Xem tiếp": in the corner, nothing moves when it goes
        self.keep_button.rect = pygame.Rect(self.panel.right - p(20) - kw, y + (bh - kh) // 2, kw, kh)

    def room(self) -> DialogRoom:
        """The room the dialog leaves the table's layer: the strip under the rows, each row's avatar and name."""
        if self._room is None:
            p, spots = self.layout.px, []
            for i, seat in enumerate(self.rows):
                r = self._row_rect(i)
                d = min(r.h - p(10), p(56))
                avatar = pygame.Rect(0, 0, d, d)
                avatar.center = self._avatar_centre(seat)
                name = self.row_items(i, seat)[0][2]
                spots.append(PersonSpot(seat, avatar, name))
            self._room = DialogRoom(pygame.Rect(self.strip), tuple(spots))
        return self._room

    # ------------------------------------------------------------------ content
    def _order(self) -> list[int]:
        m = self.model
        places = list(m.outcome.places) if m.outcome is not None else []
        rest = [s for s in range(m.n) if s not in places]
        return places + rest

    @property
    def countdown(self) -> float:
        """Seconds before the next game starts by itself (``math.inf``: only "Ván mới" starts it)."""
        return self.clock.left if not self.clock.held else math.inf

    @countdown.setter
    def countdown(self, left: float) -> None:
        self.clock.left = left

    def shown_buttons(self) -> list[Button]:
        """The buttons shown now: "Ván mới", "Xem tiếp" while a countdown runs, "Rời bàn"."""
        return [self.new_button, *([self.keep_button] if self.clock.counts else []), self.leave_button]

    def shown_texts(self) -> list[str]:
        """The words the dialog draws besides its rows and its ``note``: its title."""
        return [results_title(self.model, self.winner)]

    @property
    def winner(self) -> int:
        return self.rows[0] if self.model.outcome is None else self.model.outcome.winner

    def _row_rect(self, i: int) -> pygame.Rect:
        p = self.layout.px
        return pygame.Rect(self.panel.x + p(20), self.panel.y + p(74) + i * self.row_h, self.panel.w - p(40),
                           self.row_h - p(6))

    def _avatar_centre(self, seat: int) -> tuple[int, int]:
        r = self._row_rect(self.rows.index(seat))
        return (r.x + r.h // 2 + self.layout.px(6), r.centery)

    # ------------------------------------------------------------------ actions
    def start_next(self) -> None:
        if self.done:
            return
        self.done = True
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        self.next_game()

    def leave(self) -> None:
        if self.done:
            return
        self.done = True
        self.leave_table()

    # ------------------------------------------------------------------ frame
    @property
    def needs_redraw(self) -> bool:
        return self._dirty or self._frame_dirty or self.table_below().changed

    def handle_event(self, event: pygame.event.Event) -> None:
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.clock.pointer_over = self.panel.collidepoint(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.clock.pointer_over = False
        if self.clock.guarded and (clicked or event.type == pygame.KEYDOWN):
            return                                   # meant for the screen before: it does nothing here
        if event.type == pygame.MOUSEBUTTONDOWN and self.clock.pointer_over:
            self.clock.hold()                        # any click on the results: keep looking
        if self.layer is not None and self.layer.handle_over(event, self.room()):
            self._dirty = True                       # the layer drawn over the dialog took it
            return
        if event.type == pygame.MOUSEMOTION or clicked:
            self._dirty = True
            for b in self.shown_buttons():
                if b.handle_event(event):
                    return
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.start_next()

    def _look(self) -> None:
        """Read the table again; place the dialog again if the table below laid itself out for a new canvas (or the
        chat docked beside it, or went)."""
        self.table = self.table_below()
        self._name_new_button()
        strip = self.layer.strip_height() if self.layer is not None else 0
        if (self.layout.size, self.layout.dock) != (self.size, self.dock) or strip != self.strip_h:
            self.strip_h = strip
            self._place()
            self._dirty = True

    def _name_new_button(self) -> None:
        """Someone watching (or who stood up meanwhile) has no vote: their button only closes the results."""
        text = tr(N_("btn.new_game") if self.model.me >= 0 and self.table.votes else N_("social.close"))
        if text != self.new_button.text:
            self.new_button.text = text
            self._dirty = True

    def resize(self, canvas: tuple[int, int]) -> None:
        self._look()             # the table below is resized first

    def update(self, dt: float) -> None:
        if self.stack is None:       # popped this frame under the table's update (taken off a LAN table): done
            return
        self._look()
        self._frame_dirty, self._dirty = self._dirty, False
        speed = float(self.services.settings.animation_speed)
        self.tweens.speed = speed if speed > 0 else math.inf
        busy = self.tweens.busy
        super().update(dt)
        self.age += dt
        pressed = any(b.pressed for b in self.shown_buttons())
        waiting = pressed or (self.layer is not None and self.layer.holding())   # a menu over the results
        if self.clock.update(dt, busy or self.tweens.busy, waiting):
            self.start_next()
            return
        self.new_button.update(dt)
        keys = (self.note, int(self.age * 12))
        if busy or keys != self._last_keys:
            self._last_keys = keys
            self._frame_dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        p = L.px
        shade = self.painter.panel(surface.get_size(), theme.RESULTS_SHADE, 0, None)
        surface.blit(shade, (0, 0))
        surface.blit(self.painter.panel(self.panel.size, theme.DIALOG_FILL, p(18), theme.DIALOG_EDGE),
                     self.panel.topleft)
        m = self.model
        img = self.painter.text(results_title(m, self.winner), p(30), GOLD, bold=True,
                                max_width=self.panel.w - p(40))
        surface.blit(img, img.get_rect(midtop=(self.panel.centerx, self.panel.y + p(18))))
        for i, seat in enumerate(self.rows):
            self._draw_row(surface, i, seat)
        self._draw_chips(surface)
        for b in self.shown_buttons():
            b.draw(surface)
        words = self.note
        if words:
            note = self.painter.text(words, self._type(15), theme.RESULTS_NOTE, max_width=self.panel.w - p(40))
            surface.blit(note, note.get_rect(midbottom=(self.panel.centerx, self.new_button.rect.y - p(8))))
        if self.layer is not None:
            self.layer.draw_over(surface, self.room())

    @property
    def note(self) -> str:
        """The one line about the next game over the buttons: the table's (LAN: when and why it waits, the host's
        hold), unless it only counts the results' own seconds; else the results' own (results_clock.py: the
        seconds, that they stand still while you read, or what to press); "" when there is none."""
        own = self.clock.note(self.model.me < 0, not self.table.can_pause)
        line = self.layer.deal_note(self.countdown) if self.layer is not None else None
        if line and (line != tr("table.auto_start", seconds=self.clock.seconds()) or not own):
            return line
        return own

    def _draw_row(self, surface: pygame.Surface, i: int, seat: int) -> None:
        L = self.layout
        p = L.px
        m = self.model
        r = self._row_rect(i)
        bg = theme.RESULTS_WINNER_ROW if seat == self.winner else theme.RESULTS_ROW
        surface.blit(self.painter.panel(r.size, bg, p(10), None), r.topleft)
        d = min(r.h - p(10), p(56))
        cx, cy = self._avatar_centre(seat)
        look = self.looks[seat] if seat < len(self.looks) else None
        surface.blit(self.painter.avatar(m.names[seat], d, m.left[seat], look), (cx - d // 2, cy - d // 2))
        label = m.label_of(seat) or ""
        if label:
            self.painter.draw_badge(surface, self.badge_centre(i, seat), badge_text(label),
                                    theme.BADGE_COLOURS.get(label, theme.BADGE_OTHER), self._type(15))
        self._draw_cards(surface, r, i, seat)
        fade = self.money_fade.t
        for key, img, rect in self.row_items(i, seat):
            if key in ("amount", "balance", "part") and fade < 1:
                if fade <= 0:
                    continue
                img = img.copy()
                img.set_alpha(round(255 * fade))
            surface.blit(img, rect)

    def badge_centre(self, i: int, seat: int) -> tuple[int, int]:
        """Under the name, its left edge where the name starts."""
        p = self.layout.px
        r = self._row_rect(i)
        label = self.model.label_of(seat) or ""
        width = self.painter.text(badge_text(label), self._type(15), WHITE, bold=True, shadow=False).get_width() + p(16)
        return (self._name_x(i, seat) + width // 2, r.bottom - p(18))

    def _name_x(self, i: int, seat: int) -> int:
        r = self._row_rect(i)
        d = min(r.h - self.layout.px(10), self.layout.px(56))
        return self._avatar_centre(seat)[0] + d // 2 + self.layout.px(12)

    def row_items(self, i: int, seat: int) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """The texts of a row and where each goes: the name, the points, the amount and the balance, and the parts
        of the amount in as many lines as they need between the points and the amount (never over the cards)."""
        p = self.layout.px
        m, r = self.model, self._row_rect(i)
        out: list[tuple[str, pygame.Surface, pygame.Rect]] = []
        x = self._name_x(i, seat)
        fitted = fit_name(self.services.fonts, m.names[seat], self._type(18), r.x + p(NAME_END) - x)   # never squeezed
        name = self.painter.text(fitted.text, fitted.size, WHITE, bold=True)
        out.append(("name", name, name.get_rect(topleft=(x, r.y + p(8)))))
        if m.outcome is None or m.outcome.kind is OutcomeKind.SHOWDOWN or seat != self.winner:
            points = row_points(self.model, seat, self.hands[seat][1])
            pts = self.painter.text(tr_count("table.points", points, points=points), self._type(17), WHITE,
                                    max_width=p(MONEY_X - POINTS_X - 12))
            out.append(("points", pts, pts.get_rect(midleft=(r.x + p(POINTS_X), r.centery))))
        amount, bal = self._money(seat)
        right = r.right - p(12)
        out.append(("amount", amount, amount.get_rect(bottomright=(right, r.centery + p(2)))))
        out.append(("balance", bal, bal.get_rect(topright=(right, r.centery + p(4)))))
        out += [("part", img, rect) for img, rect in self._part_lines(self.breakdowns[seat], self._parts_area(i, seat))]
        return out

    def _money(self, seat: int) -> tuple[pygame.Surface, pygame.Surface]:
        """``seat``'s amount (won or paid) and its balance after the game, as drawn."""
        m = self.model
        net = m.final_net()[seat]
        text = ("+" if net > 0 else "") + money(net)
        amount = self.painter.text(text, self._type(20), GAIN if net > 0 else (LOSS if net < 0 else WHITE), bold=True)
        return amount, self.painter.text(money(m.balances[seat]), self._type(15), GOLD)

    def _parts_area(self, i: int, seat: int) -> pygame.Rect:
        """Where row ``i`` shows what the amount is made of: after the points, before the money column."""
        p, r = self.layout.px, self._row_rect(i)
        right = r.right - p(12)
        column = max(img.get_width() for img in self._money(seat)) + p(18)
        return pygame.Rect(r.x + p(MONEY_X), r.y + p(4), right - column - (r.x + p(MONEY_X)), r.h - p(8))

    def _type(self, size: int) -> int:
        """``size`` design pixels on this canvas, never below the readable floor (a small or docked table)."""
        return max(READABLE, self.layout.px(size))

    def _part_layout(self, parts: list[str], area: pygame.Rect) -> tuple[int, list[str], int]:
        return part_layout(self.services.fonts, parts, area.size, sorted({self._type(s) for s in PART_SIZES}))

    def _part_lines(self, parts: list[str], area: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The parts in lines (``_part_layout``), right-aligned and centred in ``area``."""
        if not parts or area.w <= 0:
            return []
        size, lines, line_h = self._part_layout(parts, area)
        out = []
        y = area.centery - len(lines) * line_h // 2
        for line in lines:
            img = self.painter.text(line, size, FELT_MUTED)
            out.append((img, img.get_rect(topright=(area.right, y))))
            y += line_h
        return out

    def part_texts(self, i: int, seat: int) -> list[str]:
        """The lines of what ``seat``'s amount is made of, as row ``i`` shows them ("…" where one is cut)."""
        area = self._parts_area(i, seat)
        parts = self.breakdowns[seat]
        return self._part_layout(parts, area)[1] if parts and area.w > 0 else []

    def card_spots(self, seat: int, x0: int, width: int) -> list[tuple[int, int]]:
        """(card, x) of ``seat``'s row: each phỏm tight, a gap between phỏm, a wider gap before the trash."""
        groups, trash = self.hands[seat]
        p = self.layout.px
        cw, gap, trash_gap = p(44), p(10), p(22)
        runs = [g for g in groups if g] + ([trash] if trash else [])
        n = sum(len(g) for g in runs)
        gaps = gap * max(0, len(groups) - 1) + (trash_gap if groups and trash else 0)
        room = width - cw * len(runs) - gaps       # each run ends with a whole card; the steps share the rest
        step = min(p(24) if groups else p(32), room // (n - len(runs))) if n > len(runs) else 0
        out: list[tuple[int, int]] = []
        x = x0
        for gi, g in enumerate(runs):
            if gi:
                x += trash_gap if (trash and gi == len(runs) - 1 and groups) else gap
            for j, c in enumerate(g):
                out.append((c, x))
                x += step if j < len(g) - 1 else cw
        return out

    def _cards_top(self, r: pygame.Rect) -> int:
        return round(r.centery - self.layout.px(44) * 1.4 / 2 + self.layout.px(6))

    def trash_tag(self, i: int, seat: int) -> tuple[pygame.Surface, pygame.Rect] | None:
        """"Rác" over the first card that counted (all of a Móm hand) in row ``i``, and where; None without trash."""
        groups, trash = self.hands[seat]
        r = self._row_rect(i)
        spots = self.card_spots(seat, r.x + self.layout.px(CARDS_X), self.layout.px(CARDS_W))
        if not trash or not spots:
            return None
        tag = self.painter.text(tr("results.trash"), self._type(13), FELT_MUTED)
        first = spots[sum(len(g) for g in groups)][1]
        return tag, tag.get_rect(topleft=(first, max(r.y, self._cards_top(r) - tag.get_height())))

    def _draw_cards(self, surface: pygame.Surface, r: pygame.Rect, i: int, seat: int) -> None:
        p = self.layout.px
        art = self.services.cards
        cw = p(44)
        k = self.flips[i].t
        spots = self.card_spots(seat, r.x + p(CARDS_X), p(CARDS_W))
        top = self._cards_top(r)
        tag = self.trash_tag(i, seat)
        if tag is not None:
            surface.blit(*tag)
        for j, (c, x) in enumerate(spots):
            img = art.face(c, cw) if k >= 0.5 else art.back(cw)
            scale = abs(1 - 2 * k)
            if scale < 0.98:
                img = pygame.transform.scale(img, (max(1, round(img.get_width() * scale)), img.get_height()))
            art.blit_card(surface, img, (x + (cw - img.get_width()) / 2, top), shadow=j == 0)

    def _draw_chips(self, surface: pygame.Surface) -> None:
        size = self.layout.px(24)
        img = self.painter.chip(size)
        end = self._avatar_centre(self.winner)
        for seat, pr in self.chips:
            if pr.t <= 0 or pr.t >= 1:
                continue
            a = self._avatar_centre(seat)
            x = a[0] + (end[0] - a[0]) * pr.t + math.sin(math.pi * pr.t) * size * 2
            y = a[1] + (end[1] - a[1]) * pr.t
            surface.blit(img, (round(x - size / 2), round(y - size / 2)))
