"""MenuScene: the main menu — the logo with its card fan, your profile and chips, and the lobby's entries.

"Chơi với máy" (the big primary button, also Enter) opens the new-game
setup; after a crash or a forced quit "Chơi tiếp" comes first and resumes
the saved game. When the app closed or crashed at a LAN table whose server
still keeps the seat, "Quay lại bàn" comes first (beside Chơi tiếp if both),
with the table and the seconds left under it, and goes back to that seat.
Thống kê, Lịch sử, Hướng dẫn, Luật chơi and Cài đặt open
their pages; "Chơi qua mạng LAN" opens the LAN page; "Thoát"
quits. The profile card (click: Hồ sơ) shows your name, avatar and chips,
and offers the daily top-up while you are under its floor; when your chips
cannot cover the smallest bet, an offer under the logo says so and gives
"Nhận chip miễn phí", or says when the next free chips come (free_chips.py). Messages from the store
(a corrupt file moved aside, ...) show in a box until dismissed. The
tutorial and the LAN page come from ``Services.pages`` (the composition root
makes them), so no screen the menu opens has to import the menu back.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pygame
import pytweening

from tala_desktop import __version__
from tala_desktop.store import StoreError
from tala_desktop.store.lan_seats import LanSeat

from ..art import gfx, theme
from ..art.theme import AVATAR_GOLD
from ..core.i18n import N_, money, tr, tr_count
from ..core.names import shown_name
from ..core.scene import Scene
from ..frames.confirm import ConfirmOverlay
from ..frames.notice import NoticeBox
from ..frames.page import PageScene, fit_font_size
from ..lan.back_row import back_note
from ..shared.new_game import GameChoices
from ..shared.run_state import RunState
from ..shared.services import Services
from ..shared.store_bridge import notice_text
from ..widgets.controls import Button
from ..widgets.text_fit import FittedName, ellipsize, fit_name
from .free_chips import FreeChipsOffer
from .history import HistoryScene
from .profile import ProfileScene
from .rules import RulesScene
from .settings import SettingsScene
from .setup import SetupScene
from .stats import StatsScene

LOGO_X = 410
FAN_PIVOT = (LOGO_X, 440)
FAN_CARD_WIDTH = 128
TITLE_Y = 368
RIBBON_Y = 476
COLUMN = pygame.Rect(770, 158, 400, 488)
CARD = pygame.Rect(750, 24, 440, 104)
AVATAR = 72
BACK_NOTE = 22           # the line under "Quay lại bàn": which table, and the seconds its seat is still kept
OFFER = pygame.Rect(LOGO_X - 280, 524, 560, 140)    # the free chips offered under the logo, when you are short
OFFER_BUTTON = (290, 50)
NOTICE_ANCHOR = (40, 676)
NOTICE_W = 660
INTRO_SECONDS = 0.9
SLIDE_PX = 90
PANEL_BORDER = 3      # the panel's gold border and a pixel inside it: the sliding buttons pass under it


def quit_app() -> None:
    """Ask the app loop to end (the same path as closing the window)."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))


