"""Offline games: the tables the app hosts and shows, each kept by the store (wallet money, autosave, settlement).

``OfflineGames`` builds a new table through ``OfflineSession.new`` (your
chips from the profile, each bot's from its stored balance), resumes the
autosaved game found at start-up ("Chơi tiếp") through
``OfflineSession.resume``, and settles a deliberate leave (Móm) through
``session.leave()``. Without a store (the selftest) it hosts plain tables
with ``START_BALANCE`` for every seat and keeps nothing. It pushes each
table's scene on the app's stack, pops it when you leave, and closes every
table (ending its bots) when the app ends. Every table's bots are decided by
the ``runner`` the composition root chose (None: each table starts its own
bot threads; tests hand in an ``InlineRunner``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from tala_desktop.bots.runner import Runner
from tala_desktop.store import Autosave, Notice, OfflineSession, StoreError
from tala_desktop.table import LocalTableClient, TableConfig, TableError

from ..core.scene import Scene, SceneStack
from ..shared.new_game import GameChoices, build_client, table_config
from ..shared.services import Services

if TYPE_CHECKING:
    from ..table.scene import TableScene
    from ..table.scene_layer import SceneLayer

log = logging.getLogger(__name__)


class OfflineGames:
    """The app's offline tables: their store sessions, clients and scenes."""

    def __init__(self, services: Services, stack: SceneStack, saved: Autosave | None = None,
                 runner: Runner | None = None, seed: int | None = None, hard_samples: int | None = None) -> None:
        self.services = services
        self.stack = stack
        self.saved = saved                      # the unfinished game found at start-up, until resumed
        self.runner = runner
        self.seed = seed                        # seed of every table (reproducible deals and bots)
        self.hard_samples = hard_samples        # Hard's samples a decision at new tables (None: its time budget)
        self.sessions: dict[int, OfflineSession] = {}
        self.clients: list[LocalTableClient] = []
        self.scenes: dict[int, TableScene] = {}   # id(client) -> its table scene

    # -- the scenes ------------------------------------------------------------------------
    def start_game(self, choices: GameChoices) -> Scene:
        """Host the chosen offline table (you at seat 0) and push its table scene."""
        return self.open_table(self.new_client(choices, seed=self.seed), spectator=False)

    def continue_game(self) -> Scene | None:
        """Resume the game a crash or a forced quit left (same cards, same turn, a fresh clock)."""
        client = self.continue_client()
        if client is None:
            return None
        return self.open_table(client, spectator=False)

    def open_table(self, client: LocalTableClient, spectator: bool = False) -> TableScene:
        from ..table.hand_view import KeptOrder
        from ..table.scene import TableScene  # the table scene is the heaviest module: load it on first use

        self.clients.append(client)
        session = self.sessions.get(id(client))
        kept = None if session is None or spectator else KeptOrder(   # your order of your hand, in the autosave
            session.hand_order(client.table.game_id), session.keep_hand_order)
        scene = TableScene(client, self.services, spectator=spectator, on_leave=lambda: self.leave_table(client),
                           bet=client.table.config.bet,
                           saved=self.services.store is not None,   # the store autosaves its offline games
                           layer=None if spectator else self.social_layer(client), kept=kept)
        self.scenes[id(client)] = scene
        self.stack.push(scene)
        return scene

    def leave_table(self, client: LocalTableClient) -> None:
        """Settle a game you left (Móm), close the table and pop its scene (and any overlay over it)."""
        self.leave(client)
        table = self.scenes.get(id(client))
        for i, scene in enumerate(self.stack.scenes):
            if scene is table:
                while len(self.stack) > i:
                    self.stack.pop()
                break
        self.close(client)

    def close(self, client: LocalTableClient) -> None:
        """The table closed (left, or the app quits: an unfinished game keeps its autosave)."""
        client.close()
        self.sessions.pop(id(client), None)
        self.scenes.pop(id(client), None)
        if client in self.clients:
            self.clients.remove(client)

    def close_all(self) -> None:
        """The app ends: close every table, ending its bots (the shared runner, if any, stops too)."""
        try:
            for client in list(self.clients):
                self.close(client)
        finally:
            if self.runner is not None:
                self.runner.shutdown(wait=True)

    def social_layer(self, client: LocalTableClient) -> SceneLayer:
        """The reactions over an offline table (you at the client's seat; the computer players answer rarely)."""
        from ..social.layer import SocialLayer  # pygame-drawn: loaded with the table scene, on first use
        from ..social.offline import OfflineChannel

        return SocialLayer(OfflineChannel(client.table, client.seat), self.services.fonts)

    # -- the tables and their sessions --------------------------------------------------------
    def _tell(self, code: str, detail: str) -> None:
        """A problem the menu shows (through the store's notices) when the player is back there."""
        if self.services.store is not None:
            self.services.store.notices.append(Notice(code, detail))

    @property
    def can_continue(self) -> bool:
        return self.saved is not None and self.services.store is not None

    def new_client(self, choices: GameChoices, seed: int | None = None) -> LocalTableClient:
        """A new table for ``choices`` with you at seat 0; ValueError (nothing started) if they are not valid."""
        s, store = self.services.settings, self.services.store
        balance = store.profile().balance if store is not None else None
        kwargs = {} if balance is None else {"balance": balance}
        config = table_config(choices, s.player_name, s.animation_speed, seed=seed, hard_samples=self.hard_samples,
                              **kwargs)
        if store is None:
            return build_client(config, runner=self.runner)
        self.abandon_saved()
        session = OfflineSession.new(store, config, runner=self.runner)
        client = LocalTableClient(session.table, 0)
        self.sessions[id(client)] = session
        return client

    def bots_only_client(self, config: TableConfig) -> LocalTableClient:
        """An all-bot table watched from seat 0 (the selftest): kept by the store when there is one."""
        if self.services.store is None:
            return build_client(config, runner=self.runner)
        session = OfflineSession.new(self.services.store, config, human_seat=None, runner=self.runner)
        client = LocalTableClient(session.table, 0)
        self.sessions[id(client)] = session
        return client

    def continue_client(self, now: float = 0.0) -> LocalTableClient | None:
        """The saved game rebuilt (same cards, same turn, a fresh clock), or None if it cannot be resumed."""
        store, save = self.services.store, self.saved
        if store is None or save is None:
            return None
        self.saved = None
        try:
            session = OfflineSession.resume(store, save, now, runner=self.runner)
        except (StoreError, TableError, ValueError) as exc:
            log.error("the saved game could not be resumed: %s", exc)
            self._tell("resume_failed", str(exc))
            return None
        client = LocalTableClient(session.table, save.human_seat or 0)
        self.sessions[id(client)] = session
        return client

    def abandon_saved(self) -> None:
        """Starting another game ends the saved one as a leave would: Móm, played out, settled."""
        store, save = self.services.store, self.saved
        self.saved = None
        if store is None or save is None:
            return
        try:
            session = OfflineSession.resume(store, save, 0.0, runner=self.runner)
        except (StoreError, TableError, ValueError) as exc:
            log.error("the saved game could not be settled: %s", exc)
            return
        try:
            session.leave()
        finally:
            session.table.close()

    def leave(self, client: object) -> None:
        """You left the table: a game still running is your leave (Móm) and is settled now."""
        session = self.sessions.get(id(client))
        if session is None:
            return
        state = session.table.state
        if state is not None and not state.is_over:
            try:
                session.leave()
            except (StoreError, TableError) as exc:
                log.error("leaving the table: %s", exc)
                self._tell("session_error", str(exc))
        for error in session.errors:
            self._tell("session_error", error)
        session.errors.clear()
