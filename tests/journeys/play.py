"""A player's moves at the table, made only by clicks where things are drawn (the journeys' shared steps).

Buttons are found by their words in the language shown, so a journey may play in either language.
"""

from __future__ import annotations

from tala_desktop.engine import GameState
from tala_desktop.engine.cards import card_str
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table.model import TableModel
from tala_desktop.ui.table.picture import HINT
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene

from .driver import Journey, JourneyError

TURN_WAIT = 60.0      # stepped seconds to wait for my turn to come round (bots think 0.8 s a move)


def start_new_game(j: Journey, players: int | None = None, seconds: str | None = None,
                   levels: tuple[str, ...] = ()) -> None:
    """Menu → Chơi với máy → (the choices) → Bắt đầu (in the language shown): the table of a new game is on screen."""
    j.until(lambda: tr("menu.play_bots") in j.labels(), 2.0, "the menu")
    j.click(tr("menu.play_bots"))
    if players is not None:
        j.click(str(players))
    for seat, level in enumerate(levels):
        j.click(level, nth=seat)
    if seconds is not None:
        j.click(seconds)
    j.click(tr("btn.start"))
    j.until(lambda: table_shown(j), 2.0, "the new table")


def scene(j: Journey) -> TableScene:
    top = j.top
    if not isinstance(top, TableScene):
        raise JourneyError(f"the table is not on top ({j.scene_name()} is)")
    return top


def table_shown(j: Journey) -> bool:
    """The table is on top with a game on it (not the empty felt of a table still waiting)."""
    top = j.top
    return isinstance(top, TableScene) and top.model is not None


def my_turn_shown(j: Journey) -> bool:
    """The table is on top with my turn on it, and it takes my clicks."""
    top = j.top
    return (isinstance(top, TableScene) and top.model is not None and top.model.my_turn
            and not top.model.is_over and top.accepting_input)


def game_state(j: Journey) -> GameState:
    """The game as the app's table holds it (the truth the screen is checked against, never an input)."""
    clients = j.games.clients
    if not clients or clients[-1].table.state is None:
        raise JourneyError("no table is playing")
    return clients[-1].table.state


def model(j: Journey) -> TableModel:
    """What the table on top shows (its model of the last snapshot)."""
    m = scene(j).model
    if m is None:
        raise JourneyError("the table shows no game yet")
    return m


def clock(j: Journey, seat: int | None = None) -> tuple[float, float]:
    """(seconds left, turn seconds) of ``seat``'s clock (mine by default) as the ring shows it; (0, 0): none."""
    sc = scene(j)
    return sc.clock_remaining(model(j).me if seat is None else seat)


def hand(j: Journey) -> list[str]:
    """My cards as the hand shows them, left to right."""
    return [card_str(c) for c in scene(j).hand.order]


def mode(j: Journey) -> str:
    """My step as the table shows it: take, lay, send, discard or wait."""
    return scene(j).highlights.mode


def wait_my_turn(j: Journey, seconds: float = TURN_WAIT) -> float:
    return j.until(lambda: my_turn_shown(j) or game_over(j), seconds, "my turn")


def results_read(j: Journey) -> bool:
    """The results are on top and have been seen for the moment in which they take no click (a click landing as
    they appear was meant for the table)."""
    top = j.top
    return isinstance(top, ResultsOverlay) and not top.clock.guarded


def game_over(j: Journey) -> bool:
    top = j.table()
    return top is not None and top.model is not None and top.model.is_over


def discard_any(j: Journey) -> None:
    """Pick a card I may discard (the rightmost of my hand) and press Đánh."""
    sc = scene(j)
    assert sc.model is not None
    allowed = sc.model.discardable()
    card = next(c for c in reversed(sc.hand.order) if c in allowed)
    j.click(f"card {card_str(card)}")
    j.until(lambda: tr("btn.discard") in j.labels(), 1.0, "the Đánh button")
    j.click(tr("btn.discard"))


def discard_as_hinted(j: Journey) -> None:
    """Press Gợi ý: the hint picks the card to throw (it is selected); then Đánh. The rightmost card if none."""
    sc = scene(j)
    j.click(tr("btn.hint"))
    def shown() -> bool:                       # the hinted card is selected, or outlined in the hint's colour
        hl = sc.view().highlights
        return hl.selected is not None or HINT in hl.outline.values()

    j.until(shown, 1.0, "the hint")
    if sc.view().highlights.selected is None:
        discard_any(j)
        return
    j.click(tr("btn.discard"))


def take(j: Journey, eat: bool = False) -> None:
    """Take a card: Ăn when offered and ``eat``, else a click on the stock."""
    if eat and tr("btn.eat") in j.labels():
        j.click(tr("btn.eat"))
    else:
        j.click("stock")
    settle(j)


def settle(j: Journey) -> None:
    """Wait until my command is answered and the cards it moved have landed (or the turn has passed)."""
    j.until(lambda: my_turn_shown(j) or not (isinstance(j.top, TableScene) and j.top.model is not None
                                               and j.top.model.my_turn), 5.0, "the table to answer")


def play_turn(j: Journey, eat: bool = True, stop_at: str = "", hints: bool = False) -> str:
    """Play my turn by clicks as a player following the raised suggestions: eat when offered (``eat``), else
    draw; Hạ the raised phỏm; Gửi the raised cards (else Bỏ qua); Ù when offered; discard the card Gợi ý picks
    (``hints``) or the rightmost one that may go. Returns the step it stopped at: ``stop_at`` (that step is
    shown and left to the caller), "done" when the turn passed, "over" when the game ended."""
    for _ in range(12):
        if game_over(j):
            return "over"
        if not my_turn_shown(j):
            return "done"
        step = mode(j)
        if step == stop_at:
            return step
        labels = j.labels()
        if tr("btn.u") in labels:
            j.click(tr("btn.u"))
        elif step == "take":
            take(j, eat)
            continue
        elif step == "lay":
            j.click(tr("btn.lay"))
        elif step == "send":
            j.click(tr("btn.send") if tr("btn.send") in labels else tr("btn.skip"))
        elif step == "discard":
            (discard_as_hinted if hints else discard_any)(j)
        settle(j)
    raise JourneyError(f"my turn did not end (stuck at {mode(j)!r}: {j.labels()})")
