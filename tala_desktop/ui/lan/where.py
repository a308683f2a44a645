"""Where friends find a LAN table: the addresses they type and the server's code, at the top right of the lobby.

The host's app lists every IPv4 address of its networks with the server's
port ("Bạn bè nhập: 192.168.1.5:8765"), so nobody has to look it up in the
system settings; a guest's app shows the address it came in by. Under it,
the server's code ("Mã bàn: K7QX"), the one the LAN list shows beside each
row (net/identity.py): friends compare the two before they join or type a
PIN.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..art.theme import GOLD, TEXT, Colour
from ..core.assets import Fonts
from ..core.i18n import tr
from ..frames.page import PANEL, wrap_text
from ..widgets.controls import Button
from ..widgets.text_fit import ellipsize
from .session import LanSession

HEAD = pygame.Rect(PANEL.right - 400, 20, 400, 76)   # right of the page's title (never under it), above the panel
PIN_BUTTON = pygame.Rect(PANEL.x + 36 + 560 - 200, PANEL.y + 22, 200, 40)   # the host's, right of the table's name
LOCK_W = 26                                          # a padlock before a row's text, and the gap after it
NOTE_SIZE, CODE_SIZE = 18, 21
Label = Callable[..., pygame.Surface]                # PageScene.label(text, size, colour, bold=...)


class TableWhere:
    """The lobby's "where" corner: what to type to come in, and the code to compare."""

    def __init__(self, fonts: Fonts, session: LanSession) -> None:
        self.fonts = fonts
        self.session = session
        self.drawn: list[str] = []          # the lines as last drawn (tests read them)

    def lines(self) -> list[tuple[str, int, Colour, bool]]:
        """(text, size, colour, bold) of each line, fitted to the corner: the addresses in two rows at most."""
        s = self.session
        font = self.fonts.font(NOTE_SIZE)
        addresses = s.friend_addresses()
        if s.server is not None and not addresses:
            rows = wrap_text(font, tr("lobby.no_network"), HEAD.w)
        elif s.server is not None:
            rows = self._address_rows(font, addresses)
        else:
            rows = [tr("lobby.address", address=addresses[0])] if addresses else []
        if len(rows) > 2:
            rows = [rows[0], ellipsize(font, " ".join(rows[1:]), HEAD.w)]
        out = [(row, NOTE_SIZE, TEXT, False) for row in rows]
        if s.code:
            out.append((tr("lobby.code", code=s.code), CODE_SIZE, GOLD, True))
        return out

    @staticmethod
    def _address_rows(font: pygame.font.Font, addresses: list[str]) -> list[str]:
        """"Bạn bè nhập: a · b" in rows of the corner's width, never breaking an address."""
        rows = [tr("lobby.friends_type", addresses=addresses[0])]
        for address in addresses[1:]:
            joined = f"{rows[-1]} · {address}"
            if gfx.text_size(font, joined)[0] <= HEAD.w:
                rows[-1] = joined
            else:
                rows.append(address)
        return rows

    def pin_button(self, on_click: Callable[[], None]) -> Button:
        """The host's "Đặt mã PIN" (the table has none), "Mã PIN: 4821" (the one this app set) or "Đổi mã PIN"."""
        info, pin = self.session.lobby, self.session.pin
        text = tr("lobby.pin_set") if info is None or not info.password else \
            tr("lobby.pin_shown", pin=pin) if pin else tr("lobby.pin_change")
        return Button(PIN_BUTTON, text, self.fonts, on_click, style="blue" if info and info.password else "dark",
                      font_size=18)

    def draw(self, surface: pygame.Surface, label: Label) -> None:
        self.drawn = []
        y = HEAD.y
        for text, size, colour, bold in self.lines():
            image = label(text, size, colour, bold=bold)
            surface.blit(image, image.get_rect(topright=(HEAD.right, y)))
            self.drawn.append(text)
            y += image.get_height()
