"""A whole game by clicks against one bot of each level, its results and the next deal; then, after a restart,
the history, the statistics and the replay of the games just played, all agreeing with the wallet."""

from __future__ import annotations

import time

from tala_desktop.engine import MoveKind, parse_move
from tala_desktop.engine.cards import card_str
from tala_desktop.store import STARTING_GRANT
from tala_desktop.ui.core.i18n import money, tr
from tala_desktop.ui.screens.replay import ReplayScene
from tala_desktop.ui.screens.results_text import result_label
from tala_desktop.ui.table.results import ResultsOverlay

from .driver import Journey, JourneyError
from .play import (
    game_over,
    game_state,
    hand,
    mode,
    model,
    my_turn_shown,
    results_read,
    scene,
    settle,
    start_new_game,
    table_shown,
    wait_my_turn,
)

GAME_WAIT = 240.0     # stepped seconds a whole game may take (bots think 0.8 s a move, the cards fly)


def play_my_turn_checked(j: Journey, against_hint: bool = False) -> set[str]:
    """My turn by clicks, each step checked on screen: Ăn when offered (the eaten card in my hand), else the
    stock; Hạ the raised phỏm (laid before me); Gửi the raised cards (on the others' phỏm); the card Gợi ý
    picks, Đánh (on my pile); ``against_hint``: another card than the one Gợi ý picks, clicked in my hand
    ("against" among the kinds taken when I did). The kinds of step taken."""
    done: set[str] = set()
    for _ in range(12):
        if game_over(j) or not my_turn_shown(j):
            return done
        m, step, labels = model(j), mode(j), j.labels()
        raised = set(scene(j).highlights.raised)
        if tr("btn.u") in labels:
            j.click(tr("btn.u"))
            settle(j)
            return done | {"u"}
        if step == "take" and tr("btn.eat") in labels:
            assert m.last_discard is not None
            card = m.last_discard[1]
            j.click(tr("btn.eat"))
            settle(j)
            assert f"card {card_str(card)}" in j.labels() and card in model(j).my_eaten   # in my hand, eaten
            done.add("eat")
        elif step == "take":
            before = len(hand(j))
            j.click("stock")
            settle(j)
            assert len(hand(j)) == before + 1
            done.add("draw")
        elif step == "lay":
            assert raised, "no phỏm was raised for Hạ"
            j.click(tr("btn.lay"))
            settle(j)
            laid = {c for phom in model(j).laid[m.me] for c in phom}
            assert raised <= laid and not raised & set(model(j).held), (raised, laid)
            done.add("lay")
        elif step == "send" and tr("btn.send") in labels:
            assert raised, "Gửi is offered with no card raised"
            j.click(tr("btn.send"))
            settle(j)
            others = {c for seat in range(m.n) if seat != m.me for phom in model(j).laid[seat] for c in phom}
            assert raised <= others and not raised & set(model(j).held), (raised, others)
            done.add("send")
        elif step == "send":
            j.click(tr("btn.skip"))
            settle(j)
        elif step == "discard":
            j.click(tr("btn.hint"))
            sc = scene(j)
            picked = sc.view().highlights.selected
            assert picked is not None, "Gợi ý picked no card to throw"
            choices = [c for c in reversed(sc.hand.order) if c in m.discardable() and c != picked]
            if against_hint and choices:
                picked = choices[0]
                j.click(f"card {card_str(picked)}")
                done.add("against")
            j.click(tr("btn.discard"))
            settle(j)
            assert model(j).piles[m.me][-1:] == [picked] and f"card {card_str(picked)}" not in j.labels()
            done.add("discard")
            return done
    raise JourneyError(f"my turn did not end (stuck at {mode(j)!r}: {j.labels()})")


def play_a_whole_game(j: Journey) -> tuple[set[str], int, int]:
    """My turns by clicks until the game ends, my first discard against the hint: the kinds of step I took, the
    game's id, and the index in the game of that discard."""
    kinds: set[str] = set()
    game_id = model(j).game_id
    against = -1
    while True:
        wait_my_turn(j, GAME_WAIT)
        if game_over(j):
            break
        history = len(game_state(j).history)
        done = play_my_turn_checked(j, against_hint=against < 0)
        kinds |= done
        me = j.table().model.me
        mine = [(i, mv) for i, mv in enumerate(game_state(j).history) if i >= history and mv.seat == me]
        assert {str(mv.kind) for _, mv in mine} <= kinds | {"skip"}, (mine, kinds)   # played what I clicked
        if "against" in done:
            against = next(i for i, mv in mine if mv.kind is MoveKind.DISCARD)
    return kinds, game_id, against


def sign(net: int) -> str:
    return ("+" if net > 0 else "") + money(net)


