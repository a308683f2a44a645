"""The gallery tool writes its sheet of the art, and the sheet matches its reference frame."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame

from tala_desktop.ui.art import theme
from tests.ui.reference_frames import assert_matches

GALLERY = Path(__file__).resolve().parents[3] / "tools" / "ui_gallery.py"


def test_the_gallery_writes_the_sheet_of_the_art_as_its_reference_shows_it(pg, tmp_path):
    spec = importlib.util.spec_from_file_location("ui_gallery", GALLERY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "gallery.png"
    assert module.main([str(out), "--language", "en"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1600, 1800)
    assert tuple(image.get_at((4, 4)))[:3] == module.BG         # the sheet's own green, not a blank surface
    w, h = module.card_size(110)                                # the first face, the ace of spades, on paper
    assert tuple(image.get_at((20 + w // 2, 48 + h - 6)))[:3] == theme.CARD_PAPER
    assert_matches(image, "gallery_en")
