"""HistoryScene: the Lịch sử page — your past games, newest first, a page of rows at a time; a click opens Xem lại.

Each row: when it ended, who played, your result and the chips you won or
lost, and on a line of its own under them what those chips are made of
("Bạn rời bàn · móm -400 · Lan ăn của bạn -100"), from the players' column
to the "Xem lại" button, cut short with "…" if it is longer; a LAN game's
row says its chips were the table's ("Bàn LAN · chip của bàn"). No text is
smaller than the readable floor (text_fit.READABLE) and no two overlap. "Xem lại" on a row (or a click on the
row) opens the replay viewer (a LAN game as its seat saw it:
lan_replay.py; one the computer partly played for you says how many turns);
an evening at a LAN table is a row too (the games you played there and the
chips), opening its scoreboard (lan_evening.py); ◀ / ▶ (and PageUp/PageDown)
turn the pages. A game whose
stored text is damaged is left out by the store; the page says how many
are not shown.
"""

from __future__ import annotations

import functools

import pygame

from tala_desktop.store import GameStory, GameSummary
from tala_desktop.store.lan_evenings import EVENING_KIND
from tala_desktop.store.lan_games import LanGame

from ..art import gfx, theme
from ..art.theme import GAIN, LABEL, LOSS, MUTED, TEXT
from ..core.i18n import N_, money, tr, tr_count
from ..frames.page import PANEL, PagedScene, fit_font_size
from ..shared.services import Services
from ..table.results_rows import breakdown, breakdown_lines
from ..widgets.controls import Button
from ..widgets.text_fit import TextFitter
from .lan_evening import LanEveningScene
from .lan_replay import LanReplayScene
from .replay import ReplayScene
from .results_text import result_label, when_text

PER_PAGE = 8
LIST = pygame.Rect(PANEL.x + 24, PANEL.y + 20, PANEL.w - 48, PANEL.h - 96)
ROW_H = 54
HEAD_H = 34
# columns: (key, x offset, width, right-aligned)
COLUMNS = ((N_("history.col.when"), 14, 190, False), (N_("history.col.players"), 214, 390, False),
           (N_("history.col.result"), 614, 150, False), (N_("history.col.net"), 774, 130, True))
VIEW_W = 140
WHY_LIFT, WHY_DROP = 9, 13    # a row with a "why" line: its cells above the middle, the why below it
CELL_SIZE, WHY_SIZE = 19, 16


def left_text(story: GameStory, seat: int) -> str:
    """"You left", with what the leave cost from then on (never more than its Móm: RULES.md §10)."""
    paid = story.paid_after_leaving[seat] if seat < len(story.paid_after_leaving) else 0
    return tr("history.left_paid", amount=money(-paid)) if paid else tr("history.left")


