"""Results: each revealed hand shows its phỏm and its trash apart, and an amount made of several payments says so."""

from __future__ import annotations

import pytest

from tala_desktop.engine import MoveKind, OutcomeKind
from tala_desktop.engine.record import dumps, loads
from tala_desktop.table import LocalTableClient
from tala_desktop.table.messages import Payment
from tala_desktop.table.snapshot import game_payments
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.results_rows import breakdown, breakdown_lines, part_text
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results


def test_a_zero_that_hides_plus_and_minus_four_is_explained():
    payments = [Payment(game_id=1, from_seat=1, to=0, amount=400, reason="chot"),
                Payment(game_id=1, from_seat=0, to=2, amount=400, reason="bet")]
    parts = breakdown(payments, 0, 0)
    assert parts == [("pay.rank", -400, -1), ("pay.chot", 400, -1)]
    names = ["Bạn", "Lan", "Minh"]
    assert breakdown_lines(parts, names, 0, 0) == [tr("pay.rank", amount="-400"), tr("pay.chot", amount="+400")]
    assert breakdown(payments, 1, -400) == [("pay.chot", -400, -1)]
    assert breakdown_lines([("pay.chot", -400, -1)], names, 1, 0) == []     # one payment alone: the amount says it
    # money the scene never saw paid (a game resumed mid-way) is "other", so the parts add up to the amount
    assert breakdown(payments, 2, 500) == [("pay.rank", 400, -1), ("pay.other", 100, -1)]


def test_the_eats_say_who_ate_from_whom():
    payments = [Payment(game_id=1, from_seat=0, to=1, amount=100, reason="eat"),     # Lan ate from you
                Payment(game_id=1, from_seat=0, to=1, amount=200, reason="eat"),     # and again
                Payment(game_id=1, from_seat=2, to=0, amount=100, reason="eat"),     # you ate from Minh
                Payment(game_id=1, from_seat=0, to=2, amount=300, reason="bet")]
    names = ["Bạn", "Lan", "Minh"]
    mine = breakdown(payments, 0, -500)
    assert mine == [("pay.rank", -300, -1), ("pay.eat", 100, 2), ("pay.eat", -300, 1)]
    assert breakdown_lines(mine, names, 0, 0) == ["hạng -300", "ăn của Minh +100", "Lan ăn của bạn -300"]
    lans = breakdown(payments, 1, 300)
    assert breakdown_lines(lans, names, 1, 0) == ["ăn của bạn +300"]       # an eat alone still names whom
    minhs = breakdown(payments, 2, 200)
    assert breakdown_lines(minhs, names, 2, 0) == ["hạng +300", "bị bạn ăn -100"]   # "you" mid-sentence: small
    from tala_desktop.ui.core import i18n
    i18n.set_language("en")
    names = ["You", "Lan", "Minh"]
    assert part_text(("pay.eat", -300, 1), names, 0, 0) == "Lan ate from you -300"
    assert part_text(("pay.eat", 100, 2), names, 0, 0) == "ate from Minh +100"
    assert part_text(("pay.eat", -100, 0), names, 2, 0) == "eaten by you -100"
    assert part_text(("pay.eat", 300, 0), names, 1, 0) == "ate from you +300"
    assert part_text(("pay.eat", 300, 0), ["Tuấn", "Lan", "Minh"], 1, 0) == "ate from you +300"   # any name of mine


