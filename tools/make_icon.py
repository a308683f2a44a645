"""Make icon: draws the app icon (a fan of cards on green felt) with the game's own art and writes the icon files.

    python tools/make_icon.py [--out assets] [--preview /tmp/icon-preview.png]

Writes ``icon.png`` (256 px, for windows and Linux desktop files),
``icon.ico`` (Windows: 16-256 px) and ``icon.icns`` (macOS: 16-1024 px), and
the Windows installer's side picture, ``tools/windows_installer_side.bmp``
(164 x 314 px, the menu's logo: felt, card fan, title and ribbon; a 24-bit BMP
as NSIS wants it, kept beside the installer script, not in the app).
One 1024 px master is drawn with ``CardArt`` and ``MenuArt`` (the menu's felt
and card fan) and scaled down by halves. No Pillow: both containers are
written here; .ico holds 32-bit BMP images below 256 px and a PNG at 256 px,
.icns holds PNG images (both formats allow that). Re-running gives the same
picture; the files are committed so a build needs neither pygame's display
nor this script.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tala_desktop.ui.art import gfx  # noqa: E402
from tala_desktop.ui.art.card_art import CardArt, card_size  # noqa: E402
from tala_desktop.ui.art.menu_art import MenuArt  # noqa: E402
from tala_desktop.ui.core.assets import Fonts  # noqa: E402

MASTER = 1024
ICON_CARDS = (12, 0 + 39, 11 + 39)     # K♠ A♥ Q♥, the ace in the middle
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (                          # (OSType, pixels): the set Apple's iconutil writes
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"icp6", 64), (b"ic12", 64), (b"ic07", 128),
    (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512), (b"ic10", 1024),
)
SIDE_SIZE = (164, 314)                  # NSIS Modern UI's welcome/finish picture
ROOT = Path(__file__).resolve().parent.parent


def draw_master(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` px: a rounded felt tile with a gold rim and three cards fanned from below."""
    fonts = Fonts()
    art = MenuArt(fonts, CardArt(fonts))
    inset = round(size * 0.06)
    tile = size - 2 * inset
    radius = round(tile * 0.2)
    felt = pygame.Surface((tile, tile), pygame.SRCALPHA)
    felt.blit(art.background((tile, tile)), (0, 0))
    felt.blit(gfx.rounded_rect((tile, tile), (255, 255, 255, 255), radius), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    rim = max(2, size // 64)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(felt, (inset, inset))
    out.blit(gfx.rounded_rect((tile, tile), (0, 0, 0, 0), radius, rim, (232, 184, 72, 255)), (inset, inset))
    width = round(size * 0.33)
    height = card_size(width)[1]
    pivot = (size / 2, size * 0.5 + height * 1.05 - height * 0.05)
    art.draw_fan(out, pivot, width, 1.0, cards=ICON_CARDS, spread=19.0)
    return out


def draw_installer_side(size: tuple[int, int] = SIDE_SIZE) -> pygame.Surface:
    """The installer's welcome and finish pages' side picture: the menu's logo on its felt, drawn at twice the
    size and scaled down."""
    fonts = Fonts()
    art = MenuArt(fonts, CardArt(fonts))
    w, h = size[0] * 2, size[1] * 2
    out = pygame.Surface((w, h))
    out.blit(art.background((w, h)), (0, 0))
    rays = art.rays(round(w * 0.9))
    out.blit(rays, rays.get_rect(center=(w / 2, h * 0.4)))
    card_w = round(w * 0.3)
    art.draw_fan(out, (w / 2, h * 0.32 + card_size(card_w)[1] * 1.05), card_w, 1.0)
    title = art.gold_text("Tá Lả", round(w * 0.26))
    out.blit(title, title.get_rect(center=(w / 2, h * 0.525)))
    ribbon = art.ribbon("Phỏm · Tá lả", w - 40, round(w * 0.14))
    out.blit(ribbon, ribbon.get_rect(center=(w / 2, h * 0.64)))
    return pygame.transform.smoothscale(out, size)


def scaled(master: pygame.Surface, px: int) -> pygame.Surface:
    """``master`` scaled to ``px`` square by halving steps (sharper than one big smoothscale)."""
    img = master
    while img.get_width() >= 2 * px:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    return img if img.get_width() == px else pygame.transform.smoothscale(img, (px, px))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def bmp_icon_bytes(surface: pygame.Surface) -> bytes:
    """A 32-bit BGRA DIB as .ico stores it: double height in the header, rows bottom-up, an all-zero AND mask."""
    w, h = surface.get_size()
    header = struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = pygame.image.tobytes(surface, "BGRA", True)  # flipped: bottom row first
    mask_row = ((w + 31) // 32) * 4
    return header + rows + bytes(mask_row * h)


def ico_bytes(master: pygame.Surface, sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    images = [(px, png_bytes(scaled(master, px)) if px >= 256 else bmp_icon_bytes(scaled(master, px)))
              for px in sizes]
    offset = 6 + 16 * len(images)
    head = struct.pack("<HHH", 0, 1, len(images))
    entries = b""
    for px, data in images:
        entries += struct.pack("<BBBBHHII", px % 256, px % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + entries + b"".join(data for _, data in images)


def icns_bytes(master: pygame.Surface) -> bytes:
    pngs: dict[int, bytes] = {}
    body = b""
    for ostype, px in ICNS_TYPES:
        data = pngs.setdefault(px, png_bytes(scaled(master, px)))
        body += ostype + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets",
                    help="folder for icon.png, icon.ico, icon.icns (default: the repository's assets/)")
    ap.add_argument("--installer-side", type=Path, default=ROOT / "tools" / "windows_installer_side.bmp",
                    help="the installer's side picture (default: tools/windows_installer_side.bmp)")
    ap.add_argument("--preview", type=Path, help="also save the 1024 px master here (default: not saved)")
    args = ap.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    master = draw_master()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "icon.png").write_bytes(png_bytes(scaled(master, 256)))
    (args.out / "icon.ico").write_bytes(ico_bytes(master))
    (args.out / "icon.icns").write_bytes(icns_bytes(master))
    pygame.image.save(draw_installer_side(), str(args.installer_side))
    if args.preview:
        pygame.image.save(master, str(args.preview))
    for path in (*(args.out / name for name in ("icon.png", "icon.ico", "icon.icns")), args.installer_side):
        print(f"{path}: {path.stat().st_size / 1024:.0f} KiB")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