class HistoryScene(PagedScene):
    """A paged list of finished games."""

    title_key = N_("history.title")

    def __init__(self, services: Services) -> None:
        self.services = services
        self.page = 0
        self.total = services.store.count_history() if services.store is not None else 0
        self.rows: list[GameSummary] = []
        self.stories: list[GameStory | None] = []
        self.message = ""
        self.hover: int | None = None
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PER_PAGE))

    def build(self) -> None:
        fonts = self.services.fonts
        store = self.services.store
        self.rows = store.history(limit=PER_PAGE, offset=self.page * PER_PAGE) if store is not None else []
        self.stories = [None if g.table else store.game_story(g.uid) for g in self.rows] if store is not None else []
        skipped = store.unreadable_games if store is not None else 0
        self.message = tr_count("history.unreadable", skipped, count=skipped) if skipped else ""
        self.view_buttons = []
        for i, _ in enumerate(self.rows):
            rect = self.row_rect(i)
            b = Button((rect.right - VIEW_W - 8, rect.y + 8, VIEW_W, rect.h - 16), tr("history.view"), fonts,
                       functools.partial(self.open, i), style="blue",
                       font_size=fit_font_size(fonts, tr("history.view"), VIEW_W - 20, 19))
            self.view_buttons.append(b)
        y = PANEL.bottom - 64
        self.prev_button = Button((PANEL.centerx - 190, y, 64, 48), "◀", fonts, self.prev_page, style="dark",
                                  font_size=22, enabled=self.page > 0)
        self.next_button = Button((PANEL.centerx + 126, y, 64, 48), "▶", fonts, self.next_page, style="dark",
                                  font_size=22, enabled=self.page < self.pages - 1)
        self.widgets.extend([*self.view_buttons, self.prev_button, self.next_button])

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LIST.x, LIST.y + HEAD_H + 8 + i * ROW_H, LIST.w, ROW_H - 6)

    # -- actions ------------------------------------------------------------------------------
    def open(self, i: int) -> None:
        store = self.services.store
        if store is None or not 0 <= i < len(self.rows) or self.stack is None:
            return
        row = self.rows[i]
        if row.table == EVENING_KIND:
            evening = store.get_lan_evening(row.uid)
            if evening is not None:
                self.stack.push(LanEveningScene(self.services, evening))
                return
        entry = store.get_lan_game(row.uid) if row.table else store.get_game(row.uid)
        if entry is None:   # with one app per folder nothing deletes a game: it is unreadable
            self.message = tr("history.damaged") if store.unreadable_games else tr("history.missing")
            self.invalidate()
            return
        self.stack.push(LanReplayScene(self.services, entry) if isinstance(entry, LanGame)
                        else ReplayScene(self.services, entry))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and hasattr(event, "pos"):
            hit = next((i for i in range(len(self.rows)) if self.row_rect(i).collidepoint(event.pos)), None)
            if hit != self.hover:
                self.hover = hit
                self.invalidate()
            on_button = any(b.rect.collidepoint(event.pos) for b in self.view_buttons)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit is not None and not on_button:
                self.open(hit)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.prev_page() if event.y > 0 else self.next_page()
            return
        super().handle_event(event)

    # -- drawing --------------------------------------------------------------------------------
    def row_cells(self, g: GameSummary) -> tuple[str, str, str, str, int]:
        me = g.human_seat
        others = [s.name for i, s in enumerate(g.seats) if i != me]
        result = result_label(g.labels[me]) if me is not None else "—"
        if g.table == EVENING_KIND:     # a whole evening: the games you played there
            played = g.games[me] if me is not None and me < len(g.games) else 0
            result = tr_count("board.games", played, count=played)
        net = g.nets[me] if me is not None else 0
        sign = "+" if net > 0 else ""
        return when_text(g.finished_at), ", ".join(others), result, f"{sign}{money(net)}", net

    def row_why(self, i: int) -> str:
        """What row ``i``'s chips are made of: whether you left, then each kind of payment ("" if one alone)."""
        g, story = self.rows[i], self.stories[i] if i < len(self.stories) else None
        me = g.human_seat
        if g.table == EVENING_KIND:
            return tr("history.evening")
        if g.table:                       # the table's chips, not the wallet's; what the computer played for you
            auto = g.auto[me] if me is not None and me < len(g.auto) else 0
            return tr("history.lan") + (" · " + tr_count("history.auto", auto, count=auto) if auto else "")
        if story is None or me is None:
            return ""
        names = [s.name for s in g.seats]
        parts = breakdown_lines(breakdown(list(story.payments), me, g.nets[me]), names, me, me)
        return " · ".join(([left_text(story, me)] if me < len(story.left) and story.left[me] else []) + parts)

    def row_texts(self) -> list[list[str]]:
        """The words of each row on screen: its cells, then what its chips are made of."""
        return [[*self.row_cells(g)[:4], self.row_why(i)] for i, g in enumerate(self.rows)]

    def shown_texts(self) -> list[str]:
        """The page's words: one line per row, its cells apart."""
        return [" | ".join(c for c in cells if c) for cells in self.row_texts()] + ([self.message] if self.message
                                                                                    else [])

    def row_items(self, i: int) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """Row ``i``'s texts and where each goes: its cells (when, players, result, chips), each in its column,
        and the line of what its chips are made of under them, up to the "Xem lại" button."""
        rect, g = self.row_rect(i), self.rows[i]
        *cells, net = self.row_cells(g)
        why = self.row_why(i)
        y = rect.centery - WHY_LIFT if why else rect.centery
        out = []
        for c, ((key, dx, width, right), text) in enumerate(zip(COLUMNS, cells)):
            colour = (GAIN if net > 0 else LOSS if net < 0 else TEXT) if c == 3 else (MUTED if c == 0 else TEXT)
            img = self.fit.line(text, CELL_SIZE, colour, width, bold=c >= 2)
            box = img.get_rect(midright=(rect.x + dx + width, y)) if right else img.get_rect(midleft=(rect.x + dx, y))
            out.append((key, img, box))
        if why:
            x = rect.x + COLUMNS[1][1]
            img = self.fit.line(why, WHY_SIZE, MUTED, self.view_buttons[i].rect.x - 12 - x)
            out.append(("why", img, img.get_rect(midleft=(x, rect.centery + WHY_DROP))))
        return out

    def draw_page(self, surface: pygame.Surface) -> None:
        self.fit.clear()
        for key, dx, width, right in COLUMNS:
            img = self.fit(tr(key), 18, LABEL, width, bold=True)
            pos = (LIST.x + dx + width, LIST.y + 6)
            surface.blit(img, img.get_rect(topright=pos) if right else img.get_rect(topleft=(LIST.x + dx, pos[1])))
        surface.blit(self.art.divider(LIST.w), (LIST.x, LIST.y + HEAD_H))
        if not self.rows:
            empty = self.fit(tr("history.none"), 21, TEXT, LIST.w - 40)
            surface.blit(empty, empty.get_rect(center=(LIST.centerx, LIST.y + 160)))
        for i in range(len(self.rows)):
            rect = self.row_rect(i)
            shade = 36 if i == self.hover else (18 if i % 2 == 0 else 0)
            if shade:
                band = self.art.cached(("hist_band", rect.size, shade), functools.partial(
                    gfx.rounded_rect, rect.size, (*theme.WHITE, shade), 10))
                surface.blit(band, rect)
            for _, img, box in self.row_items(i):
                surface.blit(img, box)
        counter = tr_count("history.page", self.total, page=self.page + 1, pages=self.pages, total=money(self.total))
        gap = self.next_button.rect.x - self.prev_button.rect.right
        page = self.fit(counter, 19, TEXT, gap - 16)
        surface.blit(page, page.get_rect(center=((self.prev_button.rect.right + self.next_button.rect.x) // 2,
                                                 self.prev_button.rect.centery)))
        if self.message:
            msg = self.fit(self.message, 18, LOSS, 360)
            surface.blit(msg, msg.get_rect(midleft=(PANEL.x + 28, PANEL.bottom - 40)))

