"""App screens: renders the menu pages (menu, setup, settings, rules) to PNG through the real window path, headless.

    python tools/app_screens.py /tmp/screens [--size 1920x1080] [--language en]

Each page is pushed on a fresh stack, updated until its intro animation
ends, drawn on the logical canvas and presented into a window of ``--size``;
the PNG is the window as a player sees it (letterbox included).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tala_desktop.app import _size  # noqa: E402
from tala_desktop.ui.app_loop import AppOptions, StepClock, create_app  # noqa: E402
from tala_desktop.ui.core.i18n import set_language  # noqa: E402
from tala_desktop.ui.screens.rules import RulesScene  # noqa: E402
from tala_desktop.ui.screens.settings import SettingsScene  # noqa: E402
from tala_desktop.ui.screens.setup import SetupScene  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("out", type=Path, help="folder the PNG files are written to (created if missing)")
    ap.add_argument("--size", type=_size, default=(1280, 720), help="window size WxH")
    ap.add_argument("--language", choices=("vi", "en"), default="vi", help="language of the pages")
    ap.add_argument("--scroll", type=int, default=0, help="rules page: scroll this many pixels first")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = create_app(AppOptions(windowed=args.size), clock=StepClock())
    app.services.settings.language = args.language
    set_language(args.language)
    pages = {
        "menu": lambda: None,
        "setup": lambda: app.stack.push(SetupScene(app.services, lambda choices: None)),
        "settings": lambda: app.stack.push(SettingsScene(app.services)),
        "rules": lambda: app.stack.push(RulesScene(app.services)),
    }
    suffix = f"{args.size[0]}x{args.size[1]}-{args.language}"
    for name, push in pages.items():
        app.stack.clear()
        app.show_menu()
        push()
        if name == "rules" and args.scroll:
            app.stack.top.scroll_to(args.scroll, smooth=False)
        for _ in range(90):
            app.frame()
        app.draw()
        path = args.out / f"{name}-{suffix}.png"
        pygame.image.save(app.display.window or pygame.display.get_surface(), str(path))
        print(f"wrote {path}")
    app.shutdown()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
