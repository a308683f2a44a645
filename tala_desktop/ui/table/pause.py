"""Pause overlay: the Esc menu over the table — Tiếp tục, Rời bàn (Móm for a running game), Thoát game.

It reads the table through ``TableBelow`` (view.py) and asks of it only to
hold and to leave. Offline it pauses: the table's time is the scene's
clock, so while the menu is open the scene holds and the turn clock, the
bots and the animations stop until Tiếp tục. A LAN table cannot pause (the
server's clock runs on): there the overlay is titled and worded as a menu.
Rời bàn in the middle of a game (or before the table has shown its game)
and Thoát game ask first, saying the whole cost with its amount: the Móm
(or the chips you have left, if fewer), that what the seat played on
without you feeds the others (eats, chốt, an Ù) comes out of it and never
adds to it (RULES.md §10), and what the game has cost you so far; at a LAN
table this app hosts, Thoát game says it closes the table for everyone
there, by name.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tala_desktop.engine import leave_cost as rules_leave_cost

from ..art.theme import GOLD, TEXT, WARNING
from ..core.i18n import N_, money, tr, tr_count
from ..frames.confirm import ConfirmOverlay
from ..frames.overlay import Overlay
from ..shared.services import Services
from ..widgets.controls import Button
from .layout import TableLayout
from .painter import TablePainter
from .view import TableBelow


class PauseOverlay(Overlay):
    """Three buttons in a panel; Esc closes it again.

    ``table_below()`` says what the table is now; ``hold(True)`` holds it (offline) while the menu shows and
    ``hold(False)`` lets it go on; ``leave()`` leaves it.
    """

    fills_canvas = True          # centred on the table's canvas (its layout's size)
    updates_below = True

    def __init__(self, services: Services, painter: TablePainter, table_below: Callable[[], TableBelow],
                 hold: Callable[[bool], None], leave: Callable[[], None]) -> None:
        super().__init__()
        self.services = services
        self.painter = painter
        self.table_below = table_below
        self.hold = hold
        self.leave_table = leave
        self.table = table_below()
        self.pauses = self.table.can_pause
        self.title = tr(N_("pause.title") if self.pauses else N_("pause.menu_title"))
        self.note = tr(N_("pause.paused_note") if self.pauses else N_("pause.lan_note"))
        fonts = services.fonts
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons = [
            Button((0, 0, 1, 1), tr(N_("pause.continue") if self.pauses else N_("pause.back")), fonts, self.resume,
                   style="green"),
            Button((0, 0, 1, 1), tr("pause.leave"), fonts, self.leave, style="primary"),
            Button((0, 0, 1, 1), tr("pause.quit"), fonts, self.quit, style="red"),
        ]
        self._placed_for: tuple[int, int] = (0, 0)
        self._place()

    @property
    def layout(self) -> TableLayout:
        return self.table.layout

    def _place(self) -> None:
        """Centre the panel and its buttons on the table's layout (again when the window changes shape)."""
        L = self.layout
        p = L.px
        w, h = p(440), p(360)
        self.panel = pygame.Rect((L.size[0] - w) // 2, (L.size[1] - h) // 2, w, h)
        bw, bh = p(300), p(54)
        x = self.panel.centerx - bw // 2
        y0 = self.panel.y + p(100)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, y0 + i * p(72), bw, bh)
        self._placed_for = L.size

    def _look(self) -> None:
        """Read the table again; place the panel again if it was laid out for another canvas."""
        self.table = self.table_below()
        if self.layout.size != self._placed_for:
            self._place()
            self._dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self._look()

    def resize(self, canvas: tuple[int, int]) -> None:
        self._look()             # the table below has laid itself out for the new canvas (it is resized first)

    @property
    def needs_redraw(self) -> bool:
        return self._dirty or self.table_below().changed

    def on_enter(self) -> None:
        self.hold(self.pauses)

    def on_exit(self) -> None:
        self.hold(False)

    def resume(self) -> None:
        self.close()

    def _ask(self, title: str, message: str, confirm: str, then: Callable[[], None]) -> None:
        if self.stack is not None:
            self.stack.push(ConfirmOverlay(self.services, tr(title), message, tr(confirm), tr("confirm.stay"), then))

    def leave(self) -> None:
        """Leave the table: Móm for the game in progress (RULES.md §10), after asking."""
        below = self.table_below()
        if not asks_before_leaving(below):
            self.leave_table()
            return
        self._ask(N_("confirm.leave_title"), leave_text(below), N_("confirm.leave_yes"), self.leave_table)

    def quit(self) -> None:
        """Quit the application after asking (the app loop handles QUIT and closes the table)."""
        self._ask(N_("confirm.quit_title"), quit_note(self.table_below()), N_("confirm.quit_yes"), _post_quit)

    def draw(self, surface: pygame.Surface) -> None:
        painter = self.painter
        p = self.layout.px
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


