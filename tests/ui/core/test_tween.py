"""Tweens: stepped time, exact arrival at the duration, on_done once, takeover, cancel and finish."""

from __future__ import annotations

import math

import pytest

from tala_desktop.ui.core.tween import Tweener, easing_of


class Sprite:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0
        self.pos = (0.0, 0.0)
        self.alpha = 255


def test_reaches_the_target_exactly_at_the_duration_and_calls_on_done_once():
    tw, s, calls = Tweener(), Sprite(), []
    tw.animate(s, 0.3, "linear", on_done=lambda: calls.append(s.x), x=0.7)
    assert tw.busy
    for _ in range(2):
        tw.update(0.1)
    assert s.x == pytest.approx(0.7 * 2 / 3)
    assert calls == []
    tw.update(0.1)
    assert s.x == 0.7  # exact, not 0.7000000000000001
    assert calls == [0.7]
    assert not tw.busy
    tw.update(1.0)
    assert calls == [0.7]


def test_easing_shapes_the_path_and_tuples_interpolate():
    tw, s = Tweener(), Sprite()
    tw.animate(s, 1.0, "easeOutCubic", pos=(100.0, -50.0), y=20.0)
    tw.update(0.5)
    assert s.pos[0] == pytest.approx(87.5)  # 1 - (1 - 0.5) ** 3
    assert s.pos[1] == pytest.approx(-43.75)
    assert s.y == pytest.approx(18.75)
    tw.update(0.5)
    assert s.pos == (100.0, -50.0) and s.y == 20.0


def test_easing_lookup():
    assert easing_of("linear")(0.25) == 0.25
    assert easing_of("ease_out")(0.5) == pytest.approx(0.875)
    assert easing_of(lambda t: t * t)(0.5) == 0.25
    with pytest.raises(ValueError):
        easing_of("wobbly")


def test_delay_holds_the_start_value():
    tw, s = Tweener(), Sprite()
    tw.animate(s, 0.2, "linear", delay=0.3, x=10.0)
    tw.update(0.25)
    assert s.x == 0.0 and tw.busy
    tw.update(0.15)
    assert s.x == pytest.approx(5.0)
    tw.update(0.1)
    assert s.x == 10.0


def test_a_newer_tween_takes_over_the_attribute():
    tw, s, done = Tweener(), Sprite(), []
    tw.animate(s, 1.0, "linear", on_done=lambda: done.append("old"), x=100.0, y=0.0)
    tw.update(0.5)
    tw.animate(s, 0.5, "linear", on_done=lambda: done.append("new"), x=-10.0)
    tw.update(0.5)
    assert s.x == -10.0 and s.y == 0.0
    assert sorted(done) == ["new", "old"]


def test_cancel_stops_without_callbacks_and_finish_all_jumps_to_the_end():
    tw, a, b, done = Tweener(), Sprite(), Sprite(), []
    tw.animate(a, 1.0, "linear", on_done=lambda: done.append("a"), x=1.0)
    tw.animate(b, 1.0, "linear", on_done=lambda: done.append("b"), x=2.0)
    tw.update(0.5)
    tw.cancel(a)
    assert a.x == pytest.approx(0.5) and len(tw) == 1
    tw.finish_all()
    assert b.x == 2.0 and done == ["b"] and not tw.busy
    tw.animate(a, 1.0, "linear", x=9.0)
    tw.cancel()
    assert not tw.busy


def test_callbacks_can_chain_tweens_and_finish_all_terminates_on_loops():
    tw, s = Tweener(), Sprite()

    def bounce():
        tw.animate(s, 0.1, "linear", on_done=bounce, alpha=0 if s.alpha else 255)

    tw.animate(s, 0.1, "linear", on_done=bounce, alpha=0)
    tw.update(0.1)
    assert s.alpha == 0 and tw.busy
    tw.update(0.1)
    assert s.alpha == 255
    tw.finish_all(max_rounds=5)  # a looping animation cannot hang it


def test_speed_scales_time_and_infinity_is_instant():
    tw, s = Tweener(speed=2.0), Sprite()
    tw.animate(s, 1.0, "linear", x=1.0)
    tw.update(0.25)
    assert s.x == pytest.approx(0.5)
    instant = Tweener(speed=math.inf)
    instant.animate(s, 1.0, "linear", x=7.0)
    instant.update(0.0)
    assert s.x == 7.0


def test_mistakes_are_reported_early():
    tw, s = Tweener(), Sprite()
    with pytest.raises(AttributeError):
        tw.animate(s, 1.0, "linear", wdith=3)
    with pytest.raises(ValueError):
        tw.animate(s, 1.0, "linear")
    with pytest.raises(ValueError):
        tw.update(-0.1)


def test_zero_duration_finishes_on_the_next_update():
    tw, s, done = Tweener(), Sprite(), []
    tw.animate(s, 0.0, "linear", on_done=lambda: done.append(1), x=3.0)
    tw.update(0.0)
    assert s.x == 3.0 and done == [1]
