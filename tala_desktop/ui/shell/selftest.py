"""Selftest: a headless 4-bot game through the real window, scene stack and table scene, until its results show.

``tala-desktop --selftest`` (CI and the packaging check) has the composition
root build the game (``build``: the settings and the store in, a ``Desktop``
out), opens the all-bot table of ``new_game.selftest_config``, pushes
``TableScene(spectator=True)``
and runs ``App.frame`` with a stepped clock and fast animations until the
results overlay is on the stack. It then checks that frames were drawn and
not blank, shuts down and checks that no worker thread or process is left.
With ``--data-dir DIR`` the game goes through the store of DIR (the bots'
wallets, the autosave, the history) and must be recorded there; without it
nothing is opened or kept (the player's own data folder is never touched).
Exit 0 on success, 1 with a message on any failure or after ``time_limit``.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable

import pygame

from tala_desktop.bots.compiled import describe
from tala_desktop.store import StoreError

from ..shared.new_game import selftest_config
from ..shared.services import UiSettings
from .app_loop import App, AppOptions
from .desktop import Desktop
from .offline_games import OfflineGames

TIME_LIMIT = 120.0
ANIMATION_SPEED = 8.0


def results_shown(app: App) -> bool:
    """True once the table scene has pushed its results overlay."""
    from ..table.results import ResultsOverlay

    return any(isinstance(scene, ResultsOverlay) for scene in app.stack.scenes)


def _colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({surface.get_at((x, y))[:3] for x in range(0, w, max(1, w // 40)) for y in range(0, h, max(1, h // 24))})


class _Errors(logging.Handler):
    """Collects the errors the game logs (a failing bot is logged, then played by its timeout action)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.name}: {record.getMessage()}")


def _summary(games: OfflineGames) -> str:
    table = getattr(games.clients[0], "table", None) if games.clients else None
    st = getattr(table, "state", None)
    if st is None or st.outcome is None:
        return "no outcome"
    out = st.outcome
    names = getattr(table, "names", None) or []
    winner = names[out.winner] if out.winner is not None and out.winner < len(names) else "?"
    return f"{len(st.history)} moves, {out.kind}, winner {winner}"


def _watchdog(limit: float) -> threading.Timer:
    """Ends the process with exit 1 if the selftest hangs (a frame that never returns included)."""
    def expire() -> None:
        print(f"selftest FAILED: no results after {limit:.0f} s", file=sys.stderr, flush=True)
        os._exit(1)

    timer = threading.Timer(limit, expire)
    timer.daemon = True
    timer.start()
    return timer


def run_selftest(options: AppOptions, build: Callable[[UiSettings], Desktop], time_limit: float = TIME_LIMIT) -> int:
    """Play one all-bot game through the real loop of the game ``build`` makes from the selftest's settings (the
    composition root opens it on a stepped clock, with the store of ``options.data_dir`` if there is one); 0 if
    it reached the results and shut down cleanly."""
    started = time.perf_counter()
    watchdog = _watchdog(time_limit + 15.0)  # the loop reports a slow game itself; this catches a hang
    before = {t.ident for t in threading.enumerate()}
    errors = _Errors()
    logging.getLogger("tala_desktop").addHandler(errors)
    failure = summary = ""
    kept = "nothing recorded"
    app: App | None = None
    try:
        desktop = build(UiSettings(animation_speed=ANIMATION_SPEED, sound_volume=0.0))
        app, games, store = desktop.app, desktop.games, desktop.services.store
        games_before = store.count_games() if store is not None else 0
        games.open_table(games.bots_only_client(selftest_config(options.seed)), spectator=True)
        app.run(until=lambda: results_shown(app) or time.perf_counter() - started > time_limit)
        summary = _summary(games)
        if store is not None:
            kept = f"recorded in {store.data_dir}"
        if not results_shown(app):
            failure = f"the game did not reach its results within {time_limit:.0f} s"
        elif store is not None and store.count_games() != games_before + 1:
            failure = f"the game was not recorded in {options.data_dir} ({store.count_games() - games_before} new)"
        elif errors.messages:
            failure = f"{len(errors.messages)} errors were logged, the first: {errors.messages[0]}"
        elif app.frames_drawn < 10:
            failure = f"only {app.frames_drawn} frames were drawn"
        else:
            app.draw()
            if _colours(app.display.canvas) < 20:
                failure = "the last frame is blank"
    except (StoreError, OSError) as exc:
        failure = f"cannot use the data folder {options.data_dir}: {exc}"
    except Exception:  # noqa: BLE001 - any failure is reported and turned into exit 1
        failure = "an error ended the game:\n" + traceback.format_exc()
    finally:
        if app is not None:
            app.shutdown()        # the tables, then the store
        pygame.quit()
        logging.getLogger("tala_desktop").removeHandler(errors)
    watchdog.cancel()
    left = [t.name for t in threading.enumerate() if t.ident not in before and t.is_alive() and not t.daemon]
    if not failure and (left or multiprocessing.active_children()):
        failure = f"worker threads or processes left after shutdown: {left} {multiprocessing.active_children()}"
    seconds = time.perf_counter() - started
    if failure:
        print(f"selftest FAILED after {seconds:.1f} s: {failure}", file=sys.stderr, flush=True)
        return 1
    assert app is not None
    print(f"selftest ok: one 4-bot game to its results in {seconds:.1f} s ({summary}; "
          f"{app.frames} frames, {app.frames_drawn} drawn; {kept}; {describe()})", flush=True)
    return 0