def test_the_results_rows_split_phom_from_trash_and_explain_each_amount(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=3.0))
    sc = drv.scene
    overlay = play_to_results(drv)
    m = sc.model
    net = m.final_net()
    explained = 0
    for s in range(m.n):
        groups, trash = overlay.hands[s]
        if m.outcome is not None and m.outcome.kind is OutcomeKind.SHOWDOWN:
            assert sorted(c for g in groups for c in g) == sorted(c for ph in m.laid[s] for c in ph)
            assert sorted(trash) == sorted(m.reveal[s])
        parts = breakdown(m.snap.payments, s, int(net[s]))
        assert sum(v for _, v, _ in parts) == net[s]
        assert overlay.breakdowns[s] == breakdown_lines(parts, m.names, s, m.me)
        explained += len(parts) > 1
        spots = overlay.card_spots(s, 0, 340)
        assert [c for c, _ in spots] == [c for g in groups for c in g] + trash
        assert all(b > a for (_, a), (_, b) in zip(spots, spots[1:]))        # left to right, never stacked back
    assert explained >= 1                          # this game has eats beside the rank money
    cw = sc.layout.px(44)
    crowded = [([[0, 13, 26, 39], [1, 14, 27, 40]], [2, 16, 30]),          # two sets of four and three trash
               ([[0, 13, 26], [1, 14, 27], [2, 15, 28]], [3]),            # an Ù: three phỏm, one card left
               ([], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])]                      # Móm with ten cards
    for hand in crowded:
        overlay.hands[0] = hand
        spots = overlay.card_spots(0, 0, 340)
        assert len(spots) == sum(map(len, hand[0])) + len(hand[1])
        assert spots[-1][1] + cw <= 340, f"{hand}: the last card ends at {spots[-1][1] + cw}, past the row's 340"
    # the trash is labelled whether or not the hand has a phỏm (a Móm hand is all trash); a hand of phỏm
    # alone has nothing to label
    drawn: list[str] = []
    text = overlay.painter.text
    overlay.painter.text = lambda words, *a, **k: drawn.append(words) or text(words, *a, **k)
    row = overlay.rows.index(0)
    for hand, labelled in ((crowded[0], True), (crowded[2], True), (([[0, 13, 26], [1, 14, 27, 40]], []), False)):
        overlay.hands[0] = hand
        drawn.clear()
        tag = overlay.trash_tag(row, 0)                  # the tag the row draws over its cards
        assert (tag is not None and tr("results.trash") in drawn) is labelled, hand
    overlay.painter.text = text
    drv.step(90)
    drv.draw()
    sc.close()


def test_a_resumed_game_explains_the_money_paid_before_it_was_resumed(pg, fonts):
    first = make_table(seed=5)
    first.start_game(0.0)
    now = 0.0
    while not any(p.amount for p in _payments(first)) and not first.state.is_over:   # up to the first eat
        now += 0.05
        st = first.state
        if first.bots[st.to_move] is None:
            eat = [mv for mv in st.legal_moves() if mv.kind is MoveKind.EAT]
            first.submit(st.to_move, (eat or st.legal_moves())[0], first.game_id)
        first.update(now)
    assert not first.state.is_over, "seed 5 has an eat before the end"
    text, game_id, balances = dumps(first.state), first.game_id, first.balances[:]
    first.close()

    table = make_table(seed=5)
    client = LocalTableClient(table, 0)
    table.resume(loads(text), game_id, balances, now=0.0)      # an autosave: the earlier payments are not replayed
    drv = Driver(table, make_services(fonts, speed=0.0), client=client)
    overlay = play_to_results(drv)
    m = drv.scene.model
    paid = m.snap.payments
    assert any(p.reason in ("eat", "chot") for p in paid)      # the eat before the resume is in the final snapshot
    net = m.final_net()
    for s in range(m.n):
        parts = breakdown(paid, s, int(net[s]))
        assert "pay.other" not in {key for key, _, _ in parts}     # every chip of the amount is explained
        assert overlay.breakdowns[s] == breakdown_lines(parts, m.names, s, m.me)
    drv.scene.close()


def _payments(table) -> list[Payment]:
    return game_payments(table.state, table.game_id)


