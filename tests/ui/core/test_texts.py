"""Texts in both languages: a default name follows the language, singular forms for a count of one, no Vietnamese
in English table texts."""

from __future__ import annotations

import re

import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.table import Table
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr, tr_count
from tala_desktop.ui.core.names import is_default_name, lan_name, shown_name
from tala_desktop.ui.shared.new_game import BotChoice, GameChoices, table_config
from tests.translations import messages, plural_ids
from tests.ui.table_helpers import Driver, make_services

# placeholders that hold a number of things (an English noun after one of them takes a plural s)
COUNTED = {"count", "amount", "points", "total", "players", "n", "bets"}
VIETNAMESE_ONLY = set("ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ")


def test_a_default_name_is_shown_in_the_current_language():
    assert shown_name("Bạn") == "Bạn" and shown_name("  ") == "Bạn"
    i18n.set_language("en")
    assert shown_name("Bạn") == "You" and shown_name("you") == "You" and shown_name("") == "You"
    assert shown_name(" Hương ") == "Hương"
    i18n.set_language("vi")
    assert shown_name("You") == "Bạn"
    assert is_default_name("BẠN") and not is_default_name("Bạn bè")


def test_a_default_name_joins_the_lan_as_player_not_as_you():
    i18n.set_language("en")
    assert lan_name("Bạn") == "Player" and lan_name("Minh") == "Minh"
    i18n.set_language("vi")
    assert lan_name("You") == "Người chơi"


def test_an_english_table_names_you_in_english(pg, fonts):
    """The stored default "Bạn" at an English table: the seat, your plate and the results say "You"."""
    i18n.set_language("en")
    choices = GameChoices(players=2, bots=[BotChoice("Lan", "easy")], turn_seconds=0)
    table = Table(table_config(choices, "Bạn"), InlineRunner())
    assert table.config.seats[0].name == "You"
    drv = Driver(table, make_services(fonts))
    drv.until(lambda: drv.scene.model is not None)
    assert drv.scene.model.names[0] == "You"
    drv.scene.close()


def test_a_resumed_vietnamese_game_shows_you_in_english(pg, fonts):
    """A table whose seat was named "Bạn" (a game saved in Vietnamese) shows "You" once the language is English."""
    choices = GameChoices(players=2, bots=[BotChoice("Lan", "easy")], turn_seconds=0)
    table = Table(table_config(choices, "Bạn"), InlineRunner())
    i18n.set_language("en")
    drv = Driver(table, make_services(fonts))
    drv.until(lambda: drv.scene.model is not None)
    assert drv.scene.model.names == ["You", "Lan"]
    drv.scene.close()


def _counted_plurals() -> list[str]:
    """Keys whose English text puts a counted placeholder before a plural noun ("{count} cards")."""
    out = []
    for key, texts in messages("en").items():
        en = texts[-1]
        for m in re.finditer(r"\{(\w+)\}\)? (?:\w+ )?(\w+s)\b", en):
            if m.group(1) in COUNTED and m.group(2) not in ("is", "was", "has"):
                out.append(key)
                break
    return out


def test_every_counted_noun_has_a_singular_form():
    keys = _counted_plurals()
    assert {"table.cards", "status.ate", "history.page", "lan.server_row"} <= set(keys)  # the scan finds them
    missing = [k for k in keys if k not in plural_ids()]
    assert not missing, f"no singular form: {missing}"


@pytest.mark.parametrize("key,n,args,want", [
    ("status.ate", 1, dict(name="Lan", card="7♥", victim="you", amount="+1"), "Lan eats 7♥ from you (+1 bet)"),
    ("status.ate", 2, dict(name="Lan", card="7♥", victim="you", amount="2"), "Lan eats 7♥ from you (2 bets)"),
    ("table.cards", 1, dict(count=1), "1 card"),
    ("table.cards", 9, dict(count=9), "9 cards"),
    ("table.points", -1, dict(points=-1), "-1 point"),
    ("history.page", 1, dict(page=1, pages=1, total=1), "Page 1/1 · 1 game"),
    ("lan.server_row", 1, dict(name="Hà's table", players=1, bet="100"), "Hà's table · 1 player · bet 100"),
])
def test_english_says_one_thing_in_the_singular(key, n, args, want):
    i18n.set_language("en")
    assert tr_count(key, n, **args) == want


def test_vietnamese_has_one_form():
    assert tr_count("table.cards", 1, count=1) == "1 lá" == tr("table.cards", count=1)


def test_english_table_and_lan_texts_hold_no_vietnamese_letters():
    """What the English table and LAN screens say is English (names of the game's own terms aside)."""
    allowed = {"Ù", "Ù khan", "Ù tròn", "Móm", "móm", "Phỏm", "phỏm", "Tá Lả", "Tá lả", "cạ", "chốt", "đền", "Đền",
               "Tiếng Việt"}
    leaks = []
    for key, texts in messages("en").items():
        en = " ".join(texts)
        if not key.startswith(("table.", "status.", "lan.", "lobby.", "results.", "net.")):
            continue
        text = en
        for word in sorted(allowed, key=len, reverse=True):
            text = text.replace(word, "")
        if set(text.lower()) & VIETNAMESE_ONLY:
            leaks.append((key, en))
    assert not leaks
