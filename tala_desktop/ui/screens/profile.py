"""ProfileScene: the Hồ sơ page — your name and avatar (kept by the store), your chips and the daily top-up.

The name is saved when you press "Lưu" (or Enter) and only if the store
accepts it; a bad name shows why and changes nothing. A click on an avatar
saves it at once.
"""

from __future__ import annotations

import pygame

from tala_desktop.store import DAILY_FLOOR, StoreError

from ..art.avatars import Faces
from ..art.theme import AVATAR_EDGE, AVATAR_GOLD, ERROR, GAIN, LABEL, MUTED, TEXT
from ..core.i18n import N_, money, tr, tr_count
from ..core.names import shown_name
from ..frames.page import PANEL, PageScene, wrap_text
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.form import TextField

MAX_NAME = 14                       # what the table's name plates hold
LEFT_X = PANEL.x + 60
FIELD = pygame.Rect(LEFT_X, PANEL.y + 86, 420, 54)
AVATAR_D = 66
AVATAR_GAP = 12
AVATAR_PER_ROW = 8                  # the colours with your initials, then the pictures, in one grid
AVATAR_Y = PANEL.y + 256


class ProfileScene(PageScene):
    """Name, avatar and wallet of the one player."""

    title_key = N_("profile.title")

    def __init__(self, services: Services) -> None:
        self.message = ""
        self.message_ok = True
        store = services.store
        self.name = shown_name(store.profile().name if store is not None else services.settings.player_name)
        super().__init__(services)

    def build(self) -> None:
        fonts = self.services.fonts
        self.field = TextField(FIELD, self.name, fonts, MAX_NAME, self._typed, size=24)
        self.save_button = Button((FIELD.right + 16, FIELD.y, 150, FIELD.h), tr("profile.save"), fonts,
                                  self.save_name, style="primary", font_size=22)
        self.topup_button = Button((PANEL.right - 330, PANEL.y + 250, 270, 56), tr("menu.topup"), fonts,
                                   self.claim, style="primary", font_size=21)
        store = self.services.store
        self.topup_button.visible = store is not None and store.topup_available()
        self.widgets.extend([self.field, self.save_button, self.topup_button])

    @property
    def faces(self) -> Faces:
        return self.services.faces

    def avatar_rects(self) -> list[pygame.Rect]:
        """Where each look is offered: the colours, then the pictures."""
        per_row = AVATAR_PER_ROW
        return [pygame.Rect(LEFT_X + (i % per_row) * (AVATAR_D + AVATAR_GAP),
                            AVATAR_Y + (i // per_row) * (AVATAR_D + AVATAR_GAP), AVATAR_D, AVATAR_D)
                for i in range(self.faces.looks)]

    # -- actions -------------------------------------------------------------------------
    def _typed(self, text: str) -> None:
        self.name = text
        self.message = ""

    def save_name(self) -> None:
        store = self.services.store
        self.field.focus(False)
        if store is None:
            return
        try:
            clean = store.set_name(self.name)
        except StoreError:
            self.message, self.message_ok = tr("profile.bad_name", max=MAX_NAME), False
            self.invalidate()
            return
        self.name = self.field.text = clean
        self.services.settings.player_name = clean
        self.message, self.message_ok = tr("profile.saved"), True
        self.invalidate()

    def pick_avatar(self, avatar: int) -> None:
        store = self.services.store
        if store is not None:
            store.set_avatar(avatar)
            self.invalidate()

    def claim(self) -> None:
        store = self.services.store
        if store is None:
            return
        given = store.claim_daily_topup()
        self.topup_button.visible = store.topup_available()
        done = tr_count("menu.topup_done", given, amount=money(given)) if given else ""
        self.message, self.message_ok = done, True
        self.invalidate()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.field.rect.collidepoint(event.pos):
                self.field.focus(False)
            hit = next((i for i, r in enumerate(self.avatar_rects()) if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.pick_avatar(hit)
                return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.field.focused):
            self.save_name()
            return
        super().handle_event(event)

    def on_exit(self) -> None:
        self.field.focus(False)

    # -- drawing -------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        art, store = self.art, self.services.store
        head = art.text(tr("profile.name"), 23, LABEL, bold=True)
        surface.blit(head, (LEFT_X, FIELD.y - 40))
        if self.message:
            note = art.text(self.message, 19, GAIN if self.message_ok else ERROR, bold=True)
            surface.blit(note, (LEFT_X, FIELD.bottom + 12))
        head = art.text(tr("profile.avatar"), 23, LABEL, bold=True)
        surface.blit(head, (LEFT_X, AVATAR_Y - 44))
        faces = self.faces
        current = (store.profile().avatar if store is not None else 0) % faces.looks
        shown = self.name.strip() or "?"
        for i, rect in enumerate(self.avatar_rects()):
            chosen = i == current
            surface.blit(faces.face(shown, i, AVATAR_D, AVATAR_GOLD if chosen else AVATAR_EDGE), rect)
            if chosen:                     # a gold ring around the look you chose
                pygame.draw.circle(surface, AVATAR_GOLD, rect.center, AVATAR_D // 2 + 4, 3)
        self._draw_wallet(surface)

    def _draw_wallet(self, surface: pygame.Surface) -> None:
        art, store = self.art, self.services.store
        x = PANEL.right - 330
        head = art.text(tr("profile.wallet"), 23, LABEL, bold=True)
        surface.blit(head, (x, FIELD.y - 40))
        balance = store.profile().balance if store is not None else 0
        big = art.gold_text(money(balance), 52)
        surface.blit(big, (x, FIELD.y - 4))
        unit = art.text(tr("profile.chips_unit"), 20, TEXT)
        surface.blit(unit, (x + 4, FIELD.y + big.get_height()))
        font = self.services.fonts.font(18)
        y = self.topup_button.rect.bottom + 16 if self.topup_button.visible else PANEL.y + 250
        for line in wrap_text(font, tr("profile.topup_rule", floor=money(DAILY_FLOOR)), 290):
            img = art.text(line, 18, MUTED)
            surface.blit(img, (x, y))
            y += 25
