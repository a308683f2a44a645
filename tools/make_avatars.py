"""Make avatars: draws the twelve picture avatars (animal faces, from pygame shapes) and writes them for the app.

    python tools/make_avatars.py            # rewrites assets/images/avatars/*.png
    python tools/make_avatars.py --check    # exit 1 if those files differ from the drawings

Each picture is 256 px square with transparent corners (a round tile); the
app scales it to the size it shows it at. A recipe draws on a square
surface four times larger than shipped (every edge comes out smooth) in
units of one hundredth of its side: the face in the middle, the tile's
colour behind it. The files are committed, so the
app and a build need neither this script nor its drawings; the pictures
are the project's own work, under the project's licence (AVATARS-NOTE.txt
beside them).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

Colour = tuple[int, int, int]
Point = tuple[float, float]

INK: Colour = (34, 30, 36)
WHITE: Colour = (250, 250, 246)
PINK: Colour = (244, 150, 164)
CHEEK: Colour = (250, 168, 160)


class Pen:
    """Shapes in units of one hundredth of the picture's side."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.s = surface
        self.u = surface.get_width() / 100

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.u, y * self.u)

    def circle(self, colour: Colour, x: float, y: float, r: float) -> None:
        pygame.draw.circle(self.s, colour, self._p(x, y), r * self.u)

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float, angle: float = 0.0) -> None:
        """An ellipse centred on (x, y), turned ``angle`` degrees clockwise."""
        w, h = max(1, round(2 * rx * self.u)), max(1, round(2 * ry * self.u))
        if not angle:
            pygame.draw.ellipse(self.s, colour, pygame.Rect(round((x - rx) * self.u), round((y - ry) * self.u), w, h))
            return
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        pygame.draw.ellipse(layer, colour, layer.get_rect())
        turned = pygame.transform.rotate(layer, -angle)
        self.s.blit(turned, turned.get_rect(center=(round(x * self.u), round(y * self.u))))

    def poly(self, colour: Colour, *points: Point) -> None:
        pygame.draw.polygon(self.s, colour, [self._p(x, y) for x, y in points])

    def arc(self, colour: Colour, x: float, y: float, rx: float, ry: float, start: float, stop: float,
            width: float) -> None:
        """An arc of the ellipse around (x, y) from ``start`` to ``stop`` degrees (0 is 3 o'clock, counter-
        clockwise, as pygame counts), ``width`` units thick."""
        steps = max(8, int(abs(stop - start) / 4))
        pts = [self._p(x + rx * math.cos(math.radians(start + (stop - start) * i / steps)),
                       y - ry * math.sin(math.radians(start + (stop - start) * i / steps))) for i in range(steps + 1)]
        pygame.draw.lines(self.s, colour, False, pts, max(1, round(width * self.u)))
        for end in (pts[0], pts[-1]):       # round caps
            pygame.draw.circle(self.s, colour, end, width * self.u / 2)

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.s, colour, self._p(*a), self._p(*b), max(1, round(width * self.u)))
        for end in (a, b):
            pygame.draw.circle(self.s, colour, self._p(*end), width * self.u / 2)

    def muzzle_smile(self, y: float, d: float, rx: float, ry: float, width: float,
                     spread: tuple[float, float] = (200, 340)) -> None:
        """The "w" of a muzzle: two small arcs side by side, ``d`` either side of the middle."""
        for x in (50 - d, 50 + d):
            self.arc(INK, x, y, rx, ry, spread[0], spread[1], width)

    def round_ears(self, outer: Colour, inner: Colour, dx: float, y: float, r: float, r_inner: float) -> None:
        """Two round ears, ``dx`` either side of the middle, each with its inner colour."""
        for side in (-1, 1):
            self.circle(outer, 50 + side * dx, y, r)
            self.circle(inner, 50 + side * dx, y, r_inner)

    def eye(self, x: float, y: float, r: float, iris: Colour = INK, white: bool = True) -> None:
        """A round eye: white, the iris, a highlight."""
        if white:
            self.circle(WHITE, x, y, r)
            self.circle(iris, x, y + r * 0.1, r * 0.62)
        else:
            self.circle(iris, x, y, r)
        self.circle(WHITE, x - r * 0.22, y - r * 0.2, r * 0.24)


