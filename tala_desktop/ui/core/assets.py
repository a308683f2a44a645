"""Assets: where the bundled asset folder is, and a lazy cached font loader.

The folder is found, in order, as the installed package ``tala_desktop.assets``
(pyproject maps the top-level ``assets/`` there), as ``sys._MEIPASS/assets``
when frozen by PyInstaller, or as the repository's ``assets/`` beside the
package when running from source. The folder is read-only for the program.
"""

from __future__ import annotations

import importlib.resources
import importlib.util
import sys
from pathlib import Path

import pygame

from .glyph_fallback import FallbackFont, GlyphCover

ASSET_PACKAGE = "tala_desktop.assets"
FONT_REGULAR = "fonts/DejaVuSans.ttf"
FONT_BOLD = "fonts/DejaVuSans-Bold.ttf"
FONT_EMOJI = "fonts/NotoEmoji-Regular.ttf"   # Noto Emoji (monochrome), for the emoji DejaVu lacks
_MARKER = FONT_REGULAR  # a file every valid asset folder has


def _is_asset_dir(path: Path | None) -> bool:
    return path is not None and (path / _MARKER).is_file()


def _package_dir() -> Path | None:
    """The installed ``tala_desktop.assets`` folder, if it is a real directory."""
    try:
        spec = importlib.util.find_spec(ASSET_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    try:
        root = importlib.resources.files(ASSET_PACKAGE)
        if isinstance(root, Path) and _is_asset_dir(root):
            return root
    except (ImportError, TypeError, ValueError, AttributeError):
        pass
    for location in spec.submodule_search_locations or ():  # namespace package
        if _is_asset_dir(Path(location)):
            return Path(location)
    return None


def asset_root() -> Path:
    """The folder holding fonts/ (and later sounds/, images/); never written to."""
    found = _package_dir()
    if found is not None:
        return found
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass is not None and _is_asset_dir(Path(meipass) / "assets"):
        return Path(meipass) / "assets"
    source = Path(__file__).resolve().parents[3] / "assets"
    if _is_asset_dir(source):
        return source
    raise FileNotFoundError(
        f"asset folder not found: no package {ASSET_PACKAGE}, no frozen bundle, no {source}"
    )


def asset_path(*parts: str) -> Path:
    """Path of a file inside the asset folder."""
    return asset_root().joinpath(*parts)


class Fonts:
    """Loads the bundled DejaVu fonts on first use and caches them by (size, bold).

    DejaVu Sans covers every Vietnamese diacritic and the suit symbols ♠♣♦♥,
    which pygame's default font does not; what it lacks (most emoji) each font
    draws from Noto Emoji (glyph_fallback.py).
    """

    def __init__(self, root: Path | None = None) -> None:
        self._root = root
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._emoji: dict[int, pygame.font.Font] = {}
        self._covers: dict[str, GlyphCover] = {}

    @property
    def root(self) -> Path:
        if self._root is None:
            self._root = asset_root()
        return self._root

    def path(self, bold: bool = False) -> Path:
        return self.root / (FONT_BOLD if bold else FONT_REGULAR)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` pixels (clamped to >= 1), loaded once."""
        size = max(1, int(size))
        key = (size, bold)
        cached = self._cache.get(key)
        if cached is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.path(bold)
            cached = FallbackFont(path, size, self._cover(path), self._emoji_font(size),
                                  self._cover(self.root / FONT_EMOJI))
            self._cache[key] = cached
        return cached

    def _cover(self, path: Path) -> GlyphCover:
        return self._covers.setdefault(str(path), GlyphCover(path))

    def _emoji_font(self, size: int) -> pygame.font.Font:
        """The emoji font at the size whose line is no taller than the text font's at ``size``."""
        found = self._emoji.get(size)
        if found is None:
            path = str(self.root / FONT_EMOJI)
            found = pygame.font.Font(path, size)
            text_h = pygame.font.Font(str(self.path()), size).get_height()
            if found.get_height() > text_h:
                found = pygame.font.Font(path, max(1, size * text_h // found.get_height()))
            self._emoji[size] = found
        return found

    def clear(self) -> None:
        self._cache.clear()
        self._emoji.clear()
