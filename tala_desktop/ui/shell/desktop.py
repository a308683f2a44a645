"""Desktop: the game as the composition root (``app.composition``) wired it — the loop and its offline tables.

``Desktop.show_menu`` pushes the main menu, its entries wired to the
offline tables (a new game, "Chơi tiếp") and to the loop (Thoát).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..screens.menu import MenuScene
from ..shared.run_state import RunState
from ..shared.services import Services
from .app_loop import App
from .offline_games import OfflineGames


@dataclass
class Desktop:
    """The wired game: ``app`` runs the scenes, ``games`` hosts and shows the offline tables, ``run`` is what the
    pages remember between them."""

    app: App
    games: OfflineGames
    run: RunState

    @property
    def services(self) -> Services:
        return self.app.services

    def show_menu(self) -> MenuScene:
        games = self.games
        menu = MenuScene(self.app.services, self.run, games.start_game, self.app.quit,
                         continue_game=games.continue_game, can_continue=lambda: games.can_continue)
        self.app.stack.push(menu)
        return menu
