"""StatsScene: the Thống kê page — games played, win rate, Ù count, Móm rate, best streak, chips over time, opponents.

Everything comes from the store when the page opens (``Store.stats``,
``chips_over_time``, ``opponents``); the plot is drawn by ``chips_plot``.
Only games you sat in count; bots-only games do not. The opponents come as
many at a time as the panel holds, turned with ◀ / ▶ beside their heading,
the mouse wheel or PageUp / PageDown, so every one is reachable.
"""

from __future__ import annotations

import pygame

from tala_desktop.bots import PLAYABLE_LEVELS
from tala_desktop.store import OpponentResult, PlayerStats

from ..art import gfx, theme
from ..art.chips_plot import plot_chips
from ..art.theme import GAIN, LABEL, LOSS, MUTED, TEXT
from ..core.choice_words import level_name, seat_kind_name
from ..core.i18n import N_, money, tr, tr_count
from ..frames.page import PANEL, PagedScene
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.text_fit import TextFitter

TILE_W, TILE_H, TILE_GAP = 250, 78, 12
TILES = pygame.Rect(PANEL.x + 28, PANEL.y + 24, 2 * TILE_W + TILE_GAP, 3 * TILE_H + 2 * TILE_GAP)
PLOT = pygame.Rect(PANEL.x + 590, PANEL.y + 52, PANEL.w - 620, 226)
TABLE = pygame.Rect(PANEL.x + 28, PANEL.y + 300, PANEL.w - 56, PANEL.h - 324)
ROW_H = 34
HEAD_H = 68                          # the heading and the column names over the rows
ROWS = (TABLE.h - HEAD_H) // ROW_H   # the opponents one page shows: all inside the table
TURN_W, TURN_H, COUNTER_W = 44, 32, 190
PLOT_POINTS = 200
# table columns: (key, x offset, width, right-aligned)
COLUMNS = ((N_("stats.col.opponent"), 12, 330, False), (N_("stats.col.games"), 350, 150, True),
           (N_("stats.col.your_wins"), 510, 170, True), (N_("stats.col.their_wins"), 690, 170, True),
           (N_("stats.col.net"), 870, 180, True))


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


