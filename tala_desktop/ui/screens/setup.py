"""SetupScene: the new-game page — players, each bot's name and level, bet, turn seconds, rule preset, "Bắt đầu".

The page edits a ``GameChoices``; "Bắt đầu" is enabled only when
``GameChoices.errors`` is empty and hands the choices to ``on_start``
(the app builds the table and pushes the table scene). The choices are
remembered for the run in ``RunState.last_game``; the bet, the
seconds per turn, the preset and each bot's level also go to the settings,
so the next run starts from them. The rules
are Zingplay, Cơ bản or Tùy chỉnh; "Sửa luật…" opens the house-rules editor
on the rules chosen so far, and the custom switches it returns are kept for
the run in ``RunState.custom_rules`` (the settings keep them too, for the
next run). When your chips cannot cover the smallest bet, the page says so
beside "Bắt đầu" and offers "Nhận chip miễn phí", or says when the next free
chips come (free_chips.py).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable

import pygame

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Rules, RulesError

from ..art import gfx, theme
from ..art.theme import ERROR, LABEL, TEXT
from ..core.choice_words import level_guide, level_name, preset_description, preset_name
from ..core.i18n import N_, money, tr, tr_count
from ..core.names import shown_name
from ..frames.page import PANEL, PageScene, fit_font_size, wrap_text
from ..shared.new_game import (
    BET_CHOICES,
    BOT_LEVELS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESET_CHOICES,
    RULE_CHOICES,
    START_BALANCE,
    TURN_SECONDS_CHOICES,
    GameChoices,
)
from ..shared.run_state import RunState
from ..shared.services import Services
from ..shared.store_bridge import profile_look, save_ui_settings
from ..widgets.controls import Button
from ..widgets.form import Segmented, TextField
from .free_chips import FreeChipsOffer
from .house_rules import as_custom, describe, matching_preset
from .house_rules_editor import HouseRulesScene

DESC_LINES = 3
LEFT = pygame.Rect(PANEL.x + 36, PANEL.y + 28, 548, 0)
RIGHT = pygame.Rect(PANEL.x + 652, PANEL.y + 28, 432, 0)
DIVIDER_X = PANEL.x + 618
LEVEL_W = 284
ROW_H = 74
AVATAR = 50
OFFER_BUTTON = (260, 54)


def player_balance(services: Services) -> int:
    """Your chips: the wallet's balance, or ``START_BALANCE`` when the app runs without a store."""
    store = services.store
    return store.profile().balance if store is not None else START_BALANCE


def initial_choices(services: Services, run: RunState) -> GameChoices:
    """The last choices of this run, or the defaults from the settings."""
    last = run.last_game
    if last is not None:
        choices = copy.deepcopy(last)
    else:
        s = services.settings
        choices = GameChoices(bet=s.default_bet if s.default_bet in BET_CHOICES else 100,
                              turn_seconds=s.turn_seconds if s.turn_seconds in TURN_SECONDS_CHOICES else 30,
                              preset=s.default_preset if s.default_preset in PRESET_CHOICES else "zingplay")
        for bot, level in zip(choices.bots, s.bot_levels):     # the levels of the last game set up
            if level in BOT_LEVELS:
                bot.level = BotLevel(level)
    custom = run.custom_rules
    if custom is None and services.settings.custom_rules:  # kept from an earlier run
        try:
            custom = run.custom_rules = Rules.from_dict(services.settings.custom_rules)
        except RulesError:
            custom = None
    if custom is not None:
        choices.custom_rules = custom
    return choices