def test_a_whole_game_by_clicks_and_its_record_after_a_restart(journey):
    j = journey(seed=1)      # on this deal my clicks draw, eat, lay the raised phỏm, send and discard
    j.start()
    start_new_game(j, levels=("Dễ", "Thường", "Khó"))
    levels = [s.level for s in j.games.clients[0].table.config.seats[1:]]
    assert [str(v) for v in levels] == ["easy", "normal", "hard"]
    kinds, first, against = play_a_whole_game(j)
    assert {"draw", "eat", "lay", "send", "discard", "against"} <= kinds, kinds
    j.until(lambda: results_read(j), 5.0, "the results")
    outcome = game_state(j).outcome
    assert outcome is not None
    me = j.table().model.me
    mine = outcome.net[me]
    assert sign(mine) in j.drawn_texts()                         # the results show my amount
    results = j.top
    assert isinstance(results, ResultsOverlay)
    parts = results.breakdowns[me]                               # what my amount was made of, as the results said
    played = list(game_state(j).history)
    j.click("Ván mới")
    j.until(lambda: table_shown(j) and model(j).game_id == first + 1 and not game_over(j), 5.0, "the next deal")
    assert len(model(j).hand) in (9, 10)

    # the second game: left at my first turn (Móm, the table plays it out)
    wait_my_turn(j)
    j.click("≡")
    j.click("Rời bàn")
    j.click("Rời bàn")
    j.until(lambda: j.scene_name() == "MenuScene", 2.0, "the menu")
    j.close_window()

    j.start()
    store = j.store
    rows = store.list_games()
    assert len(rows) == 2
    nets = [r.nets[r.human_seat] for r in rows]                   # newest first
    whole, left = rows[1], rows[0]
    assert whole.nets == tuple(outcome.net) and whole.winner == outcome.winner and whole.labels == outcome.labels
    assert left.human_seat == me and left.labels[me] == "mom"
    assert j.wallet() == STARTING_GRANT + sum(nets)
    bots = ", ".join(s.name for k, s in enumerate(whole.seats) if k != me)
    assert bots == "Lan, Minh, Hùng"

    j.click("Lịch sử")
    shown = [t for t in j.texts() if " | " in t]
    assert len(shown) == 2
    assert shown[0].split(" | ")[1:4] == [bots, "Móm", sign(nets[0])] and "Bạn rời bàn" in shown[0]
    assert shown[1].split(" | ")[1:4] == [bots, result_label(outcome.labels[me]), sign(mine)]
    assert shown[1].split(" | ")[4] == " · ".join(parts)          # the same parts the results showed
    j.click("Quay lại")

    j.click("Thống kê")
    tiles = " ".join(j.texts())
    wins = sum(r.winner == r.human_seat for r in rows)
    us = sum(r.labels[r.human_seat].startswith("u") for r in rows)
    assert "Số ván đã chơi: 2" in tiles and f"Tổng thắng thua: {sign(sum(nets))}" in tiles
    assert f"{wins} ván thắng" in tiles and f"Số lần Ù: {us}" in tiles and "Tỉ lệ Móm: 50% 1 lần móm" in tiles
    chips = j.top.chips
    assert [v for _, v in chips] == [STARTING_GRANT, STARTING_GRANT + nets[1], STARTING_GRANT + sum(nets)]
    opponents = {t.split(" | ")[0].split(" · ")[0]: t.split(" | ")[1:] for t in j.texts() if " | " in t}
    assert set(opponents) == {"Lan", "Minh", "Hùng"}
    for k, seat in enumerate(whole.seats):                        # games, my wins, theirs, my chips with them
        if k != me:
            theirs = sum(r.winner == k for r in rows)
            assert opponents[seat.name] == ["2", str(wins), str(theirs), sign(sum(nets))], (seat.name, opponents)
    j.click("Quay lại")

    j.click("Lịch sử")
    j.click("Xem lại", nth=1)                                      # the whole game
    replay = j.top
    assert isinstance(replay, ReplayScene)
    j.click("▶|")
    assert any(sign(nets[1]) in t for t in j.texts())             # the last position shows my result
    deadline = time.monotonic() + 30
    while not replay.advisor.finished:
        assert time.monotonic() < deadline, "the replay's review did not finish"
        j.step(0.1)
    j.step(0.1)
    record = store.get_game(whole.uid).record
    moves = [parse_move(m) for m in record["moves"]]
    assert moves == played                                        # the replay is the game I played
    marks = replay.mark_indexes()
    assert against in marks, f"the review did not mark my discard against the hint (move {against}): {marks}"
    assert all(moves[i].seat == me and moves[i].kind is not MoveKind.LEAVE for i in marks)
    j.click(f"mark {against}")                                    # a mark leads to its advice
    assert replay.index == against + 1
    assert any(t.startswith("Máy khuyên") for t in j.texts())
