"""The order I gave my hand survives a restart: dragged by hand, then the window closed (or the app killed) and
"Chơi tiếp": the same cards in the same order, not the phỏm order a new deal gets.

Before, "Chơi tiếp" dealt the saved hand again in the phỏm order.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tala_desktop.engine.cards import card_str

from .driver import Journey
from .play import hand, scene, start_new_game, table_shown, wait_my_turn

ROOT = Path(__file__).resolve().parents[2]


def drag_first_card_to_the_end(j: Journey) -> list[str]:
    """Drag my leftmost card past my rightmost one; my hand, left to right, as shown after."""
    sc = scene(j)
    order = list(sc.hand.order)
    first, last = sc.hand.rect_of(order[0]), sc.hand.rect_of(order[-1])
    assert first is not None and last is not None
    j.drag((first.x + 10, first.centery), (last.right + 20, last.centery))
    j.step(0.5)
    shown = hand(j)
    assert shown == [card_str(c) for c in order[1:] + order[:1]]       # the card went where I dropped it
    return shown


def continue_game(j: Journey) -> None:
    j.start()
    j.until(lambda: "Chơi tiếp" in j.labels(), 2.0, "the menu's Chơi tiếp")
    j.click("Chơi tiếp")
    j.until(lambda: table_shown(j), 2.0, "the restored table")
    j.step(0.5)


def test_my_order_of_my_hand_survives_closing_the_window(journey):
    j = journey()
    j.start()
    start_new_game(j, seconds="Không")
    wait_my_turn(j)
    mine = drag_first_card_to_the_end(j)
    j.close_window()
    continue_game(j)
    assert hand(j) == mine


def test_my_order_of_my_hand_survives_a_kill(journey, tmp_path):
    """The app killed right after the drag (os._exit: nothing closed, nothing flushed)."""
    j = journey()
    out = tmp_path / "order.json"
    code = textwrap.dedent(f"""
        import json, os
        from tests.journeys.driver import Journey
        from tests.journeys.play import start_new_game, wait_my_turn
        from tests.journeys.test_hand_order import drag_first_card_to_the_end
        j = Journey({str(j.folder)!r})
        j.start()
        start_new_game(j, seconds="Không")
        wait_my_turn(j)
        mine = drag_first_card_to_the_end(j)
        with open({str(out)!r}, "w", encoding="utf-8") as f:
            json.dump(mine, f)
        os._exit(9)
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert done.returncode == 9, done.stderr[-3000:]
    mine = json.loads(out.read_text(encoding="utf-8"))
    continue_game(j)
    assert hand(j) == mine