class SetupScene(PageScene):
    """Choose the table, then start it."""

    title_key = N_("setup.title")

    def __init__(self, services: Services, run: RunState, on_start: Callable[[GameChoices], None]) -> None:
        self.run = run
        self.on_start = on_start
        self.choices = initial_choices(services, run)
        self.balance = player_balance(services)
        self.name_fields: list[TextField] = []
        self.level_pickers: list[Segmented] = []
        super().__init__(services)

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        fonts, c = self.services.fonts, self.choices
        self.players = Segmented((LEFT.right - 240, LEFT.y, 240, 50),
                                 [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                                 c.players, fonts, self._set_players, size=22)
        self.name_fields, self.level_pickers = [], []
        levels = [(lv, level_name(lv)) for lv in BOT_LEVELS]
        for i, bot in enumerate(c.bots):
            y = self._row_y(i + 1)
            field = TextField((LEFT.x + AVATAR + 16, y, LEFT.w - AVATAR - LEVEL_W - 28, 48), bot.name, fonts,
                              MAX_NAME_LENGTH, functools.partial(self._set_name, i), size=21)
            picker = Segmented((LEFT.right - LEVEL_W, y, LEVEL_W, 48), levels, bot.level, fonts,
                               functools.partial(self._set_level, i), size=18)
            self.name_fields.append(field)
            self.level_pickers.append(picker)
        seconds = [(s, tr("setup.no_clock") if s == 0 else str(s)) for s in TURN_SECONDS_CHOICES]
        self.bet = Segmented((RIGHT.x, RIGHT.y + 34, RIGHT.w, 50), [(b, money(b)) for b in BET_CHOICES], c.bet,
                             fonts, self._set("bet"), size=19)
        self.seconds = Segmented((RIGHT.x, RIGHT.y + 152, RIGHT.w, 50), seconds, c.turn_seconds, fonts,
                                 self._set("turn_seconds"), size=19)
        self.preset = Segmented((RIGHT.x, RIGHT.y + 270, RIGHT.w, 50),
                                [(p, preset_name(p)) for p in RULE_CHOICES], c.preset, fonts,
                                self._set_preset, size=20)
        self.edit_button = Button((RIGHT.right - 176, RIGHT.y + 222, 176, 38), tr("house.edit"), fonts,
                                  self.edit_rules, style="dark", font_size=18)
        self.start_button = Button((PANEL.right - 290, PANEL.bottom - 96, 254, 70), tr("btn.start"), fonts,
                                   self.start, style="primary", font_size=30)
        self.offer = FreeChipsOffer(self.services, self._claimed, font_size=19)
        w, h = OFFER_BUTTON
        start = self.start_button.rect
        self.offer.button.rect = pygame.Rect(start.x - 20 - w, start.centery - h // 2, w, h)
        self.widgets.extend([self.players, *self.name_fields, *self.level_pickers, self.bet, self.seconds,
                             self.preset, self.edit_button, self.start_button, self.offer.button])
        self._refresh()

    def _row_y(self, seat: int) -> int:
        return LEFT.y + 82 + seat * ROW_H

    def _set(self, attr: str) -> Callable[[object], None]:
        def apply(value: object) -> None:
            setattr(self.choices, attr, value)
            self._refresh()
        return apply

    def _set_preset(self, preset: str) -> None:
        c = self.choices
        if preset == "custom" and c.custom_rules is None:
            self._keep_custom(c.rules())              # Tùy chỉnh starts from the rules chosen so far
        c.preset = preset
        self._refresh()

    def _keep_custom(self, rules: Rules) -> None:
        self.choices.custom_rules = self.run.custom_rules = as_custom(rules)
        self.services.settings.custom_rules = self.choices.custom_rules.to_dict()  # saved with the settings

    def edit_rules(self) -> None:
        """Open the house-rules editor on the rules chosen so far."""
        for field in self.name_fields:
            field.focus(False)
        if self.stack is not None:
            self.stack.push(HouseRulesScene(self.services, self.choices.rules(), self._rules_edited))

    def _rules_edited(self, rules: Rules) -> None:
        """The editor's "Xong": a named preset if the switches are exactly one, else Tùy chỉnh with them."""
        named = matching_preset(rules)
        if named is None:
            self._keep_custom(rules)
        self.choices.preset = self.preset.value = named or "custom"
        self._refresh()

    def _set_players(self, n: int) -> None:
        self.choices.players = n
        self._refresh()

    def _set_name(self, i: int, text: str) -> None:
        self.choices.bots[i].name = text
        self._refresh()

    def _set_level(self, i: int, level: str) -> None:
        self.choices.bots[i].level = BotLevel(level)

    def _refresh(self) -> None:
        """Show the rows of the seats in play and enable "Bắt đầu" only when the choices are valid."""
        for i, (field, picker) in enumerate(zip(self.name_fields, self.level_pickers)):
            field.visible = picker.visible = i < self.choices.players - 1
            if not field.visible:
                field.focus(False)
        problems = self.choices.problems(self.services.settings.player_name, self.balance)
        self.errors = [message for _, message in problems]
        bad = {seat for seat, _ in problems if seat is not None}
        for i, field in enumerate(self.name_fields):
            field.error = i + 1 in bad
        self.start_button.enabled = not self.errors
        self.invalidate()

    def _claimed(self, given: int) -> None:
        """The free chips were had (``given``): the wallet and what it allows again."""
        self.balance = player_balance(self.services)
        self._refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.offer.refresh(dt):             # the wallet or the day changed (midnight: the top-up is back)
            self._claimed(0)

    def offer_lines(self) -> list[tuple[str, int, pygame.Rect]]:
        """What the page says of your chips when they cannot cover the smallest bet: each line, its type size and
        where it goes (left of the offer's button, or of Bắt đầu)."""
        right = (self.offer.button.rect.x if self.offer.button.visible else self.start_button.rect.x) - 20
        lines = self.offer.lines()
        out = []
        y = self.start_button.rect.centery - 13 * len(lines)
        for i, line in enumerate(lines):
            size = fit_font_size(self.services.fonts, line, right - LEFT.x, 19 if i == 0 else 17, bold=i == 0)
            w, h = gfx.text_size(self.services.fonts.font(size, bold=i == 0), line)
            out.append((line, size, pygame.Rect(LEFT.x, y, w, h)))
            y += 26
        return out

    def shown_texts(self) -> list[str]:
        """What the page says beside Bắt đầu: the free chips offer, else the first problem with the choices."""
        if self.offer.shown:
            return [line for line, _, _ in self.offer_lines()]
        return self.errors[:1]

    def offer_rects(self) -> list[pygame.Rect]:
        return [rect for _, _, rect in self.offer_lines()]

    # -- actions -----------------------------------------------------------------------------
    def start(self) -> None:
        """Begin the game if the choices are valid (the button is disabled otherwise)."""
        self._refresh()
        if self.errors:
            return
        for field in self.name_fields:
            field.focus(False)
        s, c = self.services.settings, self.choices
        s.default_bet, s.turn_seconds = c.bet, c.turn_seconds
        s.bot_levels = tuple(b.level for b in c.bots)
        if c.preset in PRESET_CHOICES:       # Tùy chỉnh keeps its switches in settings.custom_rules
            s.default_preset = c.preset
        save_ui_settings(self.services)
        self.run.last_game = copy.deepcopy(self.choices)
        self.on_start(copy.deepcopy(self.choices))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:  # a click anywhere else ends typing
            for field in self.name_fields:
                if not field.rect.collidepoint(event.pos):
                    field.focus(False)
        super().handle_event(event)

    def on_key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_button.click()

    def on_exit(self) -> None:
        for field in self.name_fields:
            field.focus(False)

    # -- drawing -------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        art = self.art
        heading = art.text(tr("setup.players"), 24, LABEL, bold=True)
        surface.blit(heading, heading.get_rect(midleft=(LEFT.x, self.players.rect.centery)))
        divider = art.divider(LEFT.w)
        surface.blit(divider, (LEFT.x, LEFT.y + 76))
        names = [shown_name(self.services.settings.player_name)] + [b.name for b in self.choices.bots]
        for seat in range(self.choices.players):
            y = self._row_y(seat)
            look = profile_look(self.services) if seat == 0 else None   # yours as the profile chose it
            face = self.services.faces.face(names[seat], look, AVATAR)
            surface.blit(face, (LEFT.x, y - 1))
            if seat == 0:
                you = art.text(names[0], 22, TEXT, bold=True)
                surface.blit(you, you.get_rect(midleft=(LEFT.x + AVATAR + 28, y + 24)))
                note = art.text(tr("setup.you"), 18, theme.QUIET)
                surface.blit(note, note.get_rect(midleft=(LEFT.right - LEVEL_W + 14, y + 24)))
        y = self._row_y(self.choices.players) - 6
        for line in self.level_guide_lines():
            img = art.text(line, 17, theme.QUIET)
            surface.blit(img, (LEFT.x, y))
            y += 23
        self._draw_right(surface)
        if self.offer.shown:
            for i, (line, size, rect) in enumerate(self.offer_lines()):
                surface.blit(art.text(line, size, ERROR if i == 0 else theme.DESCRIPTION, bold=i == 0), rect)
        elif self.errors:
            err = art.text(self.errors[0], 19, ERROR, bold=True)
            surface.blit(err, err.get_rect(midleft=(LEFT.x, self.start_button.rect.centery)))

    def _draw_right(self, surface: pygame.Surface) -> None:
        art = self.art
        pygame.draw.line(surface, theme.PANEL_GOLD, (DIVIDER_X, PANEL.y + 40), (DIVIDER_X, PANEL.bottom - 130))
        rows = ((N_("setup.bet"), self.bet), (N_("setup.turn_seconds"), self.seconds), (N_("setup.rules"), self.preset))
        for key, widget in rows:
            label = art.text(tr(key), 22, LABEL, bold=True)
            surface.blit(label, (RIGHT.x + 4, widget.rect.y - 34))
        y = self.preset.rect.bottom + 12
        for line in self.description_lines():
            img = art.text(line, 18, theme.DESCRIPTION)
            surface.blit(img, (RIGHT.x + 4, y))
            y += 25
        key = N_("setup.your_chips") if self.services.store is not None else N_("setup.balance")
        note = art.text(tr_count(key, self.balance, amount=money(self.balance)), 18, theme.QUIET)
        surface.blit(note, (RIGHT.x + 4, y + 14))

    def level_guide_lines(self) -> list[str]:
        """Under the seats: what each bot level does, in a line or two each."""
        font = self.services.fonts.font(17)
        return [line for lv in BOT_LEVELS for line in wrap_text(font, level_guide(lv), LEFT.w)]

    def description_lines(self) -> list[str]:
        """The text under the rule choice: the preset's description, or what the custom rules change."""
        font, c = self.services.fonts.font(18), self.choices
        def wrap(text: str) -> list[str]:
            return wrap_text(font, text, RIGHT.w - 8)
        if c.preset == "custom":
            return describe(c.rules(), wrap, DESC_LINES)
        return wrap(preset_description(c.preset))
