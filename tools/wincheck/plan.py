"""Where to click: the game the Windows app will play, walked first headless on Linux with the project's own code.

    python -m wincheck.plan OUT.json --seed 3 --hard-samples 40 --size 1280x720     # (tools/ on the path)

The app is started from its composition root (``app.composition.start_desktop``) on a scratch data folder with
the seed and sample count the Windows app will get, so both deal the same cards and the bots decide alike. Each
click a player makes is posted at the window position of what is drawn there (a button by its words, a card of
the hand, the stock), found from the scenes' own widgets and the table's layout, and written down with what the
game looked like when it was made (the moves played so far) and what it must lead to. The clicks: the menu's
"Chơi với máy", "Bắt đầu", a discard (the first turn is the leader's), a draw from the stock and a discard on
the next turn, then "≡", "Rời bàn" and the dialog's "Rời bàn" (leaving mid-game costs chips), and "Thoát".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tala_desktop.app.composition import start_desktop  # noqa: E402
from tala_desktop.engine.cards import card_str  # noqa: E402
from tala_desktop.ui.core.i18n import tr  # noqa: E402
from tala_desktop.ui.frames.overlay import Overlay  # noqa: E402
from tala_desktop.ui.shell.app_loop import App, AppOptions, StepClock  # noqa: E402
from tala_desktop.ui.shell.desktop import Desktop  # noqa: E402
from tala_desktop.ui.table.scene import TableScene  # noqa: E402
from tala_desktop.ui.widgets.controls import Button  # noqa: E402

FPS = 60


class PlanFailed(Exception):
    """The headless game did not reach a step the plan needs."""


@dataclass
class Click:
    """One click: what is clicked on which scene, where in the window, the moves played before it (None: no game
    yet) and the moves there must be after it (None: nothing to check in the game)."""

    label: str
    scene: str
    x: int
    y: int
    moves_before: int | None
    moves_after: int | None
    moves: list[str] | None = None      # the game's moves once it has answered (with ``moves_after``)
    settle: float = 0.0                 # game seconds from the scene or the move count last changing to the click


class Walk:
    def __init__(self, desktop: Desktop) -> None:
        self.desktop = desktop
        self.app: App = desktop.app
        self.clicks: list[Click] = []
        self.frames = 0
        self.seen: tuple[str, int | None] = ("", None)
        self.seen_at = 0

    def frame(self) -> None:
        tables = [client.table for client in self.desktop.games.clients]
        while any(table.runner.busy for table in tables):
            pygame.time.wait(1)
        self.app.frame()
        self.frames += 1
        now = (self.scene_name(), self.moves())
        if now != self.seen:
            self.seen, self.seen_at = now, self.frames

    def until(self, done: Any, seconds: float, what: str) -> None:
        for _ in range(int(seconds * FPS)):
            if done():
                return
            self.frame()
        if not done():
            raise PlanFailed(f"waited {seconds:g} s of game time for {what} (on {self.scene_name()})")

    def scene_name(self) -> str:
        return type(self.app.stack.top).__name__

    def table(self) -> TableScene | None:
        top = self.app.stack.top
        return top if isinstance(top, TableScene) else None

    def history(self) -> list[str] | None:
        clients = self.desktop.games.clients
        state = clients[-1].table.state if clients else None
        return None if state is None else [str(m) for m in state.history]

    def moves(self) -> int | None:
        history = self.history()
        return None if history is None else len(history)

    def answered(self, moves: int) -> bool:
        """The game has ``moves`` moves: the last click's are written down with it."""
        if self.moves() != moves:
            return False
        self.clicks[-1].moves = self.history()
        return True

    def elements(self) -> dict[str, pygame.Rect]:
        """What the top scene draws that a player can click, by label, in canvas coordinates."""
        top = self.app.stack.top
        offset = (0, 0) if getattr(top, "fills_canvas", False) else self.app.stack.design_box().topleft
        found: dict[str, pygame.Rect] = {}
        buttons: list[Button] = [w for w in getattr(top, "widgets", []) if isinstance(w, Button)]
        if isinstance(top, Overlay):
            buttons += top.buttons
        if isinstance(top, TableScene):
            view = top.view()                      # the table's buttons as its frame draws them
            for look in (*view.controls, *view.buttons):
                if look.enabled:
                    found.setdefault(look.label, look.rect)
            for card in top.hand.order:
                rect = top.hand.rect_of(card)
                if rect is not None:
                    found[f"card {card_str(card)}"] = pygame.Rect(rect)
            found["stock"] = pygame.Rect(top.layout.stock)
        for button in buttons:
            if button.visible and button.enabled:
                found.setdefault(button.text, pygame.Rect(button.rect))
        return {label: rect.move(offset) for label, rect in found.items()}

    def click(self, label: str, moves_after: int | None = None, in_turn: bool = False) -> None:
        """Click ``label``; ``in_turn``: a click of my turn, made only at this very position of the game."""
        top = self.app.stack.top
        if top is None:
            raise PlanFailed(f"no scene is shown to click {label!r} on")
        if not isinstance(top, TableScene):         # a page or a dialog slides in: its buttons move until it ends
            self.until(lambda: not (top.tweens.busy or getattr(top, "animating", lambda: False)()), 5.0,
                       f"the entrance of {self.scene_name()}")
        shown = self.elements()
        if label not in shown:
            raise PlanFailed(f"no {label!r} on {self.scene_name()} (shown: {sorted(shown)})")
        x, y = self.app.display.to_window(shown[label].center)
        self.clicks.append(Click(label, self.scene_name(), round(x), round(y), self.moves() if in_turn else None,
                                 moves_after,
                                 settle=(self.frames - self.seen_at) / FPS))
        pos = (round(x), round(y))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def my_turn(self) -> bool:
        table = self.table()
        return (table is not None and table.model is not None and table.model.my_turn and not table.model.is_over
                and table.accepting_input)

    def discard(self) -> None:
        """The rightmost card of my hand that may go, then Đánh."""
        table = self.table()
        assert table is not None and table.model is not None
        allowed = table.model.discardable()
        card = next(c for c in reversed(table.hand.order) if c in allowed)
        before = self.moves()
        assert before is not None
        self.click(f"card {card_str(card)}", in_turn=True)
        self.until(lambda: tr("btn.discard") in self.elements(), 2.0, "the Đánh button")
        self.click(tr("btn.discard"), moves_after=before + 1, in_turn=True)
        self.until(lambda: self.answered(before + 1), 5.0, "my discard")


