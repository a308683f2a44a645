"""Assets: the asset folder is found installed, frozen or from source; fonts load once per size."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.ui.core import assets


def test_asset_root_holds_the_fonts_and_licence():
    root = assets.asset_root()
    assert (root / assets.FONT_REGULAR).is_file()
    assert (root / assets.FONT_BOLD).is_file()
    assert (root / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert assets.asset_path("fonts", "DejaVuSans.ttf") == root / assets.FONT_REGULAR


def _fake_assets(base: Path) -> Path:
    (base / "assets" / "fonts").mkdir(parents=True)
    (base / "assets" / assets.FONT_REGULAR).write_bytes(b"not really a font")
    return base / "assets"


def test_frozen_bundle_is_used_when_no_package(monkeypatch, tmp_path):
    fake = _fake_assets(tmp_path)
    monkeypatch.setattr(assets, "_package_dir", lambda: None)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_root() == fake


def test_source_tree_is_the_last_resort(monkeypatch):
    monkeypatch.setattr(assets, "_package_dir", lambda: None)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    root = assets.asset_root()
    assert root == Path(assets.__file__).resolve().parents[3] / "assets"


def test_installed_package_wins(monkeypatch, tmp_path):
    fake = _fake_assets(tmp_path / "pkg")
    monkeypatch.setattr(assets, "_package_dir", lambda: fake)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_root() == fake


def test_missing_assets_raise_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(assets, "_package_dir", lambda: None)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(assets, "__file__", str(tmp_path / "a" / "b" / "assets.py"))
    with pytest.raises(FileNotFoundError, match="asset folder not found"):
        assets.asset_root()


def test_fonts_are_cached_by_size_and_weight(fonts):
    assert fonts.font(20) is fonts.font(20)
    assert fonts.font(20) is not fonts.font(20, bold=True)
    assert fonts.font(20).size("Phỏm")[1] > 0
    assert fonts.font(0).get_height() > 0  # clamped, never a crash


def test_importing_the_ui_does_no_work():
    code = (
        "import pygame, tala_desktop.ui.core.assets, tala_desktop.ui.art.card_art, tala_desktop.ui.art.table_art, "
        "tala_desktop.ui.audio.sounds, tala_desktop.ui.core.i18n, tala_desktop.ui.core.tween, "
        "tala_desktop.ui.core.scene, "
        "tala_desktop.ui.widgets.controls, tala_desktop.ui.core.display\n"
        "assert not pygame.display.get_init() and not pygame.font.get_init() and not pygame.mixer.get_init()\n"
    )
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
