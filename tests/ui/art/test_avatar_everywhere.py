"""One avatar everywhere: the look chosen in the profile is the face on the new-game page's seat and at the
table, not the colour the name picks (which players without a look get)."""

from __future__ import annotations

import pygame

from tala_desktop.ui.art.avatars import Faces, avatar_colour
from tala_desktop.ui.art.theme import AVATAR_COLOURS
from tala_desktop.ui.screens.setup import AVATAR, LEFT, SetupScene
from tala_desktop.ui.shared.run_state import RunState
from tests.ui.store_app_helpers import open_app, run


def test_the_new_game_page_shows_the_look_chosen_in_the_profile(pg, tmp_path):
    app = open_app(tmp_path).app
    try:
        store = app.services.store
        name = store.profile().name
        look = (AVATAR_COLOURS.index(avatar_colour(name)) + 1) % len(AVATAR_COLOURS)   # not the name's colour
        store.set_avatar(look)
        page = SetupScene(app.services, RunState(), lambda choices: None)
        app.stack.push(page)
        run(app, 40)
        canvas = pygame.Surface((1280, 720))
        page.draw(canvas)
        spot = (AVATAR // 2, AVATAR // 5)                     # above the initials: the disc's own colour
        drawn = canvas.get_at((LEFT.x + spot[0], page._row_y(0) - 1 + spot[1]))[:3]
        faces = app.services.faces
        assert _near(drawn, faces.face(name, look, AVATAR).get_at(spot)[:3])
        assert not _near(drawn, faces.face(name, None, AVATAR).get_at(spot)[:3])
    finally:
        app.shutdown()


def _near(a, b, tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_the_picture_avatars_are_shipped_with_their_note_and_match_their_drawings():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    folder = root / "assets" / "images" / "avatars"
    pictures = sorted(folder.glob("*.png"))
    assert len(pictures) == 12 and (folder / "AVATARS-NOTE.txt").is_file()
    assert "licence" in (folder / "AVATARS-NOTE.txt").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, str(root / "tools" / "make_avatars.py"), "--check"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_picture_chosen_in_the_profile_is_your_face_on_the_menu_the_new_game_page_and_the_table(pg, tmp_path):
    from tala_desktop.ui.art.avatars import COLOUR_LOOKS
    from tala_desktop.ui.screens.menu import MenuScene
    from tala_desktop.ui.screens.profile import ProfileScene
    from tala_desktop.ui.table.painter import TablePainter
    from tests.ui.store_app_helpers import click

    app = open_app(tmp_path).app
    try:
        store = app.services.store
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        page = ProfileScene(app.services)
        app.stack.push(page)
        run(app, 30)
        rects = page.avatar_rects()
        faces = app.services.faces
        assert len(rects) == faces.looks == COLOUR_LOOKS + 12         # the colours, then the pictures
        click(app, rects[COLOUR_LOOKS + 2].center)                    # the panda
        assert store.profile().avatar == COLOUR_LOOKS + 2 and faces.is_picture(store.profile().avatar)
        name, look = store.profile().name, store.profile().avatar
        panda = faces.face(name, look, AVATAR)
        assert not _same_image(panda, faces.face(name, 2, AVATAR))   # a picture, not the colour disc
        setup = SetupScene(app.services, RunState(), lambda choices: None)
        app.stack.push(setup)
        run(app, 30)
        canvas = pygame.Surface((1280, 720))
        setup.draw(canvas)
        spot = (AVATAR // 2, AVATAR // 3)
        drawn = canvas.get_at((LEFT.x + spot[0], setup._row_y(0) - 1 + spot[1]))[:3]
        assert _near(drawn, panda.get_at(spot)[:3])
        painter = TablePainter(app.services.fonts, app.services.cards, app.services.faces)
        seat = painter.avatar(name, 76, False, look)
        assert _same_image(seat, faces.face(name, look, 76))
    finally:
        app.shutdown()


def test_an_unreadable_picture_is_drawn_as_the_looks_colour(pg, fonts, tmp_path):
    from tala_desktop.ui.art.avatars import COLOUR_LOOKS

    broken = tmp_path / "01-cat.png"
    broken.write_bytes(b"not a png")
    faces = Faces(fonts, files=[broken])
    img = faces.face("Lan", COLOUR_LOOKS, 60)                       # the one picture, unreadable
    assert img.get_size() == (60, 60)
    assert _same_image(img, Faces(fonts, files=[]).face("Lan", COLOUR_LOOKS % COLOUR_LOOKS, 60))


def _same_image(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
