"""Look-alike names: every letter a LAN name may hold folds to the plain letters (or digit) it passes for.

A name that only differs from one at the table by such a letter sits under a number ("Lan (2)"), so the
host's mute and kick, and everyone's eyes, never mix two people up (net/names.py)."""

from __future__ import annotations

import pytest

from tala_desktop.net.names import allowed_name_char as _allowed_name_char
from tala_desktop.net.names import name_key, unique_name

NAME_LETTERS = [chr(c) for c in (*range(0x20, 0x7F), *range(0xC0, 0x250), *range(0x1E00, 0x1F00))
                if _allowed_name_char(chr(c))]


@pytest.mark.parametrize("look_alike,name", [("ǀan", "Lan"), ("Ɩan", "Lan"), ("ɩan", "Lan"), ("Ɗức", "Đức"),
                                             ("ɗức", "Đức"), ("Hǀnh", "Hinh"), ("Ɩinh", "Linh")])
def test_the_dental_click_the_iota_and_the_hooked_d_pass_for_their_plain_letter(look_alike, name):
    assert name_key(look_alike) == name_key(name)
    assert unique_name(look_alike, [name]) == f"{look_alike} (2)"


@pytest.mark.parametrize("look_alike,name", [("Ŋam", "Nam"), ("Ǝm", "Em"), ("Əm", "Em"), ("Ƴến", "Yến"),
                                             ("Ƀảo", "Bảo"), ("Ǣ", "Ae"), ("Ǿanh", "Oanh"), ("ŉam", "nam"),
                                             ("Lanǃ", "Lan"), ("Ⱥn", "An"), ("Ʈâm", "Tâm"), ("Ʒ", "3")])
def test_other_letters_unicode_does_not_decompose_fold_too(look_alike, name):
    assert name_key(look_alike) == name_key(name)


@pytest.mark.parametrize("ch", NAME_LETTERS)
def test_every_letter_a_name_may_hold_folds_to_plain_letters_or_digits(ch):
    key = name_key(ch)
    assert key == "" or (key.isascii() and key.isalnum()), (f"U+{ord(ch):04X}", key)