def leave_cost(table: TableBelow) -> int | None:
    """The bets leaving ``table`` now costs (a running game counts as Móm), or None when it costs nothing."""
    m = table.model
    if m is None or m.is_over or table.spectator or table.practice:
        return None
    return m.rules.mom_pay


def asks_before_leaving(table: TableBelow) -> bool:
    """Leaving takes a yes: a game is running, or the table has not shown its game yet (it may be running)."""
    return not table.spectator and (table.model is None or not table.model.is_over)


def leave_text(table: TableBelow) -> str:
    """The whole cost of leaving now, with its amount: the Móm (all of it, whatever the seat played on for you
    feeds the others), and what the game has cost you so far."""
    m = table.model
    if table.practice:
        return tr("confirm.leave_practice")
    if m is None:
        return tr("confirm.leave_unknown")
    return "\n".join((cost_text(table, N_("confirm.leave_text"), N_("confirm.leave_all")), leave_rest(table),
                      owed_text(m.net[m.me] if 0 <= m.me < len(m.net) else 0)))


def leave_amount(table: TableBelow) -> int:
    """The chips leaving now costs you: the Móm, or what you have left if that is less (RULES.md §10)."""
    m = table.model
    if m is None:
        return 0
    balance = m.balances[m.me] if 0 <= m.me < len(m.balances) else None
    return rules_leave_cost(m.rules, m.bet, balance)


def cost_text(table: TableBelow, key: str, all_key: str) -> str:
    """"you lose 4 bets (800)", or "you lose the 500 you have left" when the wallet holds less than the Móm."""
    m = table.model
    assert m is not None
    bets, amount = m.rules.mom_pay, leave_amount(table)
    if amount < bets * m.bet:
        return tr(all_key, amount=money(amount))
    return tr_count(key, bets, bets=bets, amount=money(amount))


def leave_rest(table: TableBelow) -> str:
    """What the seat played on for you may still bring: eats, chốt, an Ù, all out of the figure just named."""
    if table.model is None:
        return ""
    return tr("confirm.leave_rest", amount=money(leave_amount(table)))


def owed_text(net: int) -> str:
    """What the game has cost (or brought) you so far; leaving keeps it."""
    if net < 0:
        return tr("confirm.leave_owed_lost", amount=money(-net))
    if net > 0:
        return tr("confirm.leave_owed_won", amount=money(net))
    return tr("confirm.leave_owed_none")


def quit_note(table: TableBelow) -> str:
    """What quitting the app now means for the game at ``table`` (at a LAN table this app hosts: it closes for
    everyone there, named, and the game in progress stops with no money moved)."""
    bets = leave_cost(table)
    m = table.model
    if table.closes_for:
        names = ", ".join(table.closes_for)
        game = bets is not None and m is not None
        return "\n".join((tr("confirm.quit_host", names=names), *([tr("net.game_money")] if game else [])))
    if bets is None or m is None:
        return tr("confirm.quit_text")
    if not table.can_pause:
        return "\n".join((cost_text(table, N_("confirm.quit_lan"), N_("confirm.quit_lan_all")),
                          leave_rest(table), owed_text(m.net[m.me] if 0 <= m.me < len(m.net) else 0)))
    return tr(N_("confirm.quit_saved") if table.saved else N_("confirm.quit_unsaved"))
