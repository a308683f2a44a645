"""A whole game by clicks against one bot of each level, its results and the next deal; then, after a restart,
the history, the statistics and the replay of the games just played, all agreeing with the wallet."""

from __future__ import annotations

import time

from tala_desktop.engine import MoveKind, parse_move
from tala_desktop.engine.cards import card_str
from tala_desktop.store import STARTING_GRANT
from tala_desktop.ui.core.i18n import money, tr
from tala_desktop.ui.screens.replay import ReplayScene
from tala_desktop.ui.table.results import ResultsOverlay

from .driver import Journey, JourneyError
from .play import (
    game_over,
    game_state,
    hand,
    mode,
    model,
    my_turn_shown,
    scene,
    settle,
    start_new_game,
    table_shown,
    wait_my_turn,
)

GAME_WAIT = 240.0     # stepped seconds a whole game may take (bots think 0.8 s a move, the cards fly)


def play_my_turn_checked(j: Journey) -> set[str]:
    """My turn by clicks, each step checked on screen: Ăn when offered (the eaten card in my hand), else the
    stock; Hạ the raised phỏm (laid before me); Gửi the raised cards (on the others' phỏm); the card Gợi ý
    picks, Đánh (on my pile). The kinds of step taken."""
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
            picked = sc.highlights.selected
            assert picked is not None, "Gợi ý picked no card to throw"
            j.click(tr("btn.discard"))
            settle(j)
            assert model(j).piles[m.me][-1:] == [picked] and f"card {card_str(picked)}" not in j.labels()
            done.add("discard")
            return done
    raise JourneyError(f"my turn did not end (stuck at {mode(j)!r}: {j.labels()})")


def play_a_whole_game(j: Journey) -> tuple[set[str], int]:
    """My turns by clicks until the game ends: the kinds of step I took, and the game's id."""
    kinds: set[str] = set()
    game_id = model(j).game_id
    while True:
        wait_my_turn(j, GAME_WAIT)
        if game_over(j):
            break
        history = len(game_state(j).history)
        kinds |= play_my_turn_checked(j)
        me = j.table().model.me
        made = {str(mv.kind) for mv in game_state(j).history[history:] if mv.seat == me}
        assert made <= kinds | {"skip"}, (made, kinds)          # the table played what I clicked
    return kinds, game_id


def sign(net: int) -> str:
    return ("+" if net > 0 else "") + money(net)


def test_a_whole_game_by_clicks_and_its_record_after_a_restart(journey):
    j = journey(seed=2)      # on this deal my clicks draw, eat, lay the raised phỏm, send and discard
    j.start()
    start_new_game(j, levels=("Dễ", "Thường", "Khó"))
    levels = [s.level for s in j.games.clients[0].table.config.seats[1:]]
    assert [str(v) for v in levels] == ["easy", "normal", "hard"]
    kinds, first = play_a_whole_game(j)
    assert {"draw", "eat", "lay", "send", "discard"} <= kinds, kinds
    j.until(lambda: isinstance(j.top, ResultsOverlay), 5.0, "the results")
    outcome = game_state(j).outcome
    assert outcome is not None
    mine = outcome.net[j.table().model.me]
    assert sign(mine) in j.drawn_texts()                         # the results show my amount
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
    assert nets[1] == mine
    assert j.wallet() == STARTING_GRANT + sum(nets)

    j.click("Lịch sử")
    shown = j.texts()
    assert len([t for t in shown if " | " in t]) == 2
    assert sign(nets[0]) in shown[0] and "Bạn rời bàn" in shown[0]
    assert sign(nets[1]) in shown[1] and "Bạn rời bàn" not in shown[1]
    j.click("Quay lại")

    j.click("Thống kê")
    tiles = " ".join(j.texts())
    assert "Số ván đã chơi: 2" in tiles and f"Tổng thắng thua: {sign(sum(nets))}" in tiles
    chips = j.top.chips
    assert [v for _, v in chips] == [STARTING_GRANT, STARTING_GRANT + nets[1], STARTING_GRANT + sum(nets)]
    opponents = [t for t in j.texts() if " | " in t]
    assert len(opponents) == 3 and all(t.split(" | ")[1] == "2" for t in opponents)
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
    record = store.get_game(rows[1].uid).record
    moves = [parse_move(m) for m in record["moves"]]
    marks = replay.mark_indexes()
    assert all(moves[i].seat == rows[1].human_seat and moves[i].kind is not MoveKind.LEAVE for i in marks)
    if marks:                                                     # a mark leads to its advice
        j.click(f"mark {marks[0]}")
        assert replay.index == marks[0] + 1
        assert any(t.startswith("Máy khuyên") for t in j.texts())
