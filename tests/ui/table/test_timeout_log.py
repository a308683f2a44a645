"""The game log says which card the clock threw and why: the rules' timeout discard is the highest card that may go
(RULES.md §10), and when your higher cards had to stay with your eaten cards the line names them; vi and en."""

from __future__ import annotations

import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Move, MoveKind, Rules
from tala_desktop.engine.cards import card_label, parse_card
from tala_desktop.table import HUMAN, REMOTE, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Discarded, Payment, Snapshot, TableMessage, TimedOut
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.table.log_lines import batch_lines, story_lines
from tala_desktop.ui.table.model import TableModel


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def dealt_table(hands: list[str], stock: str, leader: int) -> tuple[Table, LocalTableClient]:
    """Two seats: you (seat 0) and a person the test moves (seat 1), dealt these cards, a 30 s clock."""
    rules = Rules(players=2, turn_seconds=30)
    seats = [SeatConfig("Bạn", HUMAN), SeatConfig("Lan", REMOTE)]
    table = Table(TableConfig(seats, rules=rules, bet=100, seed=1, think_delay=0.0), InlineRunner())
    named = [c for h in hands for c in cards(h)] + cards(stock)
    rest = [c for c in range(52) if c not in named]           # under the named top of the stock
    st = GameState.from_deal(rules, [cards(h) for h in hands], cards(stock) + rest, leader, 100, [5000, 5000])
    table.resume(st, 1, [5000, 5000], now=0.0)
    client = LocalTableClient(table, 0)
    client.poll(0.0)
    return table, client


def lines_of(msgs: list[TableMessage]) -> list[str]:
    snap = next(m for m in reversed(msgs) if isinstance(m, Snapshot))
    events = [m for m in msgs if not isinstance(m, Snapshot)]
    return [words.text() for words, _ in batch_lines(events, TableModel(snap),
                                                      [e for e in events if isinstance(e, Payment)])]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_log_names_the_card_the_clock_threw_and_why(pg, lang):
    set_language(lang)
    table, client = dealt_table(["2s 3s 5d 7h 9s Jc Kd 4h 6c", "As 3d 5s 7c 9d Jh Qs 2h 4c 8d"], "10h 10c", 1)
    table.submit(1, Move(1, MoveKind.DISCARD, card=parse_card("Qs")), table.game_id)
    client.poll(1.0)
    msgs = client.poll(31.0)                                  # my turn: the clock runs out, draws 10h, throws K♦
    thrown = next(m for m in msgs if isinstance(m, Discarded) and m.seat == 0)
    assert any(isinstance(m, TimedOut) for m in msgs) and thrown.card == parse_card("Kd")
    lines = lines_of(msgs)
    assert tr("status.timeout_discard", card="K♦") in lines
    assert tr("status.timeout") not in lines                  # one line says it all
    assert tr("status.you_discarded", card="K♦") not in lines


def test_your_higher_cards_kept_for_an_eaten_card_are_named(pg):
    set_language("vi")
    table, client = dealt_table(["Kc Kd 2s 4c 6d 8h 10s 3h 5s", "Kh As 3d 5c 7s 9d Jc 2h 4d 8c"], "Qs Qh 9c", 1)
    table.submit(1, Move(1, MoveKind.DISCARD, card=parse_card("Kh")), table.game_id)
    table.submit(0, Move(0, MoveKind.EAT), table.game_id)                    # K♥ eaten: K♣ K♦ K♥ locked
    table.submit(0, Move(0, MoveKind.DISCARD, card=parse_card("2s")), table.game_id)
    table.submit(1, Move(1, MoveKind.DRAW), table.game_id)
    table.submit(1, Move(1, MoveKind.DISCARD, card=parse_card("As")), table.game_id)
    client.poll(1.0)
    msgs = client.poll(40.0)                                  # the clock draws Q♥... and throws the highest that may go
    thrown = next(m for m in msgs if isinstance(m, Discarded) and m.seat == 0)
    assert card_label(thrown.card) == "Q♥"
    assert tr("status.timeout_discard_kept", card="Q♥", kept="K♣ K♦ K♥") in lines_of(msgs)


def test_another_seat_and_a_game_told_later(pg):
    set_language("en")
    table, client = dealt_table(["2s 3s 5d 7h 9s Jc Kd 4h 6c", "As 3d 5s 7c 9d Jh Qs 2h 4c 8d"], "10h 10c", 1)
    table.update(31.0)                                        # Lan's lead: the clock throws her Q♠
    msgs = client.poll(31.0)
    assert tr("status.timeout_discard_other", name="Lan", card="Q♠") in lines_of(msgs)
    snap = next(m for m in reversed(msgs) if isinstance(m, Snapshot))
    told = [w.text() for w, _ in story_lines([m for m in msgs if not isinstance(m, Snapshot)], TableModel(snap))]
    assert tr("status.timeout_discard_other", name="Lan", card="Q♠") in told


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_turn_played_for_someone_away_is_told_as_such(pg, lang):
    """A LAN player who dropped has their turns played by the server (its timeout action): the log said "Lan hết
    giờ" as if she had let her clock run out; it says she is away and the computer played for her."""
    set_language(lang)
    table, client = dealt_table(["2s 3s 5d 7h 9s Jc Kd 4h 6c", "As 3d 5s 7c 9d Jh Qs 2h 4c 8d"], "10h 10c", 1)
    table.update(31.0)                                        # Lan's lead, played for her: Q♠
    msgs = client.poll(31.0)
    snap = next(m for m in reversed(msgs) if isinstance(m, Snapshot))
    events = [m for m in msgs if not isinstance(m, Snapshot)]
    told = [w.text() for w, _ in batch_lines(events, TableModel(snap), [], away=frozenset({1}))]
    assert tr("status.away_discard_other", name="Lan", card="Q♠") in told
    assert not [line for line in told if line.startswith(tr("status.timeout_other", name="Lan"))]
    assert tr("status.timeout_discard_other", name="Lan", card="Q♠") not in told
