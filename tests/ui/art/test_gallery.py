"""The gallery tool renders every piece of art into a non-blank PNG."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame

GALLERY = Path(__file__).resolve().parents[3] / "tools" / "ui_gallery.py"


def test_gallery_writes_a_png(pg, tmp_path):
    spec = importlib.util.spec_from_file_location("ui_gallery", GALLERY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "gallery.png"
    assert module.main([str(out), "--language", "en"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_width() >= 1280
    colours = {image.get_at((x, y))[:3] for x in range(0, image.get_width(), 37) for y in range(0, 1200, 37)}
    assert len(colours) > 50
