"""App screens: renders the app's screens to PNG through the real window path, headless.

    python tools/app_screens.py /tmp/screens [--size 1920x1080] [--language en]
    python tools/app_screens.py tests/artifacts/frames --matrix     # every size and language below

The pages (menu, setup, settings, rules) are pushed on a fresh stack and
updated until their intro animation ends; ``tutorial`` is the first lesson's
first step; ``table`` a new offline game at your first turn; ``results`` a
four-bot game at its results; ``browser`` the LAN page listing a loopback
server; ``lobby`` a LAN table's lobby on a loopback server with a guest
seated and two people watching (one muted). Each is drawn on the logical
canvas and presented into a window of ``--size``; the PNG is the window as
a player sees it (bars included). The app comes from the composition root
(``tala_desktop.app.composition.build_desktop``), its bots decided inline: no threads,
the same frames every run.
``--matrix`` renders every screen at 1024x600, 1280x720, 1920x1080, 1024x768
(4:3) and 2520x1080 (21:9) in Vietnamese and English.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tala_desktop.app.cli import window_size  # noqa: E402
from tala_desktop.app.composition import build_desktop  # noqa: E402
from tala_desktop.bots.runner import InlineRunner  # noqa: E402
from tala_desktop.net.client import NetTableClient  # noqa: E402
from tala_desktop.net.discovery import LanServer  # noqa: E402
from tala_desktop.net.host import start_in_thread  # noqa: E402
from tala_desktop.ui.core.i18n import set_language  # noqa: E402
from tala_desktop.ui.lan.browser import LanBrowserScene  # noqa: E402
from tala_desktop.ui.lan.lobby import LanLobbyScene  # noqa: E402
from tala_desktop.ui.lan.session import LanSession  # noqa: E402
from tala_desktop.ui.screens.rules import RulesScene  # noqa: E402
from tala_desktop.ui.screens.settings import SettingsScene  # noqa: E402
from tala_desktop.ui.screens.setup import SetupScene  # noqa: E402
from tala_desktop.ui.screens.tutorial import tutorial_scene  # noqa: E402
from tala_desktop.ui.shared.new_game import GameChoices, selftest_config  # noqa: E402
from tala_desktop.ui.shell.app_loop import App, AppOptions, StepClock  # noqa: E402
from tala_desktop.ui.shell.selftest import results_shown  # noqa: E402

SCREENS = ("menu", "setup", "settings", "rules", "tutorial", "table", "results", "browser", "lobby")
MATRIX_SIZES = ((1024, 600), (1280, 720), (1920, 1080), (1024, 768), (2520, 1080))


def _frames(app: App, n: int, until=None) -> None:
    for _ in range(n):
        app.frame()
        if until is not None and until():
            return


def _lobby(app: App, closing: list) -> None:
    """A LAN table on a loopback server: you host it, Lan sits at the second seat."""
    server = start_in_thread(host="127.0.0.1", port=0, announce=False, name="Bàn của Minh")
    closing.append(server.stop)
    host = LanSession(NetTableClient("127.0.0.1", server.port, "Minh"), server=None)
    closing.append(host.close)
    host.client.create_table(seats=4, bet=100, turn_seconds=30, preset="zingplay")
    app.stack.push(LanLobbyScene(app.services, host))
    deadline = time.monotonic() + 10
    while host.lobby is None and time.monotonic() < deadline:
        app.frame()
        time.sleep(0.01)
    if host.lobby is not None:
        guest = LanSession.join("127.0.0.1", server.port, "Lan")
        closing.append(guest.close)
        guest.client.join(host.lobby.id)
        while time.monotonic() < deadline and sum(s.kind == "player" for s in host.lobby.seats) < 2:
            guest.pump(time.monotonic())
            app.frame()
            time.sleep(0.01)
        for name in ("Quân", "Tí"):                 # two people watch; the host muted the second
            fan = LanSession.join("127.0.0.1", server.port, name)
            closing.append(fan.close)
            fan.client.watch(host.lobby.id)
            while time.monotonic() < deadline and name not in host.lobby.watchers:
                app.frame()
                time.sleep(0.01)
        if "Tí" in host.lobby.watchers:
            host.client.mute(host.lobby.watcher_ids[host.lobby.watchers.index("Tí")])


class _LoopbackBrowser:
    """Discovery that has heard the loopback server this tool started (no socket on the LAN), and, beside it, a
    table that asks for a PIN (its row shows the padlock; joining it is not drawn here)."""

    def __init__(self, port: int, identity: str) -> None:
        self.port, self.identity = port, identity

    def start(self) -> None: ...
    def stop(self) -> None: ...

    def servers(self) -> list[LanServer]:
        return [LanServer(host="127.0.0.1", port=self.port, name="Bàn của Minh", players=1, tables=1, open=1,
                          bet=100, password=False, seen=time.monotonic(), host_name="Minh", id=self.identity),
                LanServer(host="192.168.1.23", port=8765, name="Bàn của Hùng", players=3, tables=1, open=1,
                          bet=500, password=False, seen=time.monotonic(), host_name="Hùng", id="5f0c" * 8, pin=True)]


def _browser(app: App, closing: list) -> None:
    server = start_in_thread(host="127.0.0.1", port=0, announce=False, name="Bàn của Minh")
    closing.append(server.stop)
    identity = server.server.core.identity
    app.stack.push(LanBrowserScene(app.services, lambda: _LoopbackBrowser(server.port, identity)))
    _frames(app, 90)


def render(out: Path, size: tuple[int, int], language: str, screens: tuple[str, ...] = SCREENS,
           scroll: int = 0) -> list[Path]:
    """Write ``screens`` at ``size`` in ``language`` into ``out``; returns the files written."""
    desktop = build_desktop(AppOptions(windowed=size), StepClock(), runner=InlineRunner())  # bots decided at once
    app, games = desktop.app, desktop.games
    app.services.settings.language = language
    set_language(language)
    pages = {
        "menu": lambda: None,
        "setup": lambda: app.stack.push(SetupScene(app.services, desktop.run, lambda choices: None)),
        "settings": lambda: app.stack.push(SettingsScene(app.services)),
        "rules": lambda: app.stack.push(RulesScene(app.services, desktop.run)),
    }
    suffix = f"{size[0]}x{size[1]}-{language}"
    written = []
    closing: list = []
    try:
        for name in screens:
            for client in list(games.clients):
                games.leave_table(client)
            app.stack.clear()
            desktop.show_menu()
            if name in pages:
                pages[name]()
                if name == "rules" and scroll:
                    app.stack.top.scroll_to(scroll, smooth=False)
                _frames(app, 90)
            elif name == "tutorial":
                app.stack.push(tutorial_scene(app.services))
                _frames(app, 400)
            elif name == "table":
                table = games.start_game(GameChoices(turn_seconds=30))
                _frames(app, 3000, lambda t=table: getattr(getattr(t, "model", None), "to_move", None) == 0
                        and not t.anim.busy)
                _frames(app, 60)
            elif name == "results":
                games.open_table(games.bots_only_client(selftest_config(7)), spectator=True)
                _frames(app, 60000, lambda: results_shown(app))
                _frames(app, 150)                  # the hands turn face up
            elif name == "browser":
                _browser(app, closing)
            elif name == "lobby":
                _lobby(app, closing)
                _frames(app, 30)
            app.draw()
            path = out / f"{name}-{suffix}.png"
            pygame.image.save(app.display.window or pygame.display.get_surface(), str(path))
            written.append(path)
    finally:
        for close in reversed(closing):
            close()
        app.shutdown()
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("out", type=Path, help="folder the PNG files are written to (created if missing)")
    ap.add_argument("--size", type=window_size, default=(1280, 720), help="window size WxH")
    ap.add_argument("--language", choices=("vi", "en"), default="vi", help="language of the pages")
    ap.add_argument("--scroll", type=int, default=0, help="rules page: scroll this many pixels first")
    ap.add_argument("--screens", default=",".join(SCREENS), help="comma-separated screens to render")
    ap.add_argument("--matrix", action="store_true", help="every screen at every size of MATRIX_SIZES, both languages")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    screens = tuple(s for s in args.screens.split(",") if s)
    unknown = set(screens) - set(SCREENS)
    if unknown:
        ap.error(f"unknown screens {sorted(unknown)}: choose from {', '.join(SCREENS)}")
    runs = ([(size, lang) for size in MATRIX_SIZES for lang in ("vi", "en")] if args.matrix
            else [(args.size, args.language)])
    for size, language in runs:
        for path in render(args.out, size, language, screens, args.scroll):
            print(f"wrote {path}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