class MenuScene(PageScene):
    """The lobby: logo on the left, profile and menu column on the right."""

    show_panel = False
    show_back = False

    def __init__(self, services: Services, run: RunState, start_game: Callable[[GameChoices], object],
                 quit: Callable[[], None] = quit_app, continue_game: Callable[[], object] | None = None,
                 can_continue: Callable[[], bool] | None = None) -> None:
        self.run = run                # what the setup and rules pages remember between visits
        self.start_game = start_game
        self.quit = quit
        self.continue_game = continue_game
        self.can_continue = can_continue or (lambda: False)
        self.intro = 0.0
        self.buttons: dict[str, Button] = {}
        self.toast = ""
        self._continue_shown = False
        self._back_shown: LanSeat | None = None   # the LAN seat "Quay lại bàn" offers (None: not shown)
        self._back_check = 0.0
        self._back_drawn = ""
        super().__init__(services)

    def on_enter(self) -> None:
        self.intro = 0.0
        self.tweens.animate(self, INTRO_SECONDS, "linear", intro=1.0)

    def on_resume(self) -> None:
        super().on_resume()
        if self._continue_shown != self.can_continue() or (self._back_shown is None) != (self.back_seat() is None):
            self.rebuild()

    # -- building ---------------------------------------------------------------------
    def build(self) -> None:
        fonts, store = self.services.fonts, self.services.store
        x, w = COLUMN.x + 20, COLUMN.w - 40
        y = COLUMN.y + 24
        self.buttons = {}
        self._continue_shown = self.can_continue() and self.continue_game is not None
        self._back_shown = self.back_seat()
        top = [("continue", N_("menu.continue"), self._continue)] if self._continue_shown else []
        if self._back_shown is not None:
            top.append(("back", N_("back.button"), self.back_to_table))
        if top:
            bw = w if len(top) == 1 else (w - 12) // 2
            for i, (entry, words, act) in enumerate(top):
                size = fit_font_size(fonts, tr(words), bw - 48, 30)
                self.buttons[entry] = Button((x + i * (bw + 12), y, bw, 78), tr(words), fonts, act,
                                             style="primary", font_size=size)
            y += 78 + (BACK_NOTE if self._back_shown is not None else 0) + 12
            size = fit_font_size(fonts, tr("menu.play_bots"), w - 40, 24)
            play_h = 56 if self._back_shown is not None else 60
            self.buttons["play"] = Button((x, y, w, play_h), tr("menu.play_bots"), fonts, self.open_setup,
                                          style="green", font_size=size)
            y += play_h + 16
        else:
            size = fit_font_size(fonts, tr("menu.play_bots"), w - 48, 31)
            self.buttons["play"] = Button((x, y, w, 88), tr("menu.play_bots"), fonts, self.open_setup,
                                          style="primary", font_size=size)
            y += 88 + 22
        half = (w - 12) // 2
        pages = self.services.pages
        rows = ((("tutorial", N_("menu.tutorial"), self.open_tutorial if pages.tutorial is not None else None, "blue"),
                 ("rules", N_("menu.rules"), self.open_rules, "green")),
                (("stats", N_("menu.stats"), self.open_stats if store is not None else None, "green"),
                 ("history", N_("menu.history"), self.open_history if store is not None else None, "green")),
                (("lan", N_("menu.play_lan"), self.open_lan if pages.lan is not None else None, "blue"),),
                (("settings", N_("menu.settings"), self.open_settings, "green"),
                 ("quit", N_("menu.quit"), self.quit, "red")))
        for row in rows:
            bw = w if len(row) == 1 else half
            for i, (name, key, action, style) in enumerate(row):
                size = fit_font_size(fonts, tr(key), bw - 28, 21)
                self.buttons[name] = Button((x + i * (half + 12), y, bw, 56), tr(key), fonts, action, style=style,
                                            font_size=size, enabled=action is not None)
            y += 56 + 14
        self.column = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.w, y - 14 + 24 - COLUMN.y)
        self.widgets.extend(self.buttons.values())
        self.offer = FreeChipsOffer(self.services, self._claimed)
        if self.offer.button.visible:
            w, h = OFFER_BUTTON
            self.offer.button.rect = pygame.Rect(OFFER.centerx - w // 2, OFFER.bottom - 16 - h, w, h)
            self.widgets.append(self.offer.button)
        self.topup_button: Button | None = None
        if store is not None and store.topup_available() and not self.offer.shown:
            self.topup_button = Button((CARD.right - 168, CARD.centery - 22, 152, 44), tr("menu.topup"), fonts,
                                       self.claim_topup, style="primary", glow=True,
                                       font_size=fit_font_size(fonts, tr("menu.topup"), 136, 18))
            self.widgets.append(self.topup_button)
        self.notice_box = NoticeBox(NOTICE_ANCHOR, NOTICE_W, fonts, self.notices, self.dismiss_notice)
        self.widgets.append(self.notice_box)
        self._base_x = {name: b.rect.x for name, b in self.buttons.items()}
        self._place_buttons()

    def _place_buttons(self) -> None:
        for i, (name, button) in enumerate(self.buttons.items()):
            t = min(1.0, max(0.0, (self.intro * INTRO_SECONDS - 0.05 * i) / (INTRO_SECONDS * 0.6)))
            button.rect.x = self._base_x[name] + round(SLIDE_PX * (1 - pytweening.easeOutCubic(t)))

    def clip_for(self, widget: object) -> pygame.Rect | None:
        """The buttons slide in from under their panel's right edge: nothing of them shows on or past its border."""
        if self.intro < 1.0 and widget in self.buttons.values():
            return self.column.inflate(-2 * PANEL_BORDER, -2 * PANEL_BORDER)
        return None

    def fan_openness(self) -> float:
        return pytweening.easeOutBack(min(1.0, self.intro / 0.8))

    # -- actions ------------------------------------------------------------------------
    def open_setup(self) -> None:
        if self.stack is None:
            return
        if self._continue_shown:  # a new game settles the unfinished one as Móm: ask first
            self.stack.push(ConfirmOverlay(self.services, tr("menu.abandon_title"), tr("menu.abandon_text"),
                                           tr("menu.abandon_yes"), tr("menu.abandon_no"), self._open_setup))
            return
        self._open_setup()

    def _open_setup(self) -> None:
        if self.stack is not None:
            self.stack.push(SetupScene(self.services, self.run, self._start))

    def _start(self, choices: GameChoices) -> None:
        if self.stack is not None and self.stack.top is not self:
            self.stack.pop()  # the setup page: leaving the table comes back here
        self.start_game(choices)

    def open_settings(self) -> None:
        if self.stack is not None:
            self.stack.push(SettingsScene(self.services))

    def open_rules(self) -> None:
        if self.stack is not None:
            self.stack.push(RulesScene(self.services, self.run))

    def open_stats(self) -> None:
        if self.stack is not None and self.services.store is not None:
            self.stack.push(StatsScene(self.services))

    def open_history(self) -> None:
        if self.stack is not None and self.services.store is not None:
            self.stack.push(HistoryScene(self.services))

    def open_tutorial(self) -> None:
        self._open(self.services.pages.tutorial)

    def open_lan(self) -> None:
        self._open(self.services.pages.lan)

    def back_seat(self) -> LanSeat | None:
        """The LAN seat the player may go back to now ("Quay lại bàn": the app closed or crashed at a table whose
        server keeps the seat a while), when the LAN page can be opened."""
        store = self.services.store
        if store is None or self.services.pages.lan_back is None:
            return None
        try:
            return store.waiting_lan_seat()
        except (StoreError, sqlite3.Error):
            return None

    def back_to_table(self) -> None:
        """Quay lại bàn: the LAN page, going back to the seat kept for the player."""
        self._open(self.services.pages.lan_back)

    def back_note(self) -> str:
        """Under "Quay lại bàn": the table, its server and the seconds the seat is still kept."""
        seat = self._back_shown
        if seat is None or self.services.store is None:
            return ""
        return back_note(self.services, seat)

    def _open(self, page: Callable[[], Scene] | None) -> None:
        """A page the composition root provides (made on first use: these load the table scene)."""
        if self.stack is not None and page is not None:
            self.stack.push(page())

    def open_profile(self) -> None:
        if self.stack is not None and self.services.store is not None:
            self.stack.push(ProfileScene(self.services))

    def _continue(self) -> None:
        if self.continue_game is not None:
            self.continue_game()
        if self.stack is not None and self.stack.top is self:
            self.rebuild()  # the saved game could not be resumed: its notice shows, the entry goes

    def claim_topup(self) -> None:
        store = self.services.store
        if store is None:
            return
        self._claimed(store.claim_daily_topup())

    def _claimed(self, given: int) -> None:
        self.toast = tr_count("menu.topup_done", given, amount=money(given)) if given else ""
        self.rebuild()

    def shown_texts(self) -> list[str]:
        """The menu's own words beside its buttons: the free chips offer, the top-up just had."""
        return [line for line, _, _ in self.offer_lines()] + ([self.toast] if self.toast else [])

    def offer_lines(self) -> list[tuple[str, int, pygame.Rect]]:
        """The free chips offer's lines, each with its type size and where it is drawn (none while your chips
        cover a bet)."""
        out = []
        y = OFFER.y + 16
        for i, line in enumerate(self.offer.lines()):
            size = fit_font_size(self.services.fonts, line, OFFER.w - 32, 20 if i == 0 else 18, bold=i == 0)
            w, h = gfx.text_size(self.services.fonts.font(size, bold=i == 0), line)
            out.append((line, size, pygame.Rect(OFFER.centerx - w // 2, y, w, h)))
            y += h + 6
        return out

    def offer_rects(self) -> list[pygame.Rect]:
        return [rect for _, _, rect in self.offer_lines()]

    # -- notices ------------------------------------------------------------------------------
    def notices(self) -> list[str]:
        store = self.services.store
        return [notice_text(n) for n in store.notices] if store is not None else []

    def dismiss_notice(self, index: int) -> None:
        store = self.services.store
        if store is not None and 0 <= index < len(store.notices):
            del store.notices[index]
        self.invalidate()

    def on_key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons["continue" if "continue" in self.buttons else "play"].click()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and CARD.collidepoint(event.pos)
                and not (self.topup_button and self.topup_button.rect.collidepoint(event.pos))):
            self.open_profile()
            return
        super().handle_event(event)

    # -- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.offer.refresh(dt):           # the wallet or the day changed: the offer with it
            self.rebuild()
        self._place_buttons()
        self._back_check -= dt
        if self._back_check <= 0:            # the seat kept on the LAN: its seconds, and gone when the grace ends
            self._back_check = 0.5
            seat = self.back_seat()
            if (seat is None) != (self._back_shown is None):
                self.rebuild()
            elif seat is not None:
                note = self.back_note()
                if note != self._back_drawn:
                    self.invalidate()

    def draw_page(self, surface: pygame.Surface) -> None:
        art = self.art
        rays = art.rays(360)
        surface.blit(rays, rays.get_rect(center=(LOGO_X, 300)))
        art.draw_fan(surface, FAN_PIVOT, FAN_CARD_WIDTH, self.fan_openness())
        title = art.gold_text(tr("menu.logo"), 124)
        surface.blit(title, title.get_rect(center=(LOGO_X, TITLE_Y)))
        subtitle = tr("menu.subtitle")
        width = gfx.text_size(self.services.fonts.font(27, bold=True), subtitle)[0]
        ribbon = art.ribbon(subtitle, max(440, width + 150), 64)
        surface.blit(ribbon, ribbon.get_rect(center=(LOGO_X, RIBBON_Y)))
        column = art.panel(self.column.size)
        surface.blit(column, (self.column.x - 20, self.column.y - 20))
        self._draw_profile(surface)
        self._draw_offer(surface)
        self._back_drawn = self.back_note()
        back = self.buttons.get("back")
        if self._back_drawn and back is not None:
            top = max(b.rect.bottom for name, b in self.buttons.items() if name in ("back", "continue"))
            note = art.text(ellipsize(self.services.fonts.font(17), self._back_drawn, self.column.w - 40), 17,
                            theme.PROFILE_NOTE)
            surface.blit(note, note.get_rect(midtop=(self.column.centerx, top + 3)))
        corners = surface.get_parent() or surface      # the version and the keys sit in the window's corners
        w, h = corners.get_size()
        version = art.text(tr("menu.version", version=__version__), 16, theme.QUIET)
        corners.blit(version, version.get_rect(bottomleft=(24, h - 16)))
        keys = art.text(tr("menu.hint_keys"), 16, theme.QUIET)
        corners.blit(keys, keys.get_rect(bottomright=(w - 24, h - 16)))

    def _draw_offer(self, surface: pygame.Surface) -> None:
        lines = self.offer_lines()
        if not lines:
            return
        bottom = self.offer.button.rect.bottom if self.offer.button.visible else lines[-1][2].bottom
        area = pygame.Rect(OFFER.x, OFFER.y, OFFER.w, bottom + 16 - OFFER.y)
        box = self.art.cached(("offer_box", area.size), lambda: gfx.rounded_rect(
            area.size, theme.PROFILE_CARD_FILL, 18, 2, theme.PROFILE_CARD_EDGE))
        surface.blit(box, area)
        for i, (line, size, rect) in enumerate(lines):
            colour = theme.GOLD if i == 0 else theme.PROFILE_NOTE
            surface.blit(self.art.text(line, size, colour, bold=i == 0), rect)

    def card_name(self, shown: str | None = None) -> tuple[FittedName, int]:
        """Your name on the profile card as drawn and the room it has there: smaller, or cut with "…" (a name may
        be 20 characters), never squeezed."""
        if shown is None:
            store = self.services.store
            shown = shown_name(store.profile().name if store is not None else self.services.settings.player_name)
        text_x = CARD.x + 16 + AVATAR + 16
        room = (self.topup_button.rect.x - 12 if self.topup_button else CARD.right - 16) - text_x
        return fit_name(self.services.fonts, shown, 26, room), room

    def _draw_profile(self, surface: pygame.Surface) -> None:
        store = self.services.store
        if store is None:
            return
        art, fonts = self.art, self.services.fonts
        p = store.profile()
        card = art.cached(("profile_card", CARD.size), lambda: gfx.rounded_rect(
            CARD.size, theme.PROFILE_CARD_FILL, 20, 2, theme.PROFILE_CARD_EDGE))
        surface.blit(card, CARD)
        shown = shown_name(p.name)        # the default name is the word "you": its initial follows the language
        face = self.services.faces.face(shown, p.avatar, AVATAR, AVATAR_GOLD)
        surface.blit(face, face.get_rect(midleft=(CARD.x + 16, CARD.centery)))
        text_x = CARD.x + 16 + AVATAR + 16
        fitted, room = self.card_name(shown)
        name = art.text(fitted.text, fitted.size, theme.PROFILE_NAME, bold=True)
        surface.blit(name, name.get_rect(bottomleft=(text_x, CARD.centery + 2)))
        chips = tr_count("menu.chips", p.balance, amount=money(p.balance))
        chip_img = art.text(chips, fit_font_size(fonts, chips, room, 22), theme.GOLD, bold=True)
        surface.blit(chip_img, chip_img.get_rect(topleft=(text_x, CARD.centery + 6)))
        if self.toast:
            note = art.text(self.toast, 17, theme.PROFILE_NOTE, bold=True)
            surface.blit(note, note.get_rect(midtop=(CARD.centerx, CARD.bottom + 4)))
