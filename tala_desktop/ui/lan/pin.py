"""PinDialog: the PIN (or a server's password) asked over the LAN screens — to join a table, or for the host to set it.

A dimmed screen, a panel with a title and what it is for, one field and
two buttons. A table's PIN is four digits: the field takes digits only and
the main button works once all four are typed; a server's password
(``tala-server --password``) is any text. The dialog sends a try through
``ask.send`` and then follows ``ask.answer()`` each frame: in (it closes),
or refused, which it says in words under the field: a wrong PIN, or how
many seconds to wait before the server checks another (the password
guard's back-off, net/password_guard.py), counted down with the main
button off until then. The host's dialog (``removable``) also offers "Bỏ
mã PIN" when the table has one. Enter sends, Esc cancels.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tala_desktop.net.protocol import TableInfo

from ..art import gfx
from ..art.theme import ERROR, MUTED
from ..core.display import LOGICAL_SIZE
from ..core.i18n import N_, tr, tr_count
from ..core.names import shown_name
from ..core.scene import Scene
from ..frames.overlay import Overlay
from ..frames.page import wrap_text
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.form import TextField
from .session import LanSession, PinAnswer

PIN_DIGITS = 4
MAX_PASSWORD = 64
PANEL_W = 600
BODY_SIZE = 19
BODY_TOP = 72                    # the message, under the title
FIELD_H, HINT_H = 56, 52         # the field, and the two rows under it (the refusal or what to type)
BUTTONS_H = 54 + 24              # the buttons and the margin under them


@dataclass(frozen=True)
class PinAsk:
    """Where the dialog's tries go and how their answers come back (None: no answer yet)."""

    send: Callable[[str], None]
    answer: Callable[[], PinAnswer | None] = lambda: None
    remove: Callable[[], None] | None = None      # the host's "Bỏ mã PIN" (None: not offered)
    closes: bool = False                          # the dialog closes as it sends (the try opens another screen,
                                                  # or needs no answer)


def pin_refusal_text(code: str, wait: float | None, server: bool = False) -> str:
    """A refused PIN or password in words: wrong, or how many seconds until the next try is checked."""
    seconds = math.ceil(wait) if wait else 0
    if code == "retry_later" or seconds > 0:
        return tr_count("pin.wait", max(1, seconds), seconds=max(1, seconds))
    return tr(N_("pin.wrong_password") if server else N_("pin.wrong"))