class StatsScene(PagedScene):
    """Six numbers, a plot and a table of opponents, a page of them at a time."""

    title_key = N_("stats.title")

    def __init__(self, services: Services) -> None:
        self.services = services
        self.page = 0
        self.load()
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)

    @property
    def pages(self) -> int:
        """Pages of opponents (one when there are none)."""
        return max(1, -(-len(self.opponents) // ROWS))

    def build(self) -> None:
        fonts = self.services.fonts
        self.page = min(self.page, self.pages - 1)
        y = TABLE.y - 6
        self.next_button = Button((TABLE.right - TURN_W, y, TURN_W, TURN_H), "▶", fonts, self.next_page,
                                  style="dark", font_size=18, enabled=self.page < self.pages - 1)
        self.prev_button = Button((TABLE.right - 2 * TURN_W - COUNTER_W, y, TURN_W, TURN_H), "◀", fonts,
                                  self.prev_page, style="dark", font_size=18, enabled=self.page > 0)
        self.prev_button.visible = self.next_button.visible = self.pages > 1
        self.widgets.extend([self.prev_button, self.next_button])

    def counter_text(self) -> str:
        """Which opponents the page shows: "6–10 / 10" ("" when they all fit)."""
        if self.pages <= 1:
            return ""
        first = self.page * ROWS + 1
        last = min(len(self.opponents), first + ROWS - 1)
        return tr_count("stats.page", len(self.opponents), first=first, last=last, total=len(self.opponents))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and event.y:       # the opponents are all the page has to scroll
            self.prev_page() if event.y > 0 else self.next_page()
            self.invalidate()
            return
        super().handle_event(event)

    def load(self) -> None:
        store = self.services.store
        self.stats: PlayerStats | None = store.stats() if store is not None else None
        self.chips = store.chips_over_time(limit=PLOT_POINTS) if store is not None else []
        self.opponents: list[OpponentResult] = store.opponents() if store is not None else []
        self.lan = store.lan_totals() if store is not None else (0, 0)   # LAN games: the table's chips, apart

    def on_resume(self) -> None:
        self.load()
        super().on_resume()

    def tiles(self) -> list[tuple[str, str, str]]:
        """(label key, value, note) of the six tiles."""
        s = self.stats
        if s is None:
            return []
        return [
            (N_("stats.games"), money(s.games), ""),
            (N_("stats.win_rate"), percent(s.win_rate), tr("stats.wins_of", wins=money(s.wins))),
            (N_("stats.u_count"), money(s.u_count), ""),
            (N_("stats.mom_rate"), percent(s.mom_rate),
             tr_count("stats.mom_of", s.mom_count, count=money(s.mom_count))),
            (N_("stats.best_streak"), money(s.best_streak), tr("stats.current_streak", count=s.current_streak)),
            (N_("stats.net_total"), ("+" if s.net_total > 0 else "") + money(s.net_total), ""),
        ]

    def opponent_cells(self) -> list[tuple[str, str, str, str, str]]:
        """The opponents table's rows as drawn: name · level, games, your wins, their wins, your chips."""
        out = []
        for o in self.opponents[self.page * ROWS:(self.page + 1) * ROWS]:
            level = level_name(o.level) if o.level in PLAYABLE_LEVELS else seat_kind_name(o.kind)
            out.append((f"{o.name} · {level}", money(o.games), money(o.your_wins), money(o.their_wins),
                        ("+" if o.your_net > 0 else "") + money(o.your_net)))
        return out

    def lan_note(self) -> str:
        """What the figures leave out: the LAN games, played with the table's chips ("" when there are none)."""
        games, net = self.lan
        if not games:
            return ""
        return tr_count("stats.lan_apart", games, count=money(games), net=("+" if net > 0 else "") + money(net))

    def shown_texts(self) -> list[str]:
        """The page's words: each tile as "label: value note", then each opponent's row, then the LAN note."""
        tiles = [tr(key) + f": {value}" + (f" {note}" if note else "") for key, value, note in self.tiles()]
        note, counter = self.lan_note(), self.counter_text()
        return (tiles + [" | ".join(cells) for cells in self.opponent_cells()] + ([counter] if counter else [])
                + ([note] if note else []))

    # -- drawing ---------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        self.fit.clear()
        for i, (key, value, note) in enumerate(self.tiles()):
            rect = pygame.Rect(TILES.x + (i % 2) * (TILE_W + TILE_GAP), TILES.y + (i // 2) * (TILE_H + TILE_GAP),
                               TILE_W, TILE_H)
            self._tile(surface, rect, tr(key), value, note)
        head = self.fit(tr("stats.chips"), 21, LABEL, PLOT.w, bold=True)
        surface.blit(head, (PLOT.x, PLOT.y - 34))
        plot = self.art.cached(("chips_plot", PLOT.size, tuple(self.chips), tr("stats.chips")),
                               lambda: plot_chips(PLOT.size, self.chips, self.services.fonts))
        surface.blit(plot, PLOT)
        if self.lan_note():
            surface.blit(self.fit(self.lan_note(), 15, MUTED, PLOT.w), (PLOT.x, PLOT.bottom + 2))
        self._opponents(surface)

    def _tile(self, surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, note: str) -> None:
        box = self.art.cached(("stat_tile", rect.size), lambda: gfx.rounded_rect(
            rect.size, theme.STAT_TILE, 14, 1, theme.GLASS_EDGE))
        surface.blit(box, rect)
        name = self.fit(label, 18, MUTED, rect.w - 28)
        surface.blit(name, (rect.x + 14, rect.y + 10))
        big = self.fit(value, 32, theme.STAT_VALUE, rect.w - 28 - (120 if note else 0), bold=True)
        surface.blit(big, big.get_rect(bottomleft=(rect.x + 14, rect.bottom - 6)))
        if note:
            small = self.fit(note, 16, TEXT, 116)
            surface.blit(small, small.get_rect(bottomright=(rect.right - 14, rect.bottom - 12)))

    def _opponents(self, surface: pygame.Surface) -> None:
        counter = self.counter_text()
        room = TABLE.w - (2 * TURN_W + COUNTER_W + 12 if counter else 0)
        head = self.fit(tr("stats.opponents"), 21, LABEL, room, bold=True)
        surface.blit(head, (TABLE.x, TABLE.y))
        if counter:
            img = self.fit(counter, 18, TEXT, COUNTER_W - 12)
            surface.blit(img, img.get_rect(center=(self.prev_button.rect.right + COUNTER_W // 2,
                                                   self.prev_button.rect.centery)))
        y = TABLE.y + 34
        for key, dx, width, right in COLUMNS:
            img = self.fit(tr(key), 17, MUTED, width, bold=True)
            if right:
                surface.blit(img, img.get_rect(topright=(TABLE.x + dx + width, y)))
            else:
                surface.blit(img, (TABLE.x + dx, y))
        line = self.art.divider(TABLE.w)
        surface.blit(line, (TABLE.x, y + 26))
        y = TABLE.y + HEAD_H
        if not self.opponents:
            empty = self.fit(tr("stats.none"), 19, TEXT, TABLE.w - 24)
            surface.blit(empty, (TABLE.x + 12, y + 8))
            return
        shown = self.opponents[self.page * ROWS:(self.page + 1) * ROWS]
        for row, (o, cells) in enumerate(zip(shown, self.opponent_cells())):
            if row % 2 == 0:
                band = self.art.cached(("band", TABLE.w, ROW_H), lambda: gfx.rounded_rect(
                    (TABLE.w, ROW_H), theme.ROW_BAND, 8))
                surface.blit(band, (TABLE.x, y))
            for i, ((_, dx, width, right), text) in enumerate(zip(COLUMNS, cells)):
                colour = (GAIN if o.your_net > 0 else LOSS if o.your_net < 0 else TEXT) if i == 4 else TEXT
                img = self.fit(text, 18, colour, width, bold=i == 0)
                mid = y + ROW_H // 2
                rect = img.get_rect(midright=(TABLE.x + dx + width, mid)) if right else img.get_rect(
                    midleft=(TABLE.x + dx, mid))
                surface.blit(img, rect)
            y += ROW_H
