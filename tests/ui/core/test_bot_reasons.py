"""Bot reasons through the text catalog: every key a bot can emit exists in both languages, every reason of real
games reads as words in each, and the hint says its move once."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from tala_desktop.bots import Reason, make_bot
from tala_desktop.engine import GameState, Rules
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.reasons import reason_text
from tala_desktop.ui.table.guide import describe
from tests.ui.table_helpers import Driver, make_services, make_table

BOTS = Path(__file__).resolve().parents[3] / "tala_desktop" / "bots"
VIETNAMESE_ONLY = set("ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ")
GAME_TERMS = ("phỏm", "Phỏm", "Móm", "cạ", "Ù khan", "Ù")


def emitted_keys() -> set[str]:
    """Every literal reason key in the bots' source (``Reason("bot.x"`` and the move keys Hard names)."""
    keys = set()
    for path in BOTS.glob("*.py"):
        keys |= set(re.findall(r'Reason\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
    return keys


def test_every_reason_key_in_the_bots_is_in_the_catalog():
    keys = emitted_keys()
    assert len(keys) >= 20
    assert not [k for k in keys if not i18n.has_text(k)]


def _english_ok(text: str) -> bool:
    for term in GAME_TERMS:
        text = text.replace(term, "")
    return not set(text.lower()) & VIETNAMESE_ONLY


@pytest.mark.parametrize("levels", [("easy", "normal", "random"), ("normal", "hard", "normal")])
def test_the_reasons_of_real_games_read_as_words_and_never_repeat_the_move(levels):
    seen = set()
    for seed in range(3):
        rules = Rules(players=len(levels))
        bots = [make_bot(lv, seed * 7 + i, **({"max_samples": 4} if lv == "hard" else {}))
                for i, lv in enumerate(levels)]
        st = GameState.new(rules, seed=seed, leader=seed % rules.players)
        while not st.is_over:
            d = bots[st.to_move].decide(st.view(st.to_move))
            for language in ("vi", "en"):
                i18n.set_language(language)
                text = reason_text(d.reason)
                assert text and "{" not in text and "bot." not in text, (d.reason, text)
                move = describe(d.move)
                assert move not in text or d.move.kind not in ("discard", "send"), (move, text)
                if language == "en":
                    assert _english_ok(text), text
                wire = msgspec.json.decode(msgspec.json.encode(d.reason))   # the LAN's dict form
                assert reason_text(wire) == text
            seen.add(d.reason.key)
            st.push(d.move)
    i18n.set_language("vi")
    assert len(seen) >= 5


def test_singular_and_nested_reasons():
    i18n.set_language("en")
    assert reason_text(Reason("bot.eat_completes", {"phom": "5♥-6♥-7♥", "bets": 1})) == \
        "it completes 5♥-6♥-7♥ for 1 bet"
    nested = Reason("bot.search_better", {"gain": 0.5, "other": Reason("move.discard", {"card": "Q♦"}),
                                          "samples": 16})
    assert reason_text(nested) == "+0.50 bets better than discard Q♦ over 16 sampled deals"
    assert reason_text({"key": "bot.no_such_reason", "args": {}}) == ""
    assert reason_text("not a reason") == ""


def test_the_hint_names_its_move_once(pg, fonts):
    drv = Driver(make_table(seed=5, seconds=0), make_services(fonts))
    sc = drv.scene
    drv.until(lambda: sc.model is not None and sc.accepting_input and sc.model.my_turn)
    drv.click_button("hint")
    drv.until(lambda: sc.status_line()[0].startswith("Gợi ý"))
    line = sc.status_line()[0]
    assert line.startswith("Gợi ý: ") and "(" in line
    move = line[len("Gợi ý: "):line.index(" (")]
    assert line.count(move) == 1, line
    sc.close()
