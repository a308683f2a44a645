"""Computer players answer people's reactions rarely, after a human pause, with a fitting reply, never in a stream."""

from __future__ import annotations

import pytest

from tala_desktop.table.reactions import ANSWERS, EMOTES, PHRASES, REACTIONS, BotBanter


def test_the_reaction_set_is_phrases_then_emotes_without_repeats():
    assert REACTIONS == PHRASES + EMOTES
    assert len(set(REACTIONS)) == len(REACTIONS)
    assert set(ANSWERS) <= set(REACTIONS)
    assert all(set(a) <= set(REACTIONS) for a in ANSWERS.values())


def test_an_answer_comes_after_a_human_pause_from_one_bot():
    banter = BotBanter(bots=[1, 2, 3], seed=4, chance=1.0)
    banter.heard("gg", 0, 10.0)
    assert banter.due(10.5) == []
    out = banter.due(12.0)
    assert len(out) == 1
    bot, key = out[0]
    assert bot in (1, 2, 3) and key in ANSWERS["gg"]
    assert banter.due(13.0) == []          # answered once


@pytest.mark.parametrize("seed", range(5))
def test_a_stream_of_reactions_gets_few_answers(seed):
    """A player who reacts every half second for ten minutes: the table answers at most once per 8 s,
    each bot at most once per 20 s, and never with a key that does not fit."""
    banter = BotBanter(bots=[1, 2, 3], seed=seed)
    answers: list[tuple[float, int, str, str]] = []
    heard = ""
    for step in range(1200):
        now = step * 0.5
        for bot, key in banter.due(now):
            answers.append((now, bot, key, heard))
        heard = REACTIONS[step % len(REACTIONS)]
        banter.heard(heard, 0, now)
    times = [a[0] for a in answers]
    assert 0 < len(answers) <= 600 / 8 + 1
    assert all(b - a >= 8.0 - 0.5 for a, b in zip(times, times[1:]))
    for bot in (1, 2, 3):
        mine = [a[0] for a in answers if a[1] == bot]
        assert all(b - a >= 20.0 - 0.5 for a, b in zip(mine, mine[1:]))
    assert all(a[1] != 0 for a in answers)


def test_reactions_without_an_answer_and_the_bots_own_seat_are_let_pass():
    banter = BotBanter(bots=[1], seed=1, chance=1.0)
    banter.heard("thanks", 0, 0.0)          # nothing answers a thank-you
    assert banter.due(10.0) == []
    banter.heard("laugh", 1, 20.0)          # a seat never answers itself
    assert banter.due(30.0) == []
    banter.heard("no_such_key", 0, 40.0)
    assert banter.due(50.0) == []


def test_the_same_seed_answers_the_same_way():
    def run(seed: int) -> list[tuple[int, str]]:
        banter = BotBanter(bots=[1, 2], seed=seed)
        out = []
        for step in range(400):
            out += banter.due(step * 1.0)
            banter.heard("nice", 0, step * 1.0)
        return out
    assert run(7) == run(7)
    assert run(7) != run(8)
