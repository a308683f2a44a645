"""UI gallery: renders every piece of generated UI art into one PNG, headless.

    python tools/ui_gallery.py /tmp/gallery.png [--language en]

Shows all 52 faces at 110 px, a 70 px hand, backs, the 4-colour deck,
highlights, the felt with avatars, countdown-ring states, chips, buttons and
Vietnamese text, so a person can look at the art after every change.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tala_desktop.engine.cards import card_label  # noqa: E402
from tala_desktop.ui.art import avatars, table_art  # noqa: E402
from tala_desktop.ui.art.card_art import CardArt, card_size  # noqa: E402
from tala_desktop.ui.art.theme import CHIP_COLOURS, EATEN_GOLD, GROUP_COLOURS  # noqa: E402
from tala_desktop.ui.core import i18n  # noqa: E402
from tala_desktop.ui.core.assets import Fonts  # noqa: E402
from tala_desktop.ui.core.i18n import N_  # noqa: E402
from tala_desktop.ui.widgets.controls import Banner, Button, Label, Panel, Toast  # noqa: E402

BG = (18, 74, 44)
HEAD = (255, 226, 140)


def heading(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int]) -> None:
    Label(text, pos, fonts, size=20, colour=HEAD, bold=True).draw(surface)


def draw_cards(surface: pygame.Surface, art: CardArt, fonts: Fonts, y: int) -> tuple[int, float]:
    heading(surface, fonts, "52 faces at 110 px", (20, y))
    y += 32
    w, h = card_size(110)
    start = time.perf_counter()
    faces = [art.face(c, 110) for c in range(52)]
    ms = (time.perf_counter() - start) * 1000
    for c, img in enumerate(faces):
        art.blit_card(surface, img, (20 + (c % 13) * (w + 10), y + (c // 13) * (h + 12)))
    return y + 4 * (h + 12) + 10, ms


def draw_extras(surface: pygame.Surface, art: CardArt, fonts: Fonts, y: int) -> int:
    heading(surface, fonts, "A hand at 70 px · backs · 4-colour deck · highlights (eaten gold, phỏm groups, dimmed)",
            (20, y))
    y += 32
    hand = [39 + 6, 39 + 7, 39 + 8, 10, 36, 23, 14, 30, 12, 37]  # 7♥ 8♥ 9♥ J♠ J♦ J♣ 2♣ 5♦ K♠ Q♦
    w70, h70 = card_size(70)
    step = 40
    gap = 18

    def hand_x(i: int) -> int:
        return 20 + i * step + gap * ((i >= 3) + (i >= 6))

    for i, c in enumerate(hand):  # the phỏm cards are raised, as at the lay-down turn
        art.blit_card(surface, art.face(c, 70), (hand_x(i), y + 24 - (21 if i < 6 else 0)))
    for g in range(2):  # one outline per phỏm group
        rect = pygame.Rect(hand_x(3 * g), y + 3, 2 * step + w70, h70)
        pad = art.shadow_pad(70)
        surface.blit(art.outline(rect.size, GROUP_COLOURS[g], 70), (rect.x - pad, rect.y - pad))
    x = hand_x(9) + w70 + 24
    for name in ("red", "blue", "green"):
        art.blit_card(surface, art.back(110, name), (x, y))
        x += 122
    for c in (13 + 4, 26 + 9, 13 + 12, 26 + 11):
        art.blit_card(surface, art.face(c, 110, four_colour=True), (x, y))
        x += 122
    art.blit_card(surface, art.face(39 + 0, 110), (x, y), glow=EATEN_GOLD)
    art.blit_card(surface, art.dimmed(5, 110), (x + 122, y))
    small_y = y + card_size(110)[1] + 16
    for i, c in enumerate((0, 22, 38, 51, 9, 10)):
        art.blit_card(surface, art.face(c, 48), (20 + i * 56, small_y))
    for i in range(3):
        art.blit_card(surface, art.back(48), (20 + (6 + i) * 56 - i * 40, small_y))
    return small_y + card_size(48)[1] + 20


def draw_table(surface: pygame.Surface, fonts: Fonts, y: int) -> int:
    heading(surface, fonts, "Felt 900x506 · avatars · turn ring at 30, 20, 10, 7, 4, 1 s of 30 · chips", (20, y))
    y += 32
    felt = table_art.felt((900, 506))
    names = ["Bạn", "Lan", "Minh", "Hùng", "Nguyễn Văn Đức", "Ánh"]
    for i, (name, left) in enumerate(zip(names, (30, 20, 10, 7, 4, 1))):
        cx, cy = 120 + i * 135, 150
        img = avatars.disc(name, avatars.avatar_colour(name), 76, fonts)
        felt.blit(img, img.get_rect(center=(cx, cy)))
        table_art.draw_countdown_ring(felt, (cx, cy), 41, left, 30, 7)
        Label(name, (cx, cy + 56), fonts, size=16, bold=True, anchor="center").draw(felt)
        Label(f"{left} s", (cx, cy + 78), fonts, size=14, anchor="center").draw(felt)
    for i, colour in enumerate(CHIP_COLOURS.values()):
        felt.blit(table_art.chip(44, colour), (230 + i * 56, 300))
    Label(i18n.tr("table.stock", count=11), (450, 400), fonts, size=26, bold=True, anchor="center").draw(felt)
    surface.blit(felt, (20, y))
    return y + 506 + 20


def draw_widgets(surface: pygame.Surface, fonts: Fonts, x: int, y: int) -> None:
    heading(surface, fonts, "Buttons: normal, glow, hover, pressed, disabled", (x, y))
    y += 34
    keys = [N_("btn.eat"), N_("btn.draw"), N_("btn.discard"), N_("btn.sort"), N_("btn.lay"), N_("btn.send"),
            N_("btn.u"), N_("btn.u_khan"), N_("btn.skip"), N_("btn.hint"), N_("btn.new_game")]
    styles = ["primary", "green", "blue", "dark", "primary", "blue", "red", "red", "dark", "dark", "green"]
    for i, (key, style) in enumerate(zip(keys, styles)):
        b = Button((x + (i % 4) * 150, y + (i // 4) * 66, 136, 50), i18n.tr(key), fonts, style=style)
        b.glow = i == 0
        b.update(0.0)
        b.hovered = i == 2
        b.pressed = b.hovered = b.hovered or i == 3
        b.pressed = i == 3
        b.enabled = i != 9
        b.draw(surface)
    y += 3 * 66 + 12
    panel = Panel((x, y, 600, 440))
    panel.draw(surface)
    lines = [
        (N_("menu.play_bots"), {}), (N_("menu.play_lan"), {}), (N_("menu.settings"), {}), (N_("menu.rules"), {}),
        (N_("status.ate"), {"name": "Lan", "card": card_label(39 + 6), "victim": "Bạn", "amount": 2}),
        (N_("status.must_lay"), {}), (N_("status.cannot_discard_eaten"), {"card": card_label(39 + 6)}),
        (N_("status.turn"), {"name": "Hùng"}), (N_("table.cards"), {"count": 9}),
        (N_("setup.bot_level"), {}), (N_("setup.level.easy"), {}), (N_("setup.turn_seconds"), {}),
    ]
    for i, (key, kw) in enumerate(lines):
        Label(i18n.tr(key, **kw), (x + 20, y + 16 + i * 26), fonts, size=18).draw(surface)
    ranks = "  ".join(i18n.tr(k) for k in (N_("rank.1"), N_("rank.2"), N_("rank.3"), N_("rank.last"), N_("rank.mom"),
                                            N_("rank.u"), N_("rank.u_tron"), N_("rank.u_khan"), N_("rank.den")))
    Label(ranks, (x + 20, y + 16 + len(lines) * 26 + 6), fonts, size=18, bold=True, colour=HEAD).draw(surface)
    toast = Toast((x + 300, y + 410), fonts, size=20)
    toast.show(i18n.tr("status.ate", name="Minh", card="Q♦", victim="Lan", amount=i18n.money(12300)))
    toast.update(1.0)
    toast.draw(surface)
    for i, (key, colour) in enumerate(((N_("banner.eat"), (255, 214, 64)), (N_("banner.u_tron"), (255, 120, 60)),
                                       (N_("banner.mom"), (200, 210, 230)))):
        banner = Banner((x + 100 + i * 200, y + 500), fonts, size=48)
        banner.show(i18n.tr(key), colour)
        banner.update(0.2 if i == 2 else 1.0)  # the last one mid-pop
        banner.draw(surface)


def render(language: str = "vi") -> tuple[pygame.Surface, float]:
    """The whole gallery surface and the milliseconds taken by the 52 faces at 110 px."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    i18n.set_language(language)
    fonts = Fonts()
    art = CardArt(fonts)
    surface = pygame.Surface((1600, 1800))
    surface.fill(BG)
    y, ms = draw_cards(surface, art, fonts, 16)
    y = draw_extras(surface, art, fonts, y)
    draw_table(surface, fonts, y)
    draw_widgets(surface, fonts, 940, y)
    return surface, ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("output", help="PNG path to write")
    parser.add_argument("--language", choices=i18n.LANGUAGES, default="vi", help="language of the texts")
    args = parser.parse_args(argv)
    surface, ms = render(args.language)
    pygame.image.save(surface, args.output)
    print(f"wrote {args.output} ({surface.get_width()}x{surface.get_height()}); 52 faces at 110 px: {ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
