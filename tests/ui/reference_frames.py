"""Reference frames: scenes drawn the same way every run, compared with the PNGs kept in tests/ui/reference/.

    python -m tests.ui.reference_frames                 # redraw every reference (after a change meant to show)
    python -m tests.ui.reference_frames table_mid_720p  # only the ones named

A frame is drawn headless with the bundled fonts, a fixed seed, bots that
decide at once and stepped time, then smoothscaled to half its size (the
gallery to a quarter) so the committed PNGs stay small (about 90 kB each).
``assert_matches(frame, name)`` compares a new frame with its reference: a
pixel differs when one of its channels is more than ``TOLERANCE`` away, and
the frame matches while at most ``MAX_DIFFERING`` of its pixels differ (room
for another FreeType's antialiasing at a few glyph edges, none for a moved
card, a changed colour or a missing part). On a mismatch the new frame and a
diff (differing pixels in magenta over the dimmed reference) are saved in
tests/artifacts/reference/ and the message says where and how much. Redraw
the references only for a change meant to be seen, and look at them first.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tala_desktop.ui.core import i18n  # noqa: E402
from tala_desktop.ui.core.assets import Fonts  # noqa: E402
from tala_desktop.ui.table.view import TableView  # noqa: E402
from tests.ui.table_helpers import Driver, make_services, make_table, moving, play_my_turn  # noqa: E402

REFERENCE = Path(__file__).resolve().parent / "reference"
OUT = Path(__file__).resolve().parents[1] / "artifacts" / "reference"
TOLERANCE = 8             # per channel, 0-255
MAX_DIFFERING = 0.0005    # of a frame's pixels
MID_GAME_DISCARDS = 6     # the table is shown at your first turn with this many cards discarded
SHRINK = {"gallery_en": 4}   # how much smaller a reference is kept than its frame (2 unless named here)


@dataclass
class TableFrames:
    """One game at a window size: the driver (its scene is still open), your mid-game turn and the results."""

    driver: Driver
    mid: pygame.Surface
    mid_view: TableView                  # what the mid-game frame was drawn from
    results: pygame.Surface | None


def mid_game(drv: Driver) -> bool:
    sc, m = drv.scene, drv.scene.model
    return (m is not None and sc.accepting_input and m.my_turn and not moving(sc.view())
            and sum(map(len, m.piles)) >= MID_GAME_DISCARDS)


def play_table(fonts: Fonts, size: tuple[int, int] = (1280, 720), to_results: bool = True) -> TableFrames:
    """Game 5 with three normal bots, played by mouse; the frames at your mid-game turn and at the results."""
    drv = Driver(make_table(seed=5), make_services(fonts, speed=2.0), size=size)
    sc = drv.scene
    stats: dict[str, int] = {}
    mid, view = None, None
    for _ in range(20000):
        if mid is None and mid_game(drv):
            mid, view = drv.draw().copy(), sc.view()
            if not to_results:
                break
        if mid is not None and sc.results is not None and drv.stack.top is sc.results:
            break
        play_my_turn(drv, stats)
        drv.step()
    assert mid is not None and view is not None, "the game never reached a mid-game turn of yours"
    results = None
    if to_results:
        assert sc.results is not None, "the game never ended"
        drv.step(90)                     # hands turned, chips flown, money shown
        results = drv.draw().copy()
    return TableFrames(drv, mid, view, results)


def gallery() -> pygame.Surface:
    """tools/ui_gallery.py's sheet of the art, in English."""
    import importlib.util
    path = Path(__file__).resolve().parents[2] / "tools" / "ui_gallery.py"
    spec = importlib.util.spec_from_file_location("ui_gallery", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    surface, _ = module.render("en")
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    return surface


def shrunk(frame: pygame.Surface, name: str) -> pygame.Surface:
    """``frame`` smoothscaled down as its reference ``name`` is kept (half size unless SHRINK says)."""
    k = SHRINK.get(name, 2)
    w, h = frame.get_size()
    return pygame.transform.smoothscale(frame.convert(32), (w // k, h // k)).convert(24)


def differing(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where one channel of ``a`` and ``b`` (same size) is more than TOLERANCE apart."""
    a, b = a.convert(24), b.convert(24)
    up, down = a.copy(), b.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)       # a - b, floored at 0
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)     # b - a, floored at 0
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)    # |a - b| per channel
    near = pygame.mask.from_threshold(up, (0, 0, 0), (TOLERANCE + 1, TOLERANCE + 1, TOLERANCE + 1, 255))
    near.invert()
    return near


def assert_matches(frame: pygame.Surface, name: str) -> None:
    """``frame`` (full size) looks like tests/ui/reference/``name``.png (shrunk); saves the evidence if not."""
    path = REFERENCE / f"{name}.png"
    assert path.is_file(), f"no reference {path}: draw it with `python -m tests.ui.reference_frames {name}`"
    actual = shrunk(frame, name)
    reference = pygame.image.load(str(path))
    assert actual.get_size() == reference.get_size(), f"{name}: {actual.get_size()} != {reference.get_size()}"
    diff = differing(actual, reference)
    count = diff.count()
    w, h = actual.get_size()
    if count <= MAX_DIFFERING * w * h:
        return
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(actual, str(OUT / f"{name}-actual.png"))
    shown = reference.convert(24)
    shown.fill((96, 96, 96), special_flags=pygame.BLEND_RGB_MULT)
    diff.to_surface(shown, setcolor=(255, 0, 255), unsetcolor=None)
    pygame.image.save(shown, str(OUT / f"{name}-diff.png"))
    box = diff.get_bounding_rects()
    raise AssertionError(f"{name}: {count} of {w * h} pixels ({count / (w * h):.3%}) differ from the reference "
                         f"by more than {TOLERANCE}, in {box[:4]} (reference pixels); see {OUT}/{name}-*.png")


def _table_720p(fonts: Fonts) -> dict[str, pygame.Surface]:
    frames = play_table(fonts)
    frames.driver.scene.close()
    assert frames.results is not None
    return {"table_mid_720p": frames.mid, "table_results_720p": frames.results}


def _table_4_3(fonts: Fonts) -> dict[str, pygame.Surface]:
    frames = play_table(fonts, (1024, 768), to_results=False)
    frames.driver.scene.close()
    return {"table_mid_1024x768": frames.mid}


def _gallery(fonts: Fonts) -> dict[str, pygame.Surface]:
    return {"gallery_en": gallery()}


MAKERS: tuple[Callable[[Fonts], dict[str, pygame.Surface]], ...] = (_table_720p, _table_4_3, _gallery)


def main(argv: list[str]) -> int:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    fonts = Fonts()
    REFERENCE.mkdir(exist_ok=True)
    wanted = set(argv)
    written = []
    for make in MAKERS:
        for name, frame in make(fonts).items():
            if wanted and name not in wanted:
                continue
            path = REFERENCE / f"{name}.png"
            pygame.image.save(shrunk(frame, name), str(path))
            written.append(name)
            print(f"wrote {path} ({path.stat().st_size // 1024} kB)")
    unknown = wanted - set(written)
    if unknown:
        print(f"unknown references: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
