"""I18n: every key in both languages, matching placeholders, and the bundled font draws every character."""

from __future__ import annotations

import string

import pygame
import pygame.freetype
import pytest

from tala_desktop.engine.cards import card_label
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.assets import Fonts
from tests.translations import every_text, messages

EXTRA_TEXT = "".join(card_label(c) for c in range(52)) + "0123456789.,:;!?%+-−×·…()[]/'\"«» ≡⚙"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_has_both_languages_with_the_same_placeholders():
    assert i18n.LANGUAGES == ("vi", "en")
    vi, en = messages("vi"), messages("en")
    assert vi.keys() == en.keys() and len(en) > 600
    for key in en:
        assert all(text.strip() for text in vi[key] + en[key]), key
        assert {frozenset(_fields(t)) for t in vi[key] + en[key]} == {frozenset(_fields(en[key][-1]))}, key


def test_the_table_strings_are_present():
    vi = {key: texts[0] for key, texts in messages("vi").items()}
    for word in ("Ăn", "Bốc", "Đánh", "Hạ", "Gửi", "Ù", "Ù khan", "Bỏ qua", "Xếp bài", "Gợi ý",
                 "Chơi với máy", "Chơi qua mạng LAN", "Cài đặt", "Luật chơi", "Thoát", "Chơi tiếp",
                 "Nhất", "Nhì", "Ba", "Bét", "Móm", "Ù tròn", "Đền", "Ván mới", "Dễ", "Thường", "Khó",
                 "Bạn phải hạ bài"):
        assert word in vi.values(), word


def _all_characters() -> set[str]:
    chars = set(EXTRA_TEXT)
    for text in every_text():
        chars.update(text)
    return chars


@pytest.mark.parametrize("bold", [False, True])
def test_the_bundled_font_has_a_glyph_for_every_character(pg, bold):
    """freetype's get_metrics gives None for a glyph the font lacks (pygame.font.metrics
    does not: it measures the .notdef box), and the text renderer must not draw that box."""
    fonts = Fonts()
    face = pygame.freetype.Font(str(fonts.path(bold)), 24)
    chars = sorted(_all_characters())
    missing = [ch for ch, m in zip(chars, face.get_metrics("".join(chars))) if m is None]
    assert not missing, f"no glyph for {missing!r}"
    font = fonts.font(24, bold=bold)
    notdef = pygame.image.tobytes(font.render("\uffff", True, (0, 0, 0)), "RGBA")
    boxes = [ch for ch in chars if pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == notdef]
    assert not boxes, f"drawn as a box: {boxes!r}"


def test_the_check_catches_missing_glyphs(pg):
    """The same check fails on pygame's default font, which has no Vietnamese letters."""
    default = pygame.freetype.Font(None, 24)
    assert None in default.get_metrics("Phỏm Ù tròn Gửi Đền")
    ours = pygame.freetype.Font(str(Fonts().path()), 24)
    assert ours.get_metrics("漢")[0] is None


def test_tr_formats_and_switches_language():
    assert i18n.get_language() == "vi"
    assert i18n.tr("btn.eat") == "Ăn"
    line = i18n.tr("status.ate", name="Lan", card="7♥", victim="Bạn", amount=2)
    assert line == "Lan ăn 7♥ của Bạn (2 cược)"
    assert i18n.tr("status.cannot_discard_eaten", card="7♥") == "Không thể đánh 7♥: lá đã ăn"
    i18n.set_language("en")
    assert i18n.tr("btn.eat") == "Eat"
    assert i18n.tr("table.stock", count=11) == "Stock 11"
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_unknown_keys_and_bad_arguments_never_crash():
    assert i18n.tr("no.such.key") == "no.such.key"
    assert i18n.tr("table.cards", wrong=1) == "{count} lá"


def test_money_groups_thousands_the_local_way():
    assert i18n.money(12300) == "12.300"
    assert i18n.money(-1500000) == "-1.500.000"
    i18n.set_language("en")
    assert i18n.money(12300) == "12,300"
    assert i18n.money(7) == "7"
