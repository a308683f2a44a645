"""One avatar everywhere: the look chosen in the profile is the face on the new-game page's seat and at the
table, not the colour the name picks (which players without a look get)."""

from __future__ import annotations

import pygame

from tala_desktop.ui.art.avatars import face
from tala_desktop.ui.art.table_art import AVATAR_COLOURS, avatar_colour
from tala_desktop.ui.screens.setup import AVATAR, LEFT, SetupScene

from .store_app_helpers import open_app, run


def test_the_new_game_page_shows_the_look_chosen_in_the_profile(pg, tmp_path):
    app = open_app(tmp_path)
    try:
        store = app.services.store
        name = store.profile().name
        look = (AVATAR_COLOURS.index(avatar_colour(name)) + 1) % len(AVATAR_COLOURS)   # not the name's colour
        store.set_avatar(look)
        page = SetupScene(app.services, lambda choices: None)
        app.stack.push(page)
        run(app, 40)
        canvas = pygame.Surface((1280, 720))
        page.draw(canvas)
        spot = (AVATAR // 2, AVATAR // 5)                     # above the initials: the disc's own colour
        drawn = canvas.get_at((LEFT.x + spot[0], page._row_y(0) - 1 + spot[1]))[:3]
        assert _near(drawn, face(name, look, AVATAR, app.services.fonts).get_at(spot)[:3])
        assert not _near(drawn, face(name, None, AVATAR, app.services.fonts).get_at(spot)[:3])
    finally:
        app.shutdown()


def _near(a, b, tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))
