"""A whole game with the sound on, from a cold start: the mix the sound card gets never passes -1 dBFS.

The app runs in a process of its own on SDL's disk audio driver, which
writes the mix (44.1 kHz 16-bit stereo) to a file as a sound card would
play it; the game is played by clicks in stepped time, faster than a
player would, so its effects pile up more than they ever do at the table.
The player heard 57 samples at full scale at a game's end, an Ù and the
tutorial's win.
"""

from __future__ import annotations

import array
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_whole_game_with_the_sound_on_never_clips(tmp_path):
    mix = tmp_path / "mix.raw"
    code = textwrap.dedent(f"""
        from tests.journeys.driver import Journey
        from tests.journeys.play import game_over, play_turn, start_new_game, wait_my_turn
        j = Journey({str(tmp_path / "data")!r})
        j.start()
        j.step(0.5)                                   # the sounds load after the first frame
        assert j.running_app.services.sounds.available
        start_new_game(j)
        for _ in range(60):
            wait_my_turn(j, 240.0)
            if game_over(j):
                break
            play_turn(j)
        j.step(4.0)                                   # the end's effects, the results
        assert game_over(j)
        j.stop()
        print("played")
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(mix), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    assert done.returncode == 0 and "played" in done.stdout, done.stdout[-2000:] + done.stderr[-3000:]
    samples = array.array("h", mix.read_bytes())
    peak = max(max(samples), -min(samples))
    assert peak > 32767 * 10 ** (-20 / 20)                   # the effects were heard
    assert 20 * math.log10(peak / 32767) <= -1.0
