"""UI memory: one app walks its pages and a bot table through many window sizes; its RSS and the images it keeps.

    python bench/ui_memory.py                   # 8 window sizes, one round each
    python bench/ui_memory.py --rounds 3        # the same sizes three times: does memory settle?

One app (built by the composition root, ``build_desktop``, SDL's dummy driver, time stepped) is
resized through ``SIZES`` (960x540 to 2560x1440, 4:3 to 21:9). At each
size it shows the menu, the setup, settings and rules pages (the rules
scrolled to the end), the tutorial's first steps, and a four-bot table
played to its results; then the next size. After each size the script
prints the process's resident memory and the images the UI holds: every
``pygame.Surface`` a Python object refers to (found through the garbage
collector, so the caches of every widget and art module are counted whether
or not they are a ``SurfaceCache``), with the bytes of their pixels. At the
end it adds up the ``SurfaceCache`` counters of the app (hits, misses,
evictions, images held against their bound). A UI whose caches are bounded
levels off after the first round at each size instead of growing with every
new window size.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui_bench import peak_rss_mb  # noqa: E402 - the frame bench's peak memory reader, beside this script

from tala_desktop.app.composition import build_desktop  # noqa: E402
from tala_desktop.ui.core.surface_cache import CacheStats, SurfaceCache  # noqa: E402
from tala_desktop.ui.screens.rules import RulesScene  # noqa: E402
from tala_desktop.ui.screens.settings import SettingsScene  # noqa: E402
from tala_desktop.ui.screens.setup import SetupScene  # noqa: E402
from tala_desktop.ui.screens.tutorial import tutorial_scene  # noqa: E402
from tala_desktop.ui.shared.new_game import selftest_config  # noqa: E402
from tala_desktop.ui.shell.app_loop import App, AppOptions, StepClock  # noqa: E402
from tala_desktop.ui.shell.desktop import Desktop  # noqa: E402
from tala_desktop.ui.shell.selftest import results_shown  # noqa: E402

SIZES = ((1280, 720), (1920, 1080), (1024, 768), (2520, 1080), (960, 540), (2560, 1440), (1366, 768), (1600, 900))
MB = 1024 * 1024


def rss_mb() -> float:
    """The process's resident memory now (Linux /proc; the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
    except (OSError, ValueError, IndexError, AttributeError):  # no /proc, or no sysconf (a Windows Python)
        return peak_rss_mb()



def held_images() -> tuple[int, int]:
    """(count, pixel bytes) of the surfaces Python objects refer to; a subsurface shares its parent's pixels.

    The collector lists only the containers it tracks; a dict or tuple of surfaces and plain keys is untracked
    (it cannot be part of a cycle), so those are followed from whatever refers to them."""
    gc.collect()
    seen: dict[int, pygame.Surface] = {}
    todo = gc.get_objects()
    visited: set[int] = set()
    while todo:
        obj = todo.pop()
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface):
                seen[id(ref)] = ref
            elif isinstance(ref, (dict, list, tuple, set, frozenset)) and not gc.is_tracked(ref) \
                    and id(ref) not in visited:
                visited.add(id(ref))
                todo.append(ref)
    total = sum(s.get_bytesize() * s.get_width() * s.get_height() for s in seen.values() if s.get_parent() is None)
    return len(seen), total


def surface_caches() -> list[SurfaceCache]:
    return [o for o in gc.get_objects() if isinstance(o, SurfaceCache)]


def _frames(app: App, n: int, until=None) -> None:
    for _ in range(n):
        app.frame()
        if until is not None and until():
            return


def _back_to_menu(desktop: Desktop) -> None:
    for client in list(desktop.games.clients):
        desktop.games.leave_table(client)
    desktop.app.stack.clear()
    desktop.show_menu()


def walk(desktop: Desktop, seed: int, table_frames: int) -> None:
    """The menu, three pages, the tutorial and a bot table to its results, at the window's size now."""
    app, games = desktop.app, desktop.games
    _frames(app, 60)
    for page in (SetupScene(app.services, desktop.run, lambda choices: None), SettingsScene(app.services),
                 RulesScene(app.services, desktop.run)):
        app.stack.push(page)
        _frames(app, 60)
        if isinstance(page, RulesScene):
            page.scroll_to(100_000, smooth=False)
            _frames(app, 10)
        app.stack.pop()
    app.stack.push(tutorial_scene(app.services))
    _frames(app, 300)
    _back_to_menu(desktop)
    games.open_table(games.bots_only_client(selftest_config(seed)), spectator=True)
    _frames(app, table_frames, lambda: results_shown(app))
    _frames(app, 150)
    _back_to_menu(desktop)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--rounds", type=int, default=1, help="times through every window size")
    ap.add_argument("--table-frames", type=int, default=20000,
                    help="frames (1/60 s each) a bot table may take to reach its results")
    ap.add_argument("--seed", type=int, default=7, help="the bot tables' first deal seed")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    desktop = build_desktop(AppOptions(windowed=SIZES[0]), StepClock())
    app = desktop.app
    print(f"ui_memory: {len(SIZES)} window sizes x {args.rounds} round(s), one app, SDL {os.environ['SDL_VIDEODRIVER']}"
          " driver: menu, setup, settings, rules, tutorial, a four-bot table to its results")
    try:
        desktop.show_menu()
        _frames(app, 5)
        count, pixels = held_images()
        print(f"  start: RSS {rss_mb():.1f} MB, images held {count} ({pixels / MB:.1f} MB)")
        for r in range(args.rounds):
            for i, size in enumerate(SIZES):
                app.display.set_window_size(size)
                walk(desktop, args.seed + i, args.table_frames)
                count, pixels = held_images()
                print(f"  round {r + 1} {size[0]}x{size[1]}: RSS {rss_mb():.1f} MB, images held {count}"
                      f" ({pixels / MB:.1f} MB)")
        caches = surface_caches()
        total = sum((c.stats() for c in caches), CacheStats(0, 0, 0, 0, 0))
        cached_mb = sum(c.pixel_bytes() for c in caches) / MB
        print(f"  peak RSS {peak_rss_mb():.1f} MB")
        print(f"  surface caches: {len(caches)}, {total.size} images ({cached_mb:.1f} MB) of {total.limit} allowed;"
              f" {total.hits} hits, {total.misses} misses, {total.evictions} evictions")
    finally:
        app.shutdown()
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
