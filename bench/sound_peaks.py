"""Sound peaks: how loud the game's mix gets at its loudest moments, measured on SDL's disk audio driver.

    python bench/sound_peaks.py [--games 8] [--seed 3] [--window 1.5]

First the moments are found: four-bot tables are played headless at the
normal pace (stepped time, nothing drawn) and every effect the table scene
plays is recorded with its time. A moment is a game's end (the win or lose
sound) or an Ù (the "u" sound), with the effects from ``--window`` seconds
before it to as long after; "all at once" adds every effect started in the
same instant, the worst any number of sounds can do. Then each moment is
played again in real time through the game's own players (``Sounds`` and
``Music``, ui/audio/) on SDL's disk driver, which writes the mix as the
sound card would get it (44.1 kHz 16-bit stereo) into a scratch file, at
the loudest settings (effects and music at 100 %) and at the defaults. For
each moment it prints the peak in dBFS (0 is full scale), the number of
samples at full scale (clipped) and its effects.
"""

from __future__ import annotations

import argparse
import array
import math
import os
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["SDL_AUDIODRIVER"] = "dummy"          # finding the moments plays nothing
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tala_desktop.app.composition import build_desktop  # noqa: E402
from tala_desktop.bots import BotLevel  # noqa: E402
from tala_desktop.bots.runner import InlineRunner  # noqa: E402
from tala_desktop.ui.audio.music import Music  # noqa: E402
from tala_desktop.ui.audio.sounds import SOUND_NAMES, NullSounds, load_sounds  # noqa: E402
from tala_desktop.ui.shared.new_game import selftest_config, think_delay  # noqa: E402
from tala_desktop.ui.shell.app_loop import AppOptions, StepClock  # noqa: E402

FULL_SCALE = 32767
RATE = 44100


class Recorder(NullSounds):
    """The table's sound player during the search: remembers (stepped time, effect)."""

    def __init__(self, clock: StepClock) -> None:
        super().__init__()
        self.clock = clock
        self.played: list[tuple[float, str]] = []

    def play(self, name: str) -> None:
        super().play(name)
        self.played.append((self.clock.now, name))


@dataclass(frozen=True)
class Moment:
    name: str
    effects: tuple[tuple[float, str], ...]      # (seconds from the moment's start, effect)


def find_moments(games: int, seed: int, window: float) -> list[Moment]:
    """The ends of ``games`` bot-only games at the normal pace, and their Ù, from the effects the table played."""
    clock = StepClock()
    desktop = build_desktop(AppOptions(windowed=(1280, 720), seed=seed), clock, runner=InlineRunner())
    app = desktop.app
    recorder = Recorder(clock)
    app.services.sounds = recorder
    base = selftest_config(seed)                 # Normal players: the effects do not depend on how well they play
    config = replace(base, seats=[replace(s, level=BotLevel.NORMAL) for s in base.seats], think_delay=think_delay(1.0))
    desktop.games.open_table(desktop.games.bots_only_client(config), spectator=True)
    app.draw = lambda: None                      # type: ignore[method-assign]  # only the effects matter here
    ends = 0
    limit = games * 240 * 60                     # four minutes of stepped time a game at most
    for _ in range(limit):
        app.frame()
        ends = sum(name in ("win", "lose") for _, name in recorder.played)
        if ends >= games and clock.now > recorder.played[-1][0] + window:
            break
    app.shutdown()
    moments: list[Moment] = []
    marks = [(at, name) for at, name in recorder.played if name in ("win", "lose", "u")]
    for at, name in marks:
        if any(name != "u" and other == "u" and abs(t - at) <= window for t, other in marks):
            continue                             # the end of a game won by Ù: that Ù's moment
        effects = tuple((t - (at - window), n) for t, n in recorder.played if at - window <= t <= at + window)
        label = "Ù" if name == "u" else f"game end ({name})"
        moments.append(Moment(f"{label} at {at:.1f} s", effects))
    moments.append(Moment("all at once", tuple((0.2, n) for n in SOUND_NAMES)))
    return moments


def play_moment(moment: Moment, sound_volume: float, music_volume: float, folder: Path) -> array.array:
    """The mix of ``moment`` as the disk driver wrote it (16-bit samples, left and right interleaved)."""
    out = folder / "mix.raw"
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(out)
    sounds = load_sounds(sound_volume)
    if not sounds.available:
        raise SystemExit("the disk audio driver could not be opened")
    music = Music(music_volume)
    sounds.reserve(music.level)                  # as the app does (ui/shell/startup.py, ui/shared/app_settings.py)
    music.start()
    music.poll()
    time.sleep(0.3)                              # the music is under way, as it is in the game
    started = time.perf_counter()
    for at, name in moment.effects:
        delay = at - (time.perf_counter() - started)
        if delay > 0:
            time.sleep(delay)
        sounds.play(name)
    time.sleep(1.2)                              # the last effect's tail
    music.stop()
    pygame.mixer.quit()
    samples = array.array("h", out.read_bytes())
    out.unlink()
    return samples


def peak_dbfs(samples: array.array) -> tuple[float, int]:
    """(peak in dBFS, samples at full scale)."""
    peak = max((abs(s) for s in samples), default=0)
    clipped = sum(1 for s in samples if s >= FULL_SCALE or s <= -FULL_SCALE - 1)
    return (20 * math.log10(peak / FULL_SCALE) if peak else -math.inf), clipped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=8, help="bot-only games whose ends are measured")
    ap.add_argument("--seed", type=int, default=3, help="seed of the table")
    ap.add_argument("--window", type=float, default=1.5, help="seconds of effects kept before and after a moment")
    args = ap.parse_args(argv)
    moments = find_moments(args.games, args.seed, args.window)
    pygame.quit()
    loudest = -math.inf
    with tempfile.TemporaryDirectory(prefix="tala-sound-") as tmp:
        for label, sound_volume, music_volume in (("loudest settings", 1.0, 1.0), ("default settings", 0.8, 0.5)):
            print(f"{label}: effects {sound_volume:.0%}, music {music_volume:.0%}")
            for moment in moments:
                db, clipped = peak_dbfs(play_moment(moment, sound_volume, music_volume, Path(tmp)))
                loudest = max(loudest, db)
                names = " ".join(n for _, n in moment.effects)
                print(f"  {moment.name:<26} peak {db:6.2f} dBFS  full-scale samples {clipped:5d}  ({names})")
    print(f"loudest peak: {loudest:.2f} dBFS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
