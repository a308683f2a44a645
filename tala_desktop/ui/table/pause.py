"""Pause overlay: the Esc menu over the table — Tiếp tục, Rời bàn (Móm for a running game), Thoát game.

Offline it pauses: the table's time is the scene's clock, so while the menu
is open the scene holds (``TableScene.paused``) and the turn clock, the
bots and the animations stop until Tiếp tục. A LAN table cannot pause (the
server's clock runs on): there the overlay is titled and worded as a menu.
Rời bàn in the middle of a game (or before the table has shown its game)
and Thoát game ask first, saying the whole cost in words: the Móm, the eats
from your seat played on without you (or the Ù instead of the Móm), and
what the game has cost you so far.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..art.theme import GOLD, TEXT, WARNING
from ..core.i18n import money, tr, tr_count
from ..frames.confirm import ConfirmOverlay
from ..frames.overlay import Overlay
from ..widgets.controls import Button

if TYPE_CHECKING:
    from .scene import TableScene


class PauseOverlay(Overlay):
    """Three buttons in a panel; Esc closes it again."""

    fills_canvas = True          # centred on the table's canvas (its layout's size)
    updates_below = True

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table
        self.pauses = table.client.can_pause
        self.title = tr("pause.title" if self.pauses else "pause.menu_title")
        self.note = tr("pause.paused_note" if self.pauses else "pause.lan_note")
        fonts = table.services.fonts
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons = [
            Button((0, 0, 1, 1), tr("pause.continue" if self.pauses else "pause.back"), fonts, self.resume,
                   style="green"),
            Button((0, 0, 1, 1), tr("pause.leave"), fonts, self.leave, style="primary"),
            Button((0, 0, 1, 1), tr("pause.quit"), fonts, self.quit, style="red"),
        ]
        self._placed_for: tuple[int, int] = (0, 0)
        self._place()

    def _place(self) -> None:
        """Centre the panel and its buttons on the table's layout (again when the window changes shape)."""
        L = self.table.layout
        p = L.px
        w, h = p(440), p(360)
        self.panel = pygame.Rect((L.size[0] - w) // 2, (L.size[1] - h) // 2, w, h)
        bw, bh = p(300), p(54)
        x = self.panel.centerx - bw // 2
        y0 = self.panel.y + p(100)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, y0 + i * p(72), bw, bh)
        self._placed_for = L.size

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.layout.size != self._placed_for:   # the table below laid itself out for a new canvas
            self._place()
            self._dirty = True

    @property
    def needs_redraw(self) -> bool:
        return self._dirty or self.table.needs_redraw

    def on_enter(self) -> None:
        self.table.paused = self.pauses

    def on_exit(self) -> None:
        self.table.paused = False
        self.table.touch()

    def resume(self) -> None:
        self.close()

    def _ask(self, title: str, message: str, confirm: str, then: Callable[[], None]) -> None:
        if self.stack is not None:
            self.stack.push(ConfirmOverlay(self.table.services, tr(title), message, tr(confirm), tr("confirm.stay"),
                                           then))

    def leave(self) -> None:
        """Leave the table: Móm for the game in progress (RULES.md §10), after asking."""
        if not asks_before_leaving(self.table):
            self.table.leave_table()
            return
        self._ask("confirm.leave_title", leave_text(self.table), "confirm.leave_yes", self.table.leave_table)

    def quit(self) -> None:
        """Quit the application after asking (the app loop handles QUIT and closes the table)."""
        self._ask("confirm.quit_title", quit_note(self.table), "confirm.quit_yes", _post_quit)

    def draw(self, surface: pygame.Surface) -> None:
        painter = self.table.painter
        p = self.table.layout.px
        self.draw_backdrop(surface, self.panel, p(18))
        title = painter.text(self.title, p(28), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + p(20))))
        self.draw_buttons(surface)
        note = painter.text(self.note, p(15), TEXT, max_width=self.panel.w - p(30))
        surface.blit(note, note.get_rect(midtop=(self.panel.centerx, self.panel.y + p(64))))
        if leave_cost(self.table) is not None:
            note = painter.text(tr("pause.leave_note"), p(14), WARNING, max_width=self.panel.w - p(30))
            surface.blit(note, note.get_rect(midtop=(self.panel.centerx, self.buttons[-1].rect.bottom + p(12))))


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def leave_cost(table: TableScene) -> int | None:
    """The bets leaving ``table`` now costs (a running game counts as Móm), or None when it costs nothing."""
    m = table.model
    if m is None or m.is_over or table.spectator:
        return None
    return m.rules.mom_pay


def asks_before_leaving(table: TableScene) -> bool:
    """Leaving takes a yes: a game is running, or the table has not shown its game yet (it may be running)."""
    return not table.spectator and (table.model is None or not table.model.is_over)


def leave_text(table: TableScene) -> str:
    """The whole cost of leaving now, in words: the Móm, the rest of the game played for you, what it cost so far."""
    m = table.model
    if m is None:
        return tr("confirm.leave_unknown")
    bets = m.rules.mom_pay
    return "\n".join((tr_count("confirm.leave_text", bets, bets=bets, amount=money(bets * m.bet)),
                      leave_rest(table), owed_text(m.net[m.me] if 0 <= m.me < len(m.net) else 0)))


def leave_rest(table: TableScene) -> str:
    """The part of a leave's cost that comes after it: the eats from your seat, the Ù that replaces the Móm."""
    m = table.model
    if m is None:
        return ""
    r = m.rules
    u_bets = min([r.u_pay, r.u_tron_pay] + ([r.u_khan_pay] if r.u_khan else []))
    return tr("confirm.leave_rest", u_amount=money(u_bets * m.bet))


def owed_text(net: int) -> str:
    """What the game has cost (or brought) you so far; leaving keeps it."""
    if net < 0:
        return tr("confirm.leave_owed_lost", amount=money(-net))
    if net > 0:
        return tr("confirm.leave_owed_won", amount=money(net))
    return tr("confirm.leave_owed_none")


def quit_note(table: TableScene) -> str:
    """What quitting the app now means for the game at ``table``."""
    bets = leave_cost(table)
    m = table.model
    if bets is None or m is None:
        return tr("confirm.quit_text")
    if not table.client.can_pause:
        return "\n".join((tr_count("confirm.quit_lan", bets, bets=bets, amount=money(bets * m.bet)),
                          leave_rest(table), owed_text(m.net[m.me] if 0 <= m.me < len(m.net) else 0)))
    return tr("confirm.quit_saved" if table.saved else "confirm.quit_unsaved")
