"""The journey driver: the real app on a data folder, stepped time, input only where things are drawn.

A ``Journey`` starts the desktop app the way ``tala-desktop --data-dir DIR
--seed N --hard-samples M`` does (the folder's lock, then ``start_desktop``, the composition root) with a
stepped clock, and stops it the way the process ends (``App.shutdown``, the
lock released), so a journey can start it again on the same folder. Time
moves only in frames of 1/60 s; the computer players run in the app's own
bot runner, and a frame waits for a decision in progress before it steps
time on, so a bot is never timed out because the machine is slow.

Input is posted as pygame events at the window position of an element the
player can see: a button by the words on it, a card of your hand, the stock,
the top discard. Where each one is comes from the scenes' own widgets and the
table's layout (what the app draws with), never from a shortcut into the
game. Every step is recorded; ``save_failure`` writes the last frame as a PNG
and the steps as text.

Several apps can share the process (``together``: a LAN table's host,
guests and watchers): they share pygame's one display, each draws on its
own canvas, and a frame of one is a frame of all of them, the one the input
was posted for first, so only it reads the events. Its last frame is its
own canvas.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from tala_desktop.app.composition import start_desktop
from tala_desktop.bots.runner import Runner
from tala_desktop.store import folder_lock
from tala_desktop.store.paths import resolve_data_dir
from tala_desktop.ui.core.scene import Scene
from tala_desktop.ui.frames.page import PageScene
from tala_desktop.ui.screens.tutorial import tutorial_of
from tala_desktop.ui.shell.app_loop import App, AppOptions, StepClock
from tala_desktop.ui.shell.desktop import Desktop
from tala_desktop.ui.shell.offline_games import OfflineGames
from tala_desktop.ui.widgets.form import TextField

from .screen import Element, chat_elements, elements_of, texts_of

FPS = 60
BOT_WAIT = 20.0        # wall seconds a frame waits at most for a computer player's decision
HARD_SAMPLES = 60      # the Hard player's samples a decision (not its time budget): the same game on any machine


class JourneyError(AssertionError):
    """The journey could not take a step (an element not on screen, a wait that never ended)."""


class Journey:
    """One player's walk through the app on one data folder, across restarts."""

    def __init__(self, folder: Path, size: tuple[int, int] = (1280, 720), seed: int | None = 5,
                 hard_samples: int | None = HARD_SAMPLES) -> None:
        self.folder = folder
        self.size = size
        self.seed = seed
        self.hard_samples = hard_samples
        self.app: App | None = None
        self.desktop: Desktop | None = None
        self.lock: folder_lock.FolderLock | None = None
        self.steps: list[str] = []
        self.starts = 0
        self.last_frame: pygame.Surface | None = None
        self.beside: list[Journey] = []     # the other apps in this process, stepped after this one (``together``)
        # what the app waits for from outside it (a LAN server's answer): a frame waits (wall time, at most
        # BOT_WAIT) while one of these is true, so a slow machine never turns into a timeout in stepped time
        self.waits_for: list[Callable[[], bool]] = []

    # ------------------------------------------------------------------ the app's life
    def start(self) -> App:
        """Start the app on the folder, as the command line does, and run until its first frame is drawn."""
        if self.app is not None:
            raise JourneyError("the app is already running")
        self.starts += 1
        self.log(f"start the app ({self.size[0]}x{self.size[1]}, start {self.starts})")
        self.lock = folder_lock.hold_folder(resolve_data_dir(str(self.folder)))
        options = AppOptions(windowed=self.size, data_dir=str(self.folder), seed=self.seed,
                             hard_samples=self.hard_samples)
        self.desktop = start_desktop(options, clock=StepClock(1 / FPS))
        self.app = self.desktop.app
        pygame.event.clear()
        self.until(lambda: self.running_app.frames_drawn > 0, 2.0, "the first frame")
        return self.app

    @property
    def running_app(self) -> App:
        if self.app is None:
            raise JourneyError("the app is not running")
        return self.app

    @property
    def games(self) -> OfflineGames:
        """The running app's offline tables (their clients: ``games.clients``)."""
        if self.desktop is None:
            raise JourneyError("the app is not running")
        return self.desktop.games

    def close_window(self) -> None:
        """Close the window (the title bar's ×): the app ends at its next frame."""
        self.log("close the window")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        self.frame()
        self.ended()

    def ended(self) -> None:
        """The app stopped itself (Thoát, the window closed): end the process's part (shutdown, lock)."""
        app = self.running_app
        if app.running:
            raise JourneyError("the app is still running")
        self.stop()

    def crash(self) -> None:
        """The app dies (a kill -9, a crash): no scene is told and nothing is said to a LAN server (no leave); its
        connections drop and its threads and files end as the operating system ends a dead process's."""
        from tala_desktop.ui.lan.session import LanSession

        app = self.running_app
        self.log("kill the app")
        self.keep_frame()
        for scene in app.stack.scenes:
            session = getattr(scene, "session", None)
            if isinstance(session, LanSession):
                session.client.close()               # the socket goes with the process: the server sees a drop
        closers, app.closers = app.closers, []
        for close in closers:
            close()
        self.app = self.desktop = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def stop(self) -> None:
        """End the app as its process does at exit; the data folder is free for the next start."""
        if self.app is not None:
            self.keep_frame()
            try:
                self.app.shutdown()
            finally:
                self.app = None
                self.desktop = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # ------------------------------------------------------------------ time
    def frame(self) -> bool:
        """One frame of the app's loop (and then of the apps beside it), after any computer player's decision in
        progress is made."""
        alive = self._own_frame()
        for other in self.beside:
            if other.app is not None and other.app.running:
                other._own_frame()
        return alive

    def _own_frame(self) -> bool:
        app = self.running_app
        deadline = time.monotonic() + BOT_WAIT
        for runner in self._bot_runners():
            if not runner.wait_idle(max(0.0, deadline - time.monotonic())):
                raise JourneyError(f"a computer player took over {BOT_WAIT:.0f} s to decide")
        while any(waiting() for waiting in self.waits_for):
            if time.monotonic() > deadline:
                raise JourneyError(f"the server took over {BOT_WAIT:.0f} s to answer")
            time.sleep(0.001)  # a LAN server answers on a socket, from its own thread: nothing to wait on but time
        alive = app.frame()
        if app.frames_drawn:
            self.last_frame = None
        return alive

    def _bot_runners(self) -> list[Runner]:
        """Who decides the computer players of the offline tables and the tutorial's Lan (a table of its own)."""
        tables = [client.table for client in self.games.clients]
        lessons = [tutorial_of(scene) for scene in self.running_app.stack.scenes]
        tables += [tutorial.table for tutorial in lessons if tutorial is not None]
        return [table.runner for table in tables]

    def step(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds * FPS))):
            if not self.frame():
                return

    def until(self, done: Callable[[], bool], seconds: float, what: str) -> float:
        """Step frames until ``done()``; the stepped seconds it took. JourneyError after ``seconds`` (of stepped
        time; beside other apps also of wall time, as what they wait for may come from a server's thread, whose
        clock is the wall's)."""
        frames, wall = 0, time.monotonic() + seconds
        while not done():
            if frames >= seconds * FPS and (not self.beside or time.monotonic() >= wall):
                raise JourneyError(f"waited {seconds:g} s of game time for {what}")
            if not self.frame():
                if done():
                    break
                raise JourneyError(f"the app stopped while waiting for {what}")
            frames += 1
        return frames / FPS

    @property
    def now(self) -> float:
        clock = self.running_app.clock
        assert isinstance(clock, StepClock)
        return clock.now

    # ------------------------------------------------------------------ what is on screen
    @property
    def top(self) -> Scene:
        scene = self.running_app.stack.top
        if scene is None:
            raise JourneyError("no scene is shown")
        return scene

    def scene_name(self) -> str:
        return type(self.top).__name__

    def table(self) -> Any:
        """The table scene shown (under any dialog over it), or None."""
        from tala_desktop.ui.table.scene import TableScene

        visible = self.running_app.stack.visible()
        return next((s for s in visible if isinstance(s, TableScene)), None)

    def elements(self) -> list[Element]:
        """What the player can point at on the top scene, in canvas coordinates."""
        scene = self.top
        offset = self._offset(scene)
        return [Element(e.label, e.rect.move(offset), e.enabled) for e in elements_of(scene)]

    def _offset(self, scene: Scene) -> tuple[int, int]:
        """Where the scene's own coordinates start on the canvas (scenes not filling it sit in the design box)."""
        if getattr(scene, "fills_canvas", False):
            return (0, 0)
        box = self.running_app.stack.design_box()
        return box.topleft

    def labels(self) -> list[str]:
        return [e.label for e in self.elements()]

    def find(self, label: str, nth: int = 0) -> Element:
        hits = [e for e in self.elements() if e.label == label]
        if len(hits) <= nth:
            raise JourneyError(f"no {label!r} on {self.scene_name()} (shown: {self.labels()})")
        return hits[nth]

    def texts(self) -> list[str]:
        """The words the top scenes show: their titles, messages, buttons, the table's log and status line."""
        out: list[str] = []
        for scene in self.running_app.stack.visible():
            out.extend(texts_of(scene))
        return out

    def text(self) -> str:
        return "\n".join(self.texts())

    def drawn_texts(self) -> list[str]:
        """Every text the table's painter draws in one frame (a frame is forced), and ``avatar NAME`` for each
        avatar it draws: what the player reads on the felt, the log and the plates."""
        table = self.table()
        if table is None:
            raise JourneyError(f"no table is on screen ({self.scene_name()} is)")
        painter, seen = table.painter, []

        def spy(name: str, draw: Callable[..., Any], prefix: str = "") -> None:
            def wrapped(text: str, *args: Any, **kwargs: Any) -> Any:
                seen.append(prefix + text)
                return draw(text, *args, **kwargs)
            setattr(painter, name, wrapped)

        spy("text", painter.text)
        spy("card_text", painter.card_text)
        spy("avatar", painter.avatar, "avatar ")
        try:
            self.running_app.force_redraw = True
            self.frame()
        finally:
            for name in ("text", "card_text", "avatar"):
                delattr(painter, name)
        return seen

    # ------------------------------------------------------------------ input
    def click(self, label: str, nth: int = 0) -> None:
        """Click the middle of the element labelled ``label`` (the ``nth`` one if several are)."""
        element = self.find(label, nth)
        if not element.enabled:
            raise JourneyError(f"{label!r} is disabled on {self.scene_name()}")
        self.log(f"click {label!r} on {self.scene_name()}")
        self.click_at(element.rect.center)

    def click_at(self, canvas_pos: tuple[int, int], double: bool = False) -> None:
        """A left click at a canvas point, posted where it is in the window, then one frame."""
        pos = self._window_pos(canvas_pos)
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(2 if double else 1):
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frame()

    def point_at(self, canvas_pos: tuple[int, int]) -> None:
        """Move the pointer to a canvas point without clicking (a hand off a button) and let it rest, one frame."""
        self.log(f"point at {canvas_pos}")
        self._post(pygame.MOUSEMOTION, pos=self._window_pos(canvas_pos), rel=(0, 0), buttons=(0, 0, 0))
        self.frame()

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
        """Press the left button at canvas point ``start``, move to ``end`` a step a frame, release there."""
        self.log(f"drag from {start} to {end} on {self.scene_name()}")
        a, b = self._window_pos(start), self._window_pos(end)
        self._post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frame()
        for i in range(1, steps + 1):
            at = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
            self._post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()
        self._post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.frame()

    def drag_window(self, size: tuple[int, int]) -> None:
        """Drag the window's corner to ``size`` (what the window manager does: the new size, then its event), and
        run the two frames that draw the new canvas and lay the scenes out for it."""
        self.log(f"drag the window to {size[0]}x{size[1]}")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self._post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        self.frame()
        self.frame()

    def key(self, key: int, text: str = "") -> None:
        self.log(f"key {pygame.key.name(key)}")
        self._post(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        self._post(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
        self.frame()

    def type_text(self, text: str) -> None:
        """Type ``text`` (what the keyboard's text input sends) into the focused field, then one frame."""
        self.log(f"type {text!r}")
        self._post(pygame.TEXTINPUT, text=text)
        self.frame()

    def fields(self) -> list[Element]:
        """The text boxes of the top page, in the order it built them ("field 0", "field 1", ...)."""
        scene = self.top
        if not isinstance(scene, PageScene):
            return []
        offset = self._offset(scene)
        boxes = [w for w in scene.widgets if isinstance(w, TextField) and w.visible]
        return [Element(f"field {i}", w.rect.move(offset)) for i, w in enumerate(boxes)]

    def type_into(self, nth: int, text: str) -> None:
        """Click the ``nth`` text box of the page where it is drawn, empty it (Backspace) and type ``text``."""
        boxes = self.fields()
        if len(boxes) <= nth:
            raise JourneyError(f"no text box {nth} on {self.scene_name()} ({len(boxes)} shown)")
        self.log(f"click text box {nth} on {self.scene_name()}")
        self.click_at(boxes[nth].rect.center)
        scene = self.top
        assert isinstance(scene, PageScene)
        box = [w for w in scene.widgets if isinstance(w, TextField) and w.visible][nth]
        for _ in range(len(box.text)):
            self._post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
            self._post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
        self.type_text(text)

    def chat_elements(self) -> list[Element]:
        """The table's chat and the people at it where they are drawn (screen.py ``chat_elements``)."""
        return chat_elements(self.table(), self.top)

    def click_chat(self, label: str) -> None:
        """Click the chat's element labelled ``label`` (see ``chat_elements``) where it is drawn."""
        hits = [e for e in self.chat_elements() if e.label == label]
        if not hits:
            raise JourneyError(f"no {label!r} in the chat (shown: {[e.label for e in self.chat_elements()]})")
        self.log(f"click {label!r} in the chat")
        self.click_at(hits[0].rect.center)

    def _window_pos(self, canvas_pos: tuple[int, int]) -> tuple[int, int]:
        x, y = self.running_app.display.to_window(canvas_pos)
        return round(x), round(y)

    @staticmethod
    def _post(etype: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(etype, **attrs))

    # ------------------------------------------------------------------ the store
    @property
    def store(self) -> Any:
        store = self.running_app.services.store
        if store is None:
            raise JourneyError("the app has no store")
        return store

    def wallet(self) -> int:
        return int(self.store.profile().balance)

    # ------------------------------------------------------------------ record
    def log(self, step: str) -> None:
        at = f"{self.now:7.2f}s" if self.app is not None else "   --   "
        self.steps.append(f"{at}  {step}")

    def keep_frame(self) -> None:
        """Keep a copy of the window as it is now (the app's last frame before it stops)."""
        surface = self._drawn()
        if surface is not None:
            self.last_frame = surface.copy()

    def _drawn(self) -> pygame.Surface | None:
        """What this app shows: the window, or its own canvas when other apps share the display."""
        if self.beside and self.app is not None:
            return self.app.display.canvas
        return pygame.display.get_surface()

    def save_failure(self, folder: Path) -> list[Path]:
        """Write the last frame (PNG) and the steps taken into ``folder``; the paths written."""
        folder.mkdir(parents=True, exist_ok=True)
        written: list[Path] = []
        surface = self.last_frame
        if surface is None and self.app is not None:
            surface = self._drawn()
        if surface is not None:
            png = folder / "last-frame.png"
            pygame.image.save(surface, str(png))
            written.append(png)
        steps = folder / "steps.txt"
        shown = ""
        if self.app is not None:
            try:
                shown = f"\non screen: {self.scene_name()}\n" + "\n".join(f"  {t}" for t in self.texts())
            except Exception as exc:  # noqa: BLE001 - the record of a failure must not fail itself
                shown = f"\n(the screen could not be read: {exc})"
        steps.write_text("\n".join(self.steps) + shown + "\n", encoding="utf-8")
        written.append(steps)
        return written


def together(*journeys: Journey) -> None:
    """Make the journeys' apps run side by side in this process: a frame of one steps them all."""
    for j in journeys:
        j.beside = [other for other in journeys if other is not j]