def cat(p: Pen) -> None:
    fur, dark = (240, 160, 70), (200, 112, 40)
    for side in (-1, 1):
        p.poly(fur, (50 + side * 14, 36), (50 + side * 34, 12), (50 + side * 36, 44))
        p.poly(PINK, (50 + side * 19, 36), (50 + side * 32, 19), (50 + side * 33, 40))
    p.ellipse(fur, 50, 56, 34, 30)
    for dx in (-6, 0, 6):
        p.poly(dark, (50 + dx - 3, 27), (50 + dx + 3, 27), (50 + dx, 37))
    for side in (-1, 1):
        p.ellipse((120, 190, 90), 50 + side * 13, 52, 6, 7.5)
        p.ellipse(INK, 50 + side * 13, 52.5, 2.2, 6)
        p.circle(WHITE, 50 + side * 13 - 1.5, 49.5, 1.4)
        p.ellipse(CHEEK, 50 + side * 22, 64, 5, 3)
        for dy in (-3, 2):
            p.line(INK, (50 + side * 17, 64 + dy * 0.5), (50 + side * 38, 61 + dy * 1.6), 0.9)
    p.poly(PINK, (46, 61), (54, 61), (50, 65.5))
    p.muzzle_smile(66, 4, 4, 3.5, 1.4)


def dog(p: Pen) -> None:
    fur, ear, muzzle = (196, 142, 92), (120, 78, 48), (240, 218, 186)
    for side in (-1, 1):
        p.ellipse(ear, 50 + side * 31, 48, 11, 22, angle=side * 18)
    p.ellipse(fur, 50, 52, 30, 32)
    p.ellipse(muzzle, 50, 66, 17, 13)
    p.ellipse((150, 100, 60), 62, 42, 8, 9)          # a patch round the right eye
    for side in (-1, 1):
        p.eye(50 + side * 12, 44, 4.5, white=False)
    p.ellipse(INK, 50, 60, 6, 4.5)
    p.circle(WHITE, 48, 58.8, 1.3)
    p.line(INK, (50, 64), (50, 69), 1.4)
    p.ellipse((232, 96, 110), 50, 75, 4, 5)
    p.muzzle_smile(69, 5, 5, 3.5, 1.4, (190, 350))


def panda(p: Pen) -> None:
    for side in (-1, 1):
        p.circle(INK, 50 + side * 26, 27, 11)
    p.ellipse(WHITE, 50, 55, 34, 31)
    for side in (-1, 1):
        p.ellipse(INK, 50 + side * 14, 50, 8, 10.5, angle=side * 35)
        p.eye(50 + side * 13, 49, 3.6, iris=INK)
        p.ellipse(CHEEK, 50 + side * 24, 63, 4.5, 2.8)
    p.ellipse(INK, 50, 62, 5, 3.5)
    p.muzzle_smile(66, 3.5, 3.5, 3, 1.3)


def fox(p: Pen) -> None:
    fur, dark, cream = (236, 116, 42), (110, 54, 30), (252, 240, 224)
    for side in (-1, 1):
        p.poly(fur, (50 + side * 10, 34), (50 + side * 30, 10), (50 + side * 34, 42))
        p.poly(dark, (50 + side * 26, 16), (50 + side * 30, 10), (50 + side * 32, 22))
        p.poly(cream, (50 + side * 17, 34), (50 + side * 28, 19), (50 + side * 30, 38))
    p.poly(fur, (14, 44), (86, 44), (74, 66), (50, 84), (26, 66))
    p.ellipse(fur, 50, 46, 36, 18)
    p.poly(cream, (18, 52), (50, 60), (50, 84), (30, 70))
    p.poly(cream, (82, 52), (50, 60), (50, 84), (70, 70))
    for side in (-1, 1):
        p.ellipse(INK, 50 + side * 13, 50, 3.6, 4.6)
        p.circle(WHITE, 50 + side * 13 - 1.2, 48.6, 1.3)
    p.ellipse(INK, 50, 80, 4.5, 3.5)


def owl(p: Pen) -> None:
    body, dark, belly = (150, 104, 70), (104, 68, 44), (226, 196, 150)
    for side in (-1, 1):
        p.poly(dark, (50 + side * 16, 26), (50 + side * 34, 12), (50 + side * 32, 34))
    p.ellipse(body, 50, 56, 34, 34)
    p.ellipse(belly, 50, 72, 18, 14)
    for dx in (-6, 0, 6):
        p.arc(body, 50 + dx, 70, 3, 2.5, 200, 340, 1.1)
    for side in (-1, 1):
        p.circle((250, 220, 110), 50 + side * 14, 46, 12)
        p.circle(WHITE, 50 + side * 14, 46, 9.5)
        p.eye(50 + side * 14, 46, 6, white=False)
    p.poly((240, 150, 40), (45, 56), (55, 56), (50, 65))


