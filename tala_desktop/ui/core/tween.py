"""Tween: eased animation of object attributes, owned by a scene and stepped with update(dt).

``Tweener.animate(obj, duration, easing, on_done=None, **targets)`` moves each
named attribute of ``obj`` from its current value to its target (numbers or
tuples of numbers) over ``duration`` seconds of *passed-in* time; nothing
here reads the wall clock, so tests step it exactly. Easings come from
``pytweening`` by name ("easeOutCubic") or as any callable on [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytweening

Easing = Callable[[float], float]

EASE_ALIASES: dict[str, str] = {
    "linear": "linear",
    "ease_out": "easeOutCubic",
    "ease_in": "easeInCubic",
    "ease_in_out": "easeInOutCubic",
    "bounce": "easeOutBack",
    "elastic": "easeOutElastic",
}


def easing_of(easing: str | Easing) -> Easing:
    """An easing function by pytweening name, alias (EASE_ALIASES), or the callable itself."""
    if callable(easing):
        return easing
    name = EASE_ALIASES.get(easing, easing)
    fn = getattr(pytweening, name, None)
    if not callable(fn):
        raise ValueError(f"unknown easing {easing!r}")
    return fn


def _lerp(a: Any, b: Any, t: float) -> Any:
    if isinstance(a, tuple | list):
        return type(a)(_lerp(x, y, t) for x, y in zip(a, b))
    return a + (b - a) * t


class Tween:
    """One running animation; read ``done`` and ``progress``; stop with ``Tweener.cancel``."""

    def __init__(self, obj: object, duration: float, easing: Easing, on_done: Callable[[], None] | None,
                 targets: dict[str, Any], delay: float = 0.0) -> None:
        self.obj = obj
        self.duration = max(0.0, float(duration))
        self.easing = easing
        self.on_done = on_done
        self.targets = dict(targets)
        self.delay = max(0.0, float(delay))
        self.starts: dict[str, Any] | None = None
        self.elapsed = 0.0
        self.done = False

    @property
    def progress(self) -> float:
        if self.done:
            return 1.0
        return 0.0 if self.duration <= 0 else min(1.0, max(0.0, self.elapsed - self.delay) / self.duration)

    def _capture(self) -> None:
        if self.starts is None:
            self.starts = {name: getattr(self.obj, name) for name in self.targets}

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when it just finished (targets set exactly)."""
        if self.done:
            return False
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        self._capture()
        assert self.starts is not None
        active = self.elapsed - self.delay
        if active >= self.duration:
            self.finish_values()
            return True
        t = self.easing(active / self.duration)
        for name, target in self.targets.items():
            setattr(self.obj, name, _lerp(self.starts[name], target, t))
        return False

    def finish_values(self) -> None:
        for name, target in self.targets.items():
            setattr(self.obj, name, target)
        self.done = True


class Tweener:
    """The tweens of one scene. ``speed`` scales time (2.0 = twice as fast; math.inf = instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._tweens: list[Tween] = []

    @property
    def busy(self) -> bool:
        """True while any tween is running (input that must wait for animations checks this)."""
        return any(not t.done for t in self._tweens)

    def __len__(self) -> int:
        return sum(1 for t in self._tweens if not t.done)

    def animate(self, obj: object, duration: float, easing: str | Easing = "easeOutCubic",
                on_done: Callable[[], None] | None = None, *, delay: float = 0.0, **targets: Any) -> Tween:
        """Start moving ``obj``'s attributes to ``targets``; a newer tween of the same
        attribute takes it over from an older one. ``on_done`` runs once at the end."""
        if not targets:
            raise ValueError("animate() needs at least one attribute target")
        for name in targets:
            getattr(obj, name)  # fail now, not mid-animation, on a typo
        for old in self._tweens:
            if old.obj is obj and not old.done:
                for name in targets:
                    old.targets.pop(name, None)
                    if old.starts is not None:
                        old.starts.pop(name, None)
        tween = Tween(obj, duration, easing_of(easing), on_done, targets, delay)
        self._tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween by ``dt`` seconds (times speed) and run finished callbacks."""
        if dt < 0:
            raise ValueError("dt must be >= 0")
        step = math.inf if math.isinf(self.speed) else dt * self.speed
        finished: list[Tween] = []
        for tween in list(self._tweens):  # callbacks may start new tweens
            if tween.step(step):
                finished.append(tween)
        self._tweens = [t for t in self._tweens if not t.done]
        for tween in finished:
            if tween.on_done is not None:
                tween.on_done()

    def cancel(self, obj: object | None = None) -> None:
        """Stop tweens (of ``obj``, or all) where they are, without calling on_done."""
        self._tweens = [t for t in self._tweens if obj is not None and t.obj is not obj]

    def finish_all(self, max_rounds: int = 100) -> None:
        """Jump every tween to its end and call its on_done (e.g. when the user skips).

        Tweens that callbacks start are finished too, for at most ``max_rounds``
        rounds, so a looping animation cannot hang the caller."""
        for _ in range(max_rounds):
            if not self._tweens:
                return
            pending, self._tweens = self._tweens, []
            for tween in pending:
                if not tween.done:
                    tween.finish_values()
                    if tween.on_done is not None:
                        tween.on_done()