def walk(seed: int, hard_samples: int, size: tuple[int, int]) -> list[Click]:
    with tempfile.TemporaryDirectory() as data:
        options = AppOptions(windowed=size, data_dir=data, seed=seed, hard_samples=hard_samples)
        desktop = start_desktop(options, clock=StepClock(1 / FPS))
        w = Walk(desktop)
        try:
            w.until(lambda: tr("menu.play_bots") in w.elements(), 5.0, "the menu")
            w.click(tr("menu.play_bots"))
            w.until(lambda: tr("btn.start") in w.elements(), 5.0, "the new game's page")
            w.click(tr("btn.start"))
            w.until(w.my_turn, 20.0, "my first turn")
            w.discard()
            w.until(w.my_turn, 60.0, "my second turn")
            before = w.moves()
            assert before is not None
            w.click("stock", moves_after=before + 1, in_turn=True)
            w.until(lambda: w.answered(before + 1) and w.my_turn(), 10.0, "my draw")
            w.discard()
            w.until(lambda: tr("icon.menu") in w.elements(), 10.0, "the table's ≡")
            w.click(tr("icon.menu"))
            w.until(lambda: tr("pause.leave") in w.elements(), 5.0, "Rời bàn")
            w.click(tr("pause.leave"))
            w.until(lambda: tr("confirm.leave_yes") in w.elements() and w.scene_name() == "ConfirmOverlay", 5.0,
                    "the question before leaving")
            w.click(tr("confirm.leave_yes"))
            w.until(lambda: tr("menu.quit") in w.elements() and w.scene_name() == "MenuScene", 10.0, "the menu")
            w.click(tr("menu.quit"))
            if w.app.running and w.scene_name() == "ConfirmOverlay":
                w.click(tr("confirm.quit_yes"))
            w.until(lambda: not w.app.running, 5.0, "the app to end")
        finally:
            w.app.shutdown()
            pygame.quit()
    return w.clicks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("out", type=Path, help="the JSON file of clicks to write")
    ap.add_argument("--seed", type=int, default=3, help="the tables' seed, as the Windows app gets it")
    ap.add_argument("--hard-samples", type=int, default=40, help="the Hard player's samples a decision")
    ap.add_argument("--size", default="1280x720", help="the window's size")
    args = ap.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    try:
        clicks = walk(args.seed, args.hard_samples, (width, height))
    except PlanFailed as exc:
        print(f"plan FAILED: {exc}", file=sys.stderr)
        return 1
    args.out.write_text(json.dumps([asdict(c) for c in clicks], indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"plan: {len(clicks)} clicks written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