def frog(p: Pen) -> None:
    skin, light = (108, 190, 76), (176, 224, 130)
    for side in (-1, 1):
        p.circle(skin, 50 + side * 19, 34, 13)
    p.ellipse(skin, 50, 58, 38, 27)
    p.ellipse(light, 50, 66, 26, 15)
    for side in (-1, 1):
        p.circle(WHITE, 50 + side * 19, 33, 9.5)
        p.eye(50 + side * 19, 34, 5.5, white=False)
        p.ellipse(CHEEK, 50 + side * 25, 60, 5, 3)
    p.arc(INK, 50, 56, 19, 12, 200, 340, 1.8)
    for side in (-1, 1):
        p.circle(INK, 50 + side * 4, 52, 1.1)


def tiger(p: Pen) -> None:
    fur, cream = (244, 150, 40), (252, 236, 210)
    p.round_ears(fur, INK, 26, 27, 10, 5.5)
    p.ellipse(fur, 50, 54, 35, 32)
    for side in (-1, 1):
        p.poly(INK, (50 + side * 35, 45), (50 + side * 24, 48), (50 + side * 34, 51))
        p.poly(INK, (50 + side * 34, 58), (50 + side * 23, 60), (50 + side * 33, 64))
        p.ellipse(cream, 50 + side * 9, 66, 12, 10)
    p.poly(INK, (44, 23), (56, 23), (50, 33))
    p.poly(INK, (40, 29), (44, 29), (42, 35))
    p.poly(INK, (56, 29), (60, 29), (58, 35))
    for side in (-1, 1):
        p.ellipse(WHITE, 50 + side * 13, 47, 6, 5)
        p.ellipse(INK, 50 + side * 13, 47.5, 3, 4)
        p.circle(WHITE, 50 + side * 13 - 1, 46, 1.2)
    p.poly((220, 100, 110), (45, 60), (55, 60), (50, 65))
    p.muzzle_smile(68, 4, 4, 3, 1.3)


def rabbit(p: Pen) -> None:
    fur = (240, 238, 234)
    for side in (-1, 1):
        p.ellipse(fur, 50 + side * 14, 24, 8, 23, angle=side * 10)
        p.ellipse(PINK, 50 + side * 14, 25, 4, 16, angle=side * 10)
    p.ellipse(fur, 50, 60, 31, 27)
    for side in (-1, 1):
        p.eye(50 + side * 12, 55, 4.2, iris=(90, 60, 80), white=False)
        p.ellipse(CHEEK, 50 + side * 21, 66, 5, 3)
    p.poly(PINK, (46.5, 63), (53.5, 63), (50, 67))
    p.line(INK, (50, 67), (50, 70), 1.1)
    p.muzzle_smile(70, 4, 4, 3, 1.2)
    p.poly(WHITE, (47.5, 72), (52.5, 72), (52.5, 77), (47.5, 77))
    p.line((200, 200, 200), (50, 72), (50, 77), 0.5)


def bear(p: Pen) -> None:
    fur, light = (150, 98, 58), (218, 180, 132)
    p.round_ears(fur, light, 26, 28, 12, 6.5)
    p.ellipse(fur, 50, 55, 35, 32)
    p.ellipse(light, 50, 66, 15, 12)
    for side in (-1, 1):
        p.eye(50 + side * 14, 48, 3.8, white=False)
    p.ellipse(INK, 50, 61, 6, 4.5)
    p.circle(WHITE, 48.2, 59.8, 1.3)
    p.line(INK, (50, 64), (50, 68), 1.3)
    p.muzzle_smile(68, 4, 4, 3, 1.3)


def penguin(p: Pen) -> None:
    black, beak = (44, 50, 64), (248, 164, 40)
    p.ellipse(black, 50, 54, 36, 36)
    p.circle(WHITE, 38, 52, 15)
    p.circle(WHITE, 62, 52, 15)
    p.ellipse(WHITE, 50, 66, 24, 16)
    for side in (-1, 1):
        p.eye(50 + side * 11, 50, 4.2, white=False)
        p.ellipse(CHEEK, 50 + side * 21, 62, 4.5, 2.8)
    p.poly(beak, (43, 58), (57, 58), (50, 67))