class PinDialog(Overlay):
    """Asks a table's PIN (``digits``) or a server's password; see the module."""

    updates_below = True          # the LAN screen under it keeps reading its connection

    def __init__(self, services: Services, title: str, message: str, ask: PinAsk, confirm: str,
                 digits: bool = True, text: str = "", wait: float | None = None, refusal: str = "") -> None:
        super().__init__()
        self.services, self.title, self.message, self.ask, self.digits = services, title, message, ask, digits
        fonts = services.fonts
        self.lines = wrap_text(fonts.font(BODY_SIZE), message, PANEL_W - 60)
        w, h = LOGICAL_SIZE
        message_h = len(self.lines) * fonts.font(BODY_SIZE).get_linesize()
        ph = BODY_TOP + message_h + 20 + FIELD_H + HINT_H + BUTTONS_H
        self.panel = pygame.Rect((w - PANEL_W) // 2, (h - ph) // 2, PANEL_W, ph)
        field_w = 200 if digits else PANEL_W - 120
        field_y = self.panel.y + BODY_TOP + message_h + 20
        self.field = TextField((self.panel.centerx - field_w // 2, field_y, field_w, 56), text, fonts,
                               PIN_DIGITS if digits else MAX_PASSWORD, self._typed, size=30 if digits else 22,
                               accept=str.isdigit if digits else str.isprintable)
        self.field.focus(True)
        self.waiting = False                      # a try was sent; its answer has not come
        self.wait_left = wait or 0.0              # seconds before the server checks another try
        self.refusal = refusal                    # the last refusal in words ("" once a new try is typed)
        bw, bh, gap = 200, 54, 20
        y = self.panel.bottom - bh - 24
        removable = ask.remove is not None
        count = 3 if removable else 2
        x0 = self.panel.centerx - (count * bw + (count - 1) * gap) // 2
        self.confirm_button = Button((x0, y, bw, bh), confirm, fonts, self.submit, style="green")
        self.buttons = [self.confirm_button]
        if removable:
            self.remove_button = Button((x0 + bw + gap, y, bw, bh), tr("pin.remove"), fonts, self.remove,
                                        style="red", font_size=20)
            self.buttons.append(self.remove_button)
        self.cancel_button = Button((x0 + (count - 1) * (bw + gap), y, bw, bh), tr("btn.cancel"), fonts, self.cancel,
                                    style="dark")
        self.buttons.append(self.cancel_button)
        self._sync()

    # -- state ------------------------------------------------------------------------------------
    def ready(self) -> bool:
        """The typed text can be sent now."""
        text = self.field.text
        whole = len(text) == PIN_DIGITS and text.isdigit() if self.digits else bool(text)
        return whole and not self.waiting and self.wait_left <= 0

    def _sync(self) -> None:
        self.confirm_button.enabled = self.ready()
        self._dirty = True

    def _typed(self, text: str) -> None:
        if self.wait_left <= 0:
            self.refusal = ""
        self._sync()

    def submit(self) -> None:
        if not self.ready():
            return
        if self.ask.closes:
            self.close()
            self.ask.send(self.field.text)
            return
        self.waiting, self.refusal = True, ""
        self.ask.send(self.field.text)
        self._sync()

    def remove(self) -> None:
        if self.ask.remove is not None:
            self.ask.remove()
        self.close()

    def cancel(self) -> None:
        self.close()

    def close(self) -> None:
        self.field.focus(False)
        super().close()

    @property
    def note(self) -> str:
        """The line under the field, as shown (what the player reads: a refusal, the seconds to wait)."""
        return self.hint()

    def hint(self) -> str:
        """The line under the field: the refusal (with the seconds left), else what to type."""
        if self.refusal:
            return self.refusal
        if self.waiting:
            return tr("pin.checking")
        return tr("pin.four_digits") if self.digits else ""

    # -- events -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if self.field.handle_event(event):
            self._dirty = True
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        caret = self.field.caret_visible
        self.field.update(dt)
        if self.field.caret_visible != caret:
            self._dirty = True                    # the caret blinks
        if self.wait_left > 0:
            before = math.ceil(self.wait_left)
            self.wait_left = max(0.0, self.wait_left - dt)
            if math.ceil(self.wait_left) != before:
                self.refusal = pin_refusal_text("retry_later", self.wait_left) if self.wait_left > 0 else \
                    tr("pin.try_again")
                self._sync()
        answer = self.ask.answer() if self.waiting else None
        if answer is None:
            return
        self.waiting = False
        if answer.accepted:
            self.close()
            return
        self.wait_left = answer.wait or 0.0
        self.refusal = pin_refusal_text(answer.code, answer.wait, server=not self.digits)
        self.field.text, self.field.caret = "", 0
        self.field.focus(True)
        self._sync()

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface, self.panel)
        fonts = self.services.fonts
        self.draw_heading(surface, self.panel, fonts, self.title, self.lines, BODY_SIZE, BODY_TOP)
        self.field.draw(surface)
        hint = self.hint()
        if hint:
            colour = ERROR if self.refusal and self.refusal != tr("pin.try_again") else MUTED
            font = fonts.font(17, bold=bool(self.refusal))
            for i, line in enumerate(wrap_text(font, hint, PANEL_W - 60)[:2]):
                img = gfx.render_line(font, line, colour)
                surface.blit(img, img.get_rect(midtop=(self.panel.centerx, self.field.rect.bottom + 8 + 22 * i)))
        self.draw_buttons(surface)


def enter_table(services: Services, session: LanSession, table: TableInfo, watch: bool,
                show: Callable[[Scene], None]) -> None:
    """Vào (or Xem) on ``table`` of the list: at once, or once its PIN is typed (the dialog, through ``show``)."""
    if not table.password:
        session.client.watch(table.id) if watch else session.client.join(table.id)
        return
    ask = PinAsk(send=lambda pin: session.try_pin(table.id, pin, watch), answer=session.take_pin_answer)
    host = next((s.name for s in table.seats if s.seat == table.host and s.name), None)
    name = tr("lan.server_name", name=shown_name(host)) if host else tr("table.number", number=table.id)
    show(PinDialog(services, tr("pin.join_title"), tr("pin.join_message", table=name), ask,
                   tr(N_("social.watch") if watch else N_("lan.join"))))


def host_pin_dialog(services: Services, session: LanSession) -> PinDialog:
    """The host sets, changes or removes their table's PIN (new arrivals need it; nobody at the table is asked)."""
    locked = session.lobby is not None and session.lobby.password
    ask = PinAsk(send=session.set_pin, remove=(lambda: session.set_pin("")) if locked else None, closes=True)
    return PinDialog(services, tr("pin.set_title"), tr("pin.set_message"), ask, tr("pin.save"),
                     text=session.pin or "")


def server_password_dialog(services: Services, where: str, send: Callable[[str], None], wait: float | None,
                           refused: str) -> PinDialog:
    """A server asks a password in every hello (``tala-server --password``): typed here, then ``send`` joins with it;
    ``refused`` (a code, "" the first time) and ``wait`` say what became of the last one."""
    return PinDialog(services, tr("pin.server_title"), tr("pin.server_message", where=where),
                     PinAsk(send=send, closes=True), tr("lan.join"), digits=False,
                     wait=wait, refusal=pin_refusal_text(refused, wait, server=True) if refused else "")
