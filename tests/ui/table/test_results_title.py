"""The results' title speaks to you when you win ("You win!", never "You wins!"), and names anyone else."""

from __future__ import annotations

from tala_desktop.engine import Outcome, OutcomeKind
from tala_desktop.ui.core import i18n
from tala_desktop.ui.table.results_rows import results_title


class Shown:
    """What the title reads of the model: the names as shown, your seat, the outcome."""

    def __init__(self, names: list[str], me: int, kind: OutcomeKind = OutcomeKind.SHOWDOWN) -> None:
        self.names, self.me = names, me
        self.outcome = Outcome(kind, 0, None, (0, 1), ("nhat", "nhi"), (3, 20), (100, -100))


def test_the_title_says_you_win_in_both_languages():
    i18n.set_language("en")
    assert results_title(Shown(["You", "Lan"], 0), 0) == "You win!"
    assert results_title(Shown(["You", "Lan"], 0), 1) == "Lan wins!"
    i18n.set_language("vi")
    assert results_title(Shown(["Bạn", "Lan"], 0), 0) == "Bạn thắng!"
    assert results_title(Shown(["Bạn", "Lan"], 0), 1) == "Lan thắng!"