def test_the_results_move_to_the_middle_when_the_window_changes_shape_under_them(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=3.0))
    overlay = play_to_results(drv)
    assert overlay.panel.center == (640, 360)
    drv.scene.resize((1280, 960))                        # the window became 4:3 while the results were open
    drv.step(2)
    assert drv.scene.layout.size == (1280, 960)
    assert overlay.panel.center == (640, 480)
    for button in (overlay.new_button, overlay.leave_button):
        assert overlay.panel.contains(button.rect)
    drv.click(overlay.new_button.rect.center)            # the button is where it is drawn, and takes the click
    drv.step(2)
    assert not isinstance(drv.stack.top, ResultsOverlay)


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("canvas", [(1280, 720), (1280, 750), (1680, 720), (1280, 960)])
def test_nothing_in_a_results_row_overlaps_at_any_size_or_language(pg, fonts, language, canvas):
    from tala_desktop.ui.core import i18n

    i18n.set_language(language)
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0), size=canvas)
    overlay = play_to_results(drv)
    drv.step(60)
    m = drv.scene.model
    m.names = ["Nguyễn Thị Hằng", "WWWWWWWWWWWWWW", "Mmmmmmmmmmmmmm", "Lan"][:m.n]     # wide names, 14 letters
    many = [("pay.rank", -1200, -1), ("pay.mom", -400, -1), ("pay.eat", 300, 1), ("pay.eat", -200, 2),
            ("pay.eat", -100, 3), ("pay.chot", -400, -1), ("pay.den", -1600, -1), ("pay.other", 100, -1)]
    p = drv.scene.layout.px
    for i, seat in enumerate(overlay.rows):
        overlay.breakdowns[seat] = breakdown_lines(many[:2 + 2 * i], m.names, seat, m.me)
        row = overlay._row_rect(i)
        cards = pg.Rect(row.x + p(230), row.y, p(340), row.h)
        boxes = [(key, rect) for key, _, rect in overlay.row_items(i, seat)]
        label = m.label_of(seat)
        if label:
            pill = pg.Rect(0, 0, 1, p(20))
            img = overlay.painter.text(badge_text_of(label), p(15), (255, 255, 255), bold=True, shadow=False)
            pill.w = img.get_width() + 2 * max(4, p(15) // 2)
            pill.center = overlay.badge_centre(i, seat)
            boxes.append(("badge", pill))
        avatar = overlay.room().people[i].avatar
        boxes += [("avatar", avatar), ("cards", cards)]
        for key, rect in boxes:
            assert row.contains(rect), (language, canvas, seat, key, rect, row)
        for a in range(len(boxes)):
            for b in range(a + 1, len(boxes)):
                assert not boxes[a][1].colliderect(boxes[b][1]), (language, canvas, seat, boxes[a], boxes[b])
        assert any(key == "part" for key, _ in boxes) == bool(overlay.breakdowns[seat])
    drv.draw()
    drv.scene.close()


def badge_text_of(label: str) -> str:
    from tala_desktop.ui.table.words import badge_text
    return badge_text(label)


def test_results_popped_while_the_table_updates_do_nothing_more_that_frame(pg, fonts):
    """A LAN table taken off under its results (the host removed you) is popped from inside the table's update;
    the results listed above it must not count down and vote for a next game from nowhere that same frame."""
    from tala_desktop.table import LocalTableClient
    from tala_desktop.ui.core.scene import Scene

    votes: list[int] = []

    class Client(LocalTableClient):
        def next_game(self) -> None:
            votes.append(1)

    table = make_table(seed=5)
    below = Scene()                                      # the lobby under the table
    drv = Driver(table, make_services(fonts, speed=0.0), client=Client(table, 0), below=below)
    overlay = play_to_results(drv)
    scene, update = drv.scene, drv.scene.update

    def taken_off(dt: float) -> None:
        update(dt)
        while drv.stack.top is not below:
            drv.stack.pop()

    scene.update = taken_off
    overlay.countdown = 0.001                            # its clock runs out this very frame
    drv.stack.update(1 / 30)
    assert drv.stack.top is below and votes == [] and not overlay.done
