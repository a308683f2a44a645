"""The table's playback on values, without a scene: which message skips the queue, what a batch asks of the scene
(a new game, the seats laid out, a repaint, the game's end once), the thinking cue, and the catch-up when too many
snapshots wait."""

from __future__ import annotations

import msgspec

from tala_desktop.engine import Move, MoveKind
from tala_desktop.table import LocalTableClient
from tala_desktop.table.messages import Error, Hint, Snapshot, TableMessage, Thinking
from tala_desktop.ui.table.playback import CATCH_UP, NOTHING, Playback, PlaybackEffects
from tala_desktop.ui.table.results_clock import RESULTS_DELAY
from tala_desktop.ui.table.still_there import ABSENT
from tests.ui.table_helpers import make_table


def bots_game(until_over: bool = False, seconds: float = 1.0) -> list[TableMessage]:
    """The messages seat 0 of a bots-only table receives in its first ``seconds`` (or until its game is over)."""
    client = LocalTableClient(make_table(human=False, seconds=0), 0)
    client.start(0.0)
    out: list[TableMessage] = []
    now = 0.0
    while now < 600.0:
        out += client.poll(now)
        over = any(isinstance(m, Snapshot) and m.outcome is not None for m in out)
        if (over if until_over else now >= seconds):
            break
        now += 0.25
    client.close()
    return out


def play_all(pb: Playback, messages: list[TableMessage], now: float = 1.0) -> list[PlaybackEffects]:
    assert all(pb.arrive(m, now) is NOTHING for m in messages)
    shown: list[PlaybackEffects] = []
    while (fx := pb.next(now)) is not None:
        shown.append(fx)
    return shown


def test_answers_and_the_still_there_question_skip_the_queue():
    pb = Playback()
    refused = Error(code="not_your_turn", message="wait")
    hint = Hint(move=Move(0, MoveKind.DRAW), reason=("bot.draw", {}), game_id=1)
    assert pb.arrive(refused, 0.0) == PlaybackEffects(answer=refused)
    assert pb.arrive(hint, 0.0) == PlaybackEffects(answer=hint)
    assert pb.arrive(Error(code=ABSENT, message="absent"), 0.0) == PlaybackEffects(still_there=True)
    assert not pb.waiting and pb.next(0.0) is None and pb.model is None


def test_the_first_batch_shows_a_new_game_laid_out_and_repainted():
    pb = Playback(spectator=True)
    messages = bots_game()
    first = next(i for i, m in enumerate(messages) if isinstance(m, Snapshot))
    for m in messages[:first]:
        assert pb.arrive(m, 0.5) is NOTHING
    assert pb.next(0.5) is None and pb.model is None          # the events wait for their snapshot
    pb.arrive(messages[first], 0.5)
    fx = pb.next(0.5)
    assert fx is not None and fx.batch is not None and fx.batch.received == 0.5
    assert fx.model is pb.model and fx.model is not None and fx.old is None
    assert fx.new_game and fx.seats and fx.moved and fx.repaint and not fx.again and not fx.game_over
    assert fx.model.snap == messages[first]


def test_a_later_batch_of_the_same_game_goes_on_from_the_one_before():
    pb = Playback(spectator=True)
    shown = [fx for fx in play_all(pb, bots_game(seconds=3.0)) if fx.batch is not None]
    assert len(shown) >= 2
    first, later = shown[0], shown[-1]
    assert later.old is not None and later.model is not None and later.old.game_id == later.model.game_id
    assert not later.new_game and not later.seats and later.again
    assert later.moved == bool(later.batch.played)
    assert first.model is not None and pb.model is later.model


def test_a_snapshot_that_only_moves_the_clock_repaints_nothing_whole():
    pb = Playback(spectator=True)
    shown = [fx for fx in play_all(pb, bots_game()) if fx.batch is not None]
    snap = pb.model.snap
    ticked = msgspec.structs.replace(snap, clock=None)
    pb.arrive(ticked, 2.0)
    fx = pb.next(2.0)
    assert fx is not None and not fx.repaint and not fx.moved and shown


def test_the_thinking_cue_of_the_game_shown_shows_and_a_stale_one_does_nothing():
    pb = Playback(spectator=True)
    play_all(pb, bots_game())
    m = pb.model
    assert m is not None
    pb.arrive(Thinking(seat=2, game_id=m.game_id + 1), 1.0)
    assert pb.next(1.0) is NOTHING
    pb.arrive(Thinking(seat=2, game_id=m.game_id), 1.0)
    assert pb.next(1.0) == PlaybackEffects(repaint=True) and pb.thinking_seat == 2


def test_the_game_ends_once_at_the_clock_it_is_shown():
    pb = Playback(spectator=True)
    messages = bots_game(until_over=True)
    assert all(pb.arrive(m, 5.0) is NOTHING for m in messages)
    ends: list[PlaybackEffects] = []
    now = 5.0
    while (fx := pb.next(now)) is not None:
        ends += [fx] if fx.game_over else []
        now += 0.1
    assert len(ends) == 1 and ends[0].model is not None and ends[0].model.is_over
    over_at = pb.over_at
    assert over_at is not None and over_at > 5.0
    last = pb.model.snap
    pb.arrive(last, 99.0)
    again = pb.next(99.0)
    assert again is not None and not again.game_over and pb.over_at == over_at


def test_too_many_snapshots_waiting_finish_the_animations():
    pb = Playback(spectator=True)
    play_all(pb, bots_game())
    snap = pb.model.snap
    for _ in range(CATCH_UP + 1):
        pb.arrive(snap, 3.0)
    catch_up = [fx.catch_up for fx in iter(lambda: pb.next(3.0), None)]
    assert catch_up == [True, False, False, False, False]


def test_a_finished_games_results_are_due_once_after_their_delay_and_never_while_busy():
    pb = Playback(spectator=True)
    play_all(pb, bots_game(until_over=True), now=5.0)
    assert pb.model is not None and pb.model.is_over and pb.over_at == 5.0
    assert pb.results_due(5.0 + RESULTS_DELAY / 2, busy=False) is None          # the table shows its end first
    assert pb.results_due(5.1 + RESULTS_DELAY, busy=True) is None               # cards still fly
    pb.arrive(pb.model.snap, 5.0)
    assert pb.results_due(5.1 + RESULTS_DELAY, busy=False) is None              # a snapshot waits to be shown
    pb.next(5.0)
    assert pb.results_due(5.1 + RESULTS_DELAY, busy=False) is pb.model
    assert pb.results_due(9.0 + RESULTS_DELAY, busy=False) is None              # once a game