def monkey(p: Pen) -> None:
    fur, face = (134, 88, 54), (238, 204, 160)
    p.round_ears(fur, face, 34, 52, 11, 6.5)
    p.ellipse(fur, 50, 50, 30, 32)
    p.circle(face, 41, 48, 11)
    p.circle(face, 59, 48, 11)
    p.ellipse(face, 50, 64, 20, 14)
    for side in (-1, 1):
        p.eye(50 + side * 9, 48, 3.6, white=False)
        p.circle(INK, 50 + side * 2.5, 60, 1.2)
    p.arc(INK, 50, 64, 10, 6, 200, 340, 1.6)


def buffalo(p: Pen) -> None:
    hide, horn, muzzle = (120, 124, 132), (236, 226, 200), (176, 170, 172)
    for side in (-1, 1):
        outer = [(18, 38), (32, 37), (41, 30), (43, 20), (38, 11)]       # a horn sweeping out and up
        inner = [(37, 20), (34, 27), (25, 31), (17, 31)]
        p.poly(horn, *[(50 + side * x, y) for x, y in outer + inner])
        p.ellipse(hide, 50 + side * 33, 44, 10, 5.5, angle=side * 20)
    p.ellipse(hide, 50, 52, 28, 30)
    p.ellipse(muzzle, 50, 70, 19, 12)
    for side in (-1, 1):
        p.eye(50 + side * 12, 46, 4, white=False)
        p.ellipse(INK, 50 + side * 7, 70, 3, 3.8)
    p.arc((90, 94, 100), 50, 30, 8, 3, 200, 340, 1.4)


# (file name, the tile's colour behind the face, recipe); an avatar's id is its place here after the colours
PICTURES: tuple[tuple[str, Colour, Callable[[Pen], None]], ...] = (
    ("cat", (88, 150, 214), cat), ("dog", (120, 196, 170), dog), ("panda", (140, 200, 110), panda),
    ("fox", (64, 120, 100), fox), ("owl", (70, 90, 150), owl), ("frog", (250, 208, 110), frog),
    ("tiger", (60, 140, 120), tiger), ("rabbit", (236, 140, 160), rabbit), ("bear", (150, 200, 230), bear),
    ("penguin", (120, 200, 230), penguin), ("monkey", (240, 190, 90), monkey), ("buffalo", (150, 190, 100), buffalo),
)


def draw(index: int, size: int, supersample: int = 4) -> pygame.Surface:
    """Picture ``index`` of PICTURES, ``size`` pixels square: the face on a round tile, transparent corners."""
    _, tile, recipe = PICTURES[index]
    big = size * supersample
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((*tile, 255))
    recipe(Pen(canvas))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.circle(mask, (255, 255, 255, 255), (big / 2, big / 2), big / 2)
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(canvas, (size, size))


ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "images" / "avatars"
SIZE = 256
MAX_CHANNEL_DIFF = 2     # --check: the most any pixel may differ (other pygame builds round a little otherwise)


def file_name(index: int) -> str:
    return f"{index + 1:02d}-{PICTURES[index][0]}.png"


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(len(PICTURES)):
        path = folder / file_name(i)
        pygame.image.save(draw(i, SIZE), str(path))
        out.append(path)
    return out


def differences(folder: Path) -> list[str]:
    """The files in ``folder`` that are missing or differ from the drawings by more than MAX_CHANNEL_DIFF."""
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for fresh in write(Path(tmp)):
            kept = folder / fresh.name
            if not kept.exists():
                bad.append(f"{kept.name}: missing")
                continue
            a, b = pygame.image.load(str(kept)), pygame.image.load(str(fresh))
            if a.get_size() != b.get_size():
                bad.append(f"{kept.name}: {a.get_size()} instead of {b.get_size()}")
                continue
            da, db = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
            worst = max((abs(x - y) for x, y in zip(da, db)), default=0)
            if worst > MAX_CHANNEL_DIFF:
                bad.append(f"{kept.name}: differs by up to {worst}")
    extra = sorted(p.name for p in folder.glob("*.png") if p.name not in {file_name(i) for i in range(len(PICTURES))})
    return bad + [f"{name}: no drawing makes it" for name in extra]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--out", type=Path, default=OUT, help="folder the PNG files go to")
    ap.add_argument("--check", action="store_true", help="compare the files with the drawings instead of writing")
    args = ap.parse_args(argv)
    pygame.display.init()
    if args.check:
        bad = differences(args.out)
        for line in bad:
            print(line)
        print(f"{len(PICTURES)} avatar pictures: {'differ' if bad else 'match the drawings'}")
        return 1 if bad else 0
    for path in write(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
