"""Emoji in text: a character the text font lacks is drawn from the bundled emoji font (Noto Emoji), glyph by glyph,
so 👍 and 👨‍👩‍👧 draw as themselves beside Vietnamese words, never as boxes, and no text raises."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.art import gfx
from tala_desktop.ui.core.assets import FONT_EMOJI, Fonts, asset_path

NOWHERE = "\U0010FFFD"          # a private-use code point neither font has: the text font's box


def ink(img: pygame.Surface) -> bytes:
    """The image's alpha, row by row (what is drawn, whatever the colour)."""
    return pygame.image.tobytes(img, "RGBA")[3::4]


@pytest.fixture
def plain(pg) -> pygame.font.Font:
    """The text font with no fallback: what every line was drawn with before."""
    return pygame.font.Font(str(Fonts().path()), 24)


def test_the_emoji_font_ships_with_its_licence():
    font = asset_path(FONT_EMOJI)
    assert font.is_file() and font.stat().st_size < 1_500_000
    licence = font.parent / "LICENSE-NotoEmoji.txt"
    assert "SIL Open Font License" in licence.read_text(encoding="utf-8")


@pytest.mark.parametrize("emoji", ["👍", "👨‍👩‍👧", "🎉", "❤️", "🙏🏽", "1️⃣"])
def test_an_emoji_the_text_font_lacks_draws_from_the_emoji_font_not_as_a_box(fonts, plain, emoji):
    font = fonts.font(24)
    box = gfx.render_line(plain, NOWHERE, (255, 255, 255))
    before = gfx.render_line(plain, emoji, (255, 255, 255))
    assert before.get_width() >= box.get_width()            # the text font alone: boxes (the bug)
    img = gfx.render_line(font, emoji, (255, 255, 255))
    assert img.get_height() == font.get_height()            # a line's height is the text font's
    assert ink(img) != ink(gfx.render_line(font, NOWHERE, (255, 255, 255)))
    emoji_font = pygame.font.Font(str(asset_path(FONT_EMOJI)), 20)
    if len(emoji) > 1 and emoji_font.size(emoji)[0] == emoji_font.size(emoji[0])[0]:
        assert img.get_width() < 2 * gfx.render_line(font, emoji[0], (255, 255, 255)).get_width()   # one glyph
    assert gfx.text_size(font, emoji) == img.get_size()


def test_a_line_mixing_words_and_emoji_keeps_the_words_in_the_text_font(fonts, plain):
    font = fonts.font(24)
    words = gfx.text_size(plain, "Hay quá ")[0] + gfx.text_size(plain, " nhé")[0]
    mixed = gfx.text_size(font, "Hay quá 👍 nhé")[0]
    thumb = gfx.text_size(font, "👍")[0]
    assert mixed == words + thumb
    assert gfx.text_size(font, "Nguyễn Thị Ngọc Anh") == plain.size("Nguyễn Thị Ngọc Anh")   # no emoji: unchanged
    assert gfx.text_size(font, "😄") == plain.size("😄")    # the text font's own face stays


@pytest.mark.parametrize("text", ["", "\u200d", "👍\u200d", "\u200d👍", "\ufe0f" * 5, "a\u0301" * 3, "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
                                  "👍" * 300, NOWHERE + "👍", "\ud800👍"])
def test_any_text_draws_without_raising(fonts, text):
    for bold in (False, True):
        font = fonts.font(18, bold)
        img = gfx.render_line(font, text, (0, 0, 0))
        assert gfx.text_size(font, text)[0] == img.get_width()
        gfx.render_text(font, text, (0, 0, 0), 120)
