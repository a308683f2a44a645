"""Helpers for the tests of the app with its store: start the real app on a data folder, play your seat.

The app starts from its composition root as ``tala-desktop --data-dir DIR``
does, on a stepped clock, its bots decided inline (no threads, no sleeps).
"""

from __future__ import annotations

import pygame

from tala_desktop.app.composition import start_desktop
from tala_desktop.bots import BotLevel, make_bot
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Rules
from tala_desktop.store import SeatInfo, Store
from tala_desktop.table import SeatKind
from tala_desktop.ui.shared.new_game import BotChoice, GameChoices
from tala_desktop.ui.shell.app_loop import FPS, App, AppOptions, StepClock
from tala_desktop.ui.shell.desktop import Desktop


def open_app(data_dir, size=(1280, 720), seed: int | None = 5) -> Desktop:
    """The app as ``tala-desktop --data-dir DIR`` starts it (its menu shown, 60 frames run), time stepped."""
    desktop = start_desktop(AppOptions(windowed=size, data_dir=str(data_dir), seed=seed), clock=StepClock(),
                            runner=InlineRunner())
    pygame.event.clear()
    run(desktop.app, 60)
    return desktop


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.frame()


def two_player_choices(level: BotLevel = BotLevel.EASY) -> GameChoices:
    return GameChoices(players=2, bots=[BotChoice("Lan", level), BotChoice("Minh"), BotChoice("Hùng")], bet=100,
                       turn_seconds=0)


def play_my_turns(app: App, client, until_moves: int | None = None, limit: float = 300.0) -> None:
    """Frame the app; on your turn play the Normal bot's move through the client, like the buttons do.
    AssertionError after ``limit`` seconds of stepped game time."""
    me = make_bot("normal", 3)
    for _ in range(round(limit * FPS)):
        app.frame()
        st = client.table.state
        if st is None:
            continue
        if st.is_over or (until_moves is not None and len(st.history) >= until_moves):
            return
        if st.to_move == client.seat and not st.left[client.seat]:
            client.send_move(me.decide(st.view(client.seat)).move)
    raise AssertionError("the game did not get there in time")


def click(app: App, logical: tuple[int, int]) -> None:
    """A real left click at a logical point, posted where it is drawn in the window."""
    pos = tuple(round(v) for v in app.display.to_window(logical))
    for etype, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                         (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
    app.frame()


MET = (("Lan", "easy"), ("Minh", "normal"), ("Hùng", "hard"), ("Lan", "normal"), ("Minh", "hard"), ("Hùng", "easy"),
       ("Nguyễn Thị Hương", "hard"), ("Lan", "hard"), ("Tuấn", "normal"), ("Hùng", "normal"))


def settle_games_met(store: Store, games: int = 20) -> list[tuple[str, str]]:
    """Settle ``games`` quick games (2 to 4 players, you at seat 0) against the ten opponents of ``MET``, each met
    at least once, so the Thống kê page has more opponents than one screen holds. Returns (name, level) met."""
    met: set[tuple[str, str]] = set()
    for g in range(games):
        players = 2 + g % 3
        rules = Rules.from_preset("zingplay", players=players)
        bots = [make_bot("easy", 16 * g + s) for s in range(players)]
        st = GameState.new(rules, seed=500 + g, leader=0, bet=100, balances=[10_000] * players, record_events=False)
        while not st.is_over:
            st.push(bots[st.to_move].decide(st.view(st.to_move)).move)
        others = [MET[(g * 3 + i) % len(MET)] for i in range(players - 1)]
        seats = [SeatInfo("Bạn", SeatKind.HUMAN)]
        seats += [SeatInfo(name, SeatKind.BOT, BotLevel(level)) for name, level in others]
        store.settle(st, f"met{g}", seats, 0)
        met.update(others)
    return sorted(met)
