"""Table playback: the table's messages in the order they are shown, and what each asks of the scene, as a value.

``Playback`` holds what the messages alone decide: the messages waiting to
be shown (``MessageQueue``, batches.py), the game shown (its
``TableModel``), whose "thinking" cue shows and when the game shown ended.
``arrive(msg, now)`` takes a message as it comes from the client: an answer
to your command (a refusal, a hint) and the "still there?" question skip
the queue; the rest waits there. ``next()`` hands out the next thing to
show, which the scene asks for only once the last batch's card flights have
landed. Both return ``PlaybackEffects``: a frozen value saying what the scene must
do (open a dialog, hand an answer to your actions, lay the table out again,
clear it for a new game, show a batch and animate its events, finish the
animations to catch up, repaint), which the scene carries out in one place.
``results_due`` says when a finished game's results show (once a game).
Nothing here draws, plays a sound or knows the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from tala_desktop.table.messages import Error, Hint, TableMessage, Thinking

from .batches import Batch, MessageQueue, thinking_after
from .model import TableModel
from .results_clock import results_due
from .still_there import ABSENT

CATCH_UP = 4               # queued snapshots beyond which animations are skipped to catch up


@dataclass(frozen=True)
class PlaybackEffects:
    """What showing one message or one batch asks of the table scene (see the module docstring)."""

    still_there: bool = False              # the clock played your last turns: ask whether you are still there
    answer: Error | Hint | None = None     # an answer to your command, for your actions (it skips the queue)
    batch: Batch | None = None             # the events to animate and the snapshot to show
    old: TableModel | None = None          # the game shown before ``model`` (None: nothing shown yet)
    model: TableModel | None = None        # the game shown after ``batch``
    seats: bool = False                    # the seats changed (their count, or which is yours): lay the table out
    new_game: bool = False                 # a new game: clear the animations, your hand and actions, the results
    moved: bool = False                    # something happened at the table: it answers a command on its way
    again: bool = False                    # the game shown goes on: a story in ``batch`` tells it from its deal
    game_over: bool = False                # the game shown has just ended
    catch_up: bool = False                 # too many snapshots wait: finish the animations at once
    repaint: bool = False                  # the table looks different: repaint it whole


NOTHING = PlaybackEffects()


class Playback:
    """The messages waiting, the game shown, the thinking seat and when the game shown ended."""

    def __init__(self, spectator: bool = False) -> None:
        self.spectator = spectator             # a bots-only table: your seat's bot thinks too
        self.queue = MessageQueue()
        self.model: TableModel | None = None
        self.thinking_seat: int | None = None
        self.over_at: float | None = None      # the scene's clock when the game shown ended (None: not over)
        self.results_for: int | None = None    # the game whose results were shown last

    @property
    def waiting(self) -> bool:
        """Messages wait to be shown."""
        return bool(self.queue)

    def results_due(self, now: float, busy: bool) -> TableModel | None:
        """The game whose results show now (None: none yet; each game's once), ``busy``: cards fly or the winner is
        celebrated (messages waiting to be shown also hold them)."""
        m = self.model
        if m is None or not results_due(m, self.over_at, self.results_for, now, busy or self.waiting):
            return None
        self.results_for = m.game_id
        return m

    def watching(self, model: TableModel) -> bool:
        """Only watching ``model``'s table: a bots-only table, or a LAN table watched without a seat."""
        return self.spectator or model.me < 0

    def arrive(self, msg: TableMessage, now: float) -> PlaybackEffects:
        """Take ``msg`` as it comes from the client at the scene's clock ``now``."""
        if isinstance(msg, Error) and msg.code == ABSENT:
            return PlaybackEffects(still_there=True)
        if isinstance(msg, (Error, Hint)):
            return PlaybackEffects(answer=msg)
        self.queue.add(msg, now)
        return NOTHING

    def next(self, now: float) -> PlaybackEffects | None:
        """The next thing to show at the scene's clock ``now`` (None: nothing is ready): a thinking cue of the
        game shown, or a batch."""
        item = self.queue.take()
        if item is None:
            return None
        if isinstance(item, Thinking):     # a bot started on its move: the cue shows now
            if self.model is None or item.game_id != self.model.game_id:
                return NOTHING
            self.thinking_seat = item.seat
            return PlaybackEffects(repaint=True)
        return self.play(item, now)

    def play(self, batch: Batch, now: float) -> PlaybackEffects:
        """Show ``batch``: the game shown becomes its snapshot's."""
        old = self.model
        new = TableModel(batch.snapshot)
        if old is not None:
            new.carry_from(old)
        new_game = old is None or new.game_id != old.game_id
        if new_game:
            self.over_at = None
            self.thinking_seat = None
        self.model = new
        self.thinking_seat = thinking_after(batch, new, self.watching(new), self.thinking_seat)
        over = new.is_over and self.over_at is None
        if over:
            self.over_at = now
        changed = old is None or new.snap != msgspec.structs.replace(old.snap, clock=new.snap.clock)
        return PlaybackEffects(batch=batch, old=old, model=new, new_game=new_game,
                       seats=old is None or (new.n, new.me) != (old.n, old.me),
                       moved=bool(batch.played) or new_game, again=not new_game, game_over=over,
                       catch_up=self.queue.behind >= CATCH_UP,
                       repaint=bool(batch.events) or changed)   # a clock that only starts repaints just its ring
