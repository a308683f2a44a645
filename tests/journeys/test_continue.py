"""Continue: quit in the middle of a game, start the app again, press "Chơi tiếp" and play on at once.

Quit by ≡ → Thoát game and by closing the window, on my turn, on a computer
player's turn and on my lay-down turn, with a 30 s clock and with none: the
restored table is on screen within a second of the click, its pending turn
has a fresh clock from the moment it shows, and nothing was played for me.
"""

from __future__ import annotations

import pytest

from tala_desktop.engine import MoveKind

from .driver import FPS, Journey
from .play import (
    clock,
    discard_any,
    game_over,
    game_state,
    mode,
    model,
    my_turn_shown,
    play_turn,
    scene,
    start_new_game,
    table_shown,
    wait_my_turn,
)

SHOWN_WITHIN = 1.0     # stepped seconds from the click on Chơi tiếp to the table with its game
NO_CLOCK_WAIT = 31.0   # stepped seconds a turn without a clock is left waiting (longer than the 30 s clock)


def quit_by_menu(j: Journey) -> None:
    """≡ → Thoát game → Thoát: the app ends."""
    j.click("≡")
    j.click("Thoát game")
    j.click("Thoát")
    j.until(lambda: not j.running_app.running, 1.0, "the app to end")
    j.ended()


def quit_app(j: Journey, how: str) -> None:
    if how == "menu":
        quit_by_menu(j)
    else:
        j.close_window()


def play_to(j: Journey, when: str) -> None:
    """From a new game (my lead) to the moment to quit: my turn (to take), a bot's turn, my lay-down turn."""
    wait_my_turn(j)
    discard_any(j)
    if when == "bot":
        j.until(lambda: table_shown(j) and model(j).to_move != model(j).me, 1.0, "a bot's turn")
        return
    wait_my_turn(j)
    if when == "lay":
        while (step := play_turn(j, eat=False, stop_at="lay")) != "lay":
            assert step != "over", "the game ended before my lay-down turn"
            wait_my_turn(j)


def continue_game(j: Journey) -> int:
    """Start the app again, click Chơi tiếp; the frames from the click (its own frame included) until the table
    is drawn with its game."""
    app = j.start()
    j.until(lambda: "Chơi tiếp" in j.labels(), 2.0, "the menu's Chơi tiếp")
    frames, drawn = app.frames, app.frames_drawn
    j.click("Chơi tiếp")
    j.until(lambda: table_shown(j) and app.frames_drawn > drawn, SHOWN_WITHIN, "the restored table")
    return app.frames - frames


CASES = [  # every way to quit, every moment, each clock (pairwise)
    ("menu", "mine", "30"), ("window", "mine", "Không"),
    ("menu", "bot", "Không"), ("window", "bot", "30"),
    ("window", "lay", "30"), ("menu", "lay", "Không"),
]


@pytest.mark.parametrize(("how", "when", "turn_clock"), CASES, ids=["-".join(c) for c in CASES])
def test_chơi_tiếp_restores_the_table_at_once_with_a_fresh_clock(journey, how, when, turn_clock):
    j = journey(seed=1 if when == "lay" else 5)     # seed 1: I hold a phỏm at my lay-down turn
    j.start()
    start_new_game(j, players=2 if when == "lay" else None, seconds=turn_clock)
    play_to(j, when)
    before = game_state(j)
    moves, to_move, step, raised = len(before.history), before.to_move, mode(j), scene(j).highlights.raised
    log = list(scene(j).log_lines)
    quit_app(j, how)

    frames = continue_game(j)
    shown_at = j.now
    print(f"Chơi tiếp: the table drawn {frames} frame(s) ({frames / FPS:.3f} s stepped) from the click")
    state = game_state(j)
    assert len(state.history) == moves, "a move was played between the click and the table"
    assert scene(j).log_lines == log, "the restored table's log is not the game's log"
    assert model(j).to_move == to_move
    seconds = 0 if turn_clock == "Không" else int(turn_clock)
    left, total = clock(j, to_move)
    assert total == seconds
    assert left >= seconds - 1 / FPS - 1e-6, f"the clock had run {seconds - left:.3f} s when the table showed"
    if when != "bot":
        j.until(lambda: my_turn_shown(j), SHOWN_WITHIN, "my turn to take clicks")
        assert mode(j) == step
        if when == "lay":   # the best phỏm rose again, ready for Hạ
            assert raised and "Hạ" in j.labels() and scene(j).highlights.raised == raised
        left, _ = clock(j, to_move)
        assert abs(left - max(0.0, seconds - (j.now - shown_at))) <= 1 / FPS + 1e-6   # counting from the show
        if not seconds:                  # no clock: the turn waits for me past any clock's length
            j.step(NO_CLOCK_WAIT)
            assert my_turn_shown(j) and len(game_state(j).history) == moves
    else:
        wait_my_turn(j)
        mine = [mv for mv in game_state(j).history[moves:] if mv.seat == model(j).me]
        assert mine == [], f"moves were made for me: {mine}"
        if seconds:
            assert clock(j)[0] >= seconds - 0.6   # my own turn: a whole clock
    assert not any(mv.kind is MoveKind.TIMEOUT for mv in game_state(j).history[moves:])
    assert not game_over(j)
