"""Render sounds: synthesises the game's sound effects and its music and writes them into assets/sounds/.

    python tools/render_sounds.py            # rewrite assets/sounds/*.wav and music.ogg
    python tools/render_sounds.py --check    # exit 1 if a committed file differs from what this renders

The effects are made in pure Python (``array``/``math``/``random`` with fixed
seeds, 22.05 kHz mono 16-bit) and written as WAV files with ``wave``; the app
loads them at start-up (tala_desktop/ui/audio/sounds.py) instead of computing
them. The music is a 32-bar loop (about 100 s) in four sections, A B A' C,
where A' is A with seeded passing notes and C an arpeggiated, sparser
variation, so the loop does not repeat every 25 s; it is encoded as Ogg
Vorbis (``soundfile``, from the build extra), which the app streams with
``pygame.mixer.music``. Re-running gives the same samples; the files are
committed so neither the app nor a build needs this script.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tala_desktop.ui.audio.music import MUSIC_FILE  # noqa: E402
from tala_desktop.ui.audio.sounds import SOUND_FOLDER, SOUND_NAMES  # noqa: E402

OUT = ROOT / "assets" / SOUND_FOLDER
RATE = 22050
NOTE = {"G4": 392.0, "A4": 440.0, "Bb4": 466.2, "C5": 523.3, "Eb4": 311.1, "C4": 261.6,
        "D5": 587.3, "E5": 659.3, "G5": 784.0, "A5": 880.0, "C6": 1046.5, "E6": 1318.5}

Buffer = list[float]


# -- the effects -----------------------------------------------------------------------------------
def _blank(seconds: float, rate: int) -> Buffer:
    return [0.0] * max(1, int(seconds * rate))


def _tone(buf: Buffer, rate: int, start: float, freq: float, dur: float, amp: float, decay: float,
          partials: tuple[float, ...] = (1.0,), glide_to: float | None = None, attack: float = 0.004) -> None:
    """Add a tone (sum of harmonics with weights ``partials``) with an exponential decay."""
    i0 = int(start * rate)
    n = min(int(dur * rate), len(buf) - i0)
    if n <= 0:
        return
    sin, tau = math.sin, math.tau
    env_step = math.exp(-decay / rate)
    att = max(1, int(attack * rate))
    f1 = freq if glide_to is None else glide_to
    phase, env = 0.0, amp
    release = max(1, int(0.01 * rate))
    weights = tuple(enumerate(partials, start=1))
    for i in range(n):
        f = freq + (f1 - freq) * i / n
        phase += tau * f / rate
        s = 0.0
        for h, w in weights:
            s += w * sin(h * phase)
        gain = env * (i / att if i < att else 1.0) * ((n - i) / release if n - i < release else 1.0)
        buf[i0 + i] += s * gain
        env *= env_step


def _noise(buf: Buffer, rate: int, start: float, dur: float, amp: float, decay: float,
           smooth: float = 0.5, seed: int = 1) -> None:
    """Add low-passed white noise (a card's swish or slap) with an exponential decay."""
    i0 = int(start * rate)
    n = min(int(dur * rate), len(buf) - i0)
    rnd = random.Random(seed).random
    env_step = math.exp(-decay / rate)
    env, last = amp, 0.0
    att = max(1, int(0.002 * rate))
    for i in range(max(0, n)):
        last += (1 - smooth) * ((rnd() * 2 - 1) - last)
        buf[i0 + i] += last * env * (i / att if i < att else 1.0)
        env *= env_step


def _deal(rate: int) -> Buffer:
    b = _blank(0.07, rate)
    _noise(b, rate, 0, 0.07, 0.9, 60, 0.35, seed=2)
    return b


def _draw(rate: int) -> Buffer:
    b = _blank(0.12, rate)
    _noise(b, rate, 0, 0.12, 0.7, 30, 0.55, seed=3)
    _tone(b, rate, 0.0, 700, 0.06, 0.15, 60, glide_to=950)
    return b


def _discard(rate: int) -> Buffer:
    b = _blank(0.12, rate)
    _noise(b, rate, 0, 0.09, 1.0, 70, 0.2, seed=4)
    _tone(b, rate, 0, 170, 0.12, 0.6, 40)
    return b


def _eat(rate: int) -> Buffer:
    b = _blank(0.34, rate)
    bell = (1.0, 0.4, 0.2)
    _tone(b, rate, 0.0, NOTE["E5"], 0.12, 0.5, 18, bell)
    _tone(b, rate, 0.09, NOTE["A5"], 0.25, 0.55, 12, bell)
    return b


def _lay(rate: int) -> Buffer:
    b = _blank(0.3, rate)
    for j, note in enumerate(("C5", "E5", "G5")):
        _noise(b, rate, j * 0.06, 0.05, 0.6, 80, 0.25, seed=10 + j)
        _tone(b, rate, j * 0.06, NOTE[note], 0.14, 0.32, 20, (1.0, 0.3))
    return b


def _send(rate: int) -> Buffer:
    b = _blank(0.18, rate)
    _noise(b, rate, 0, 0.06, 0.4, 60, 0.4, seed=5)
    _tone(b, rate, 0.0, 600, 0.18, 0.45, 14, (1.0, 0.25), glide_to=1250)
    return b


def _u(rate: int) -> Buffer:
    b = _blank(1.0, rate)
    brass = (1.0, 0.5, 0.33, 0.2)
    for j, note in enumerate(("C5", "E5", "G5")):
        _tone(b, rate, j * 0.11, NOTE[note], 0.13, 0.3, 6, brass, attack=0.01)
    for note in ("C5", "E5", "G5", "C6"):
        _tone(b, rate, 0.34, NOTE[note], 0.66, 0.2, 3.5, brass, attack=0.015)
    return b


def _tick(rate: int) -> Buffer:
    b = _blank(0.04, rate)
    _tone(b, rate, 0, 1900, 0.04, 0.5, 120, attack=0.001)
    _noise(b, rate, 0, 0.01, 0.3, 300, 0.1, seed=6)
    return b


def _win(rate: int) -> Buffer:
    b = _blank(0.75, rate)
    for j, note in enumerate(("C5", "E5", "G5", "C6", "E6")):
        _tone(b, rate, j * 0.075, NOTE[note], 0.75 - j * 0.075, 0.3, 7, (1.0, 0.35, 0.1))
    return b


def _lose(rate: int) -> Buffer:
    b = _blank(0.75, rate)
    soft = (1.0, 0.0, 0.11)
    for j, (note, dur) in enumerate((("G4", 0.2), ("Eb4", 0.2), ("C4", 0.4))):
        _tone(b, rate, j * 0.18, NOTE[note], dur, 0.45, 5, soft, attack=0.01)
    return b


RECIPES: dict[str, Callable[[int], Buffer]] = {
    "deal": _deal, "draw": _draw, "discard": _discard, "eat": _eat, "lay": _lay,
    "send": _send, "u": _u, "tick": _tick, "win": _win, "lose": _lose,
}


def _to_samples(buf: Buffer, level: float = 0.9) -> array:
    peak = max(1e-9, max(abs(x) for x in buf))
    scale = level * 32767 / peak
    return array("h", [int(x * scale) for x in buf])


def synthesise(name: str, rate: int = RATE) -> array:
    """Mono signed 16-bit samples of the effect ``name`` (one of SOUND_NAMES), peak at 90%."""
    return _to_samples(RECIPES[name](rate))


def to_wav(samples: array, rate: int = RATE) -> bytes:
    """A mono 16-bit WAV file holding ``samples``."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return out.getvalue()


# -- the music -------------------------------------------------------------------------------------
BPM = 76
Beat = int | tuple[int, int]       # a beat's melody note (semitones from A3, 0 = rest) or two eighth notes
Bar = tuple[int, tuple[Beat, ...]]  # (bass root, four beats)
SECTION_A: tuple[Bar, ...] = (      # A minor pentatonic over Am C D E
    (-12, (12, 15, 17, 19)), (-9, (17, 15, 12, 0)), (-7, (10, 12, 15, 17)), (-5, (15, 12, 10, 0)),
    (-12, (12, 15, 19, 22)), (-9, (19, 17, 15, 0)), (-7, (17, 15, 12, 10)), (-5, (12, 10, 7, 0)),
)
SECTION_B: tuple[Bar, ...] = (      # F G Am Am, F G D E: the tune climbs, then comes home
    (-16, (19, 0, 17, 15)), (-14, (17, 0, 15, 12)), (-12, (15, 17, 19, 22)), (-12, (24, 22, 19, 0)),
    (-16, (17, 19, 17, 15)), (-14, (15, 12, 15, 17)), (-7, (19, 17, 15, 12)), (-5, (10, 12, 10, 0)),
)
PENTATONIC = (7, 10, 12, 15, 17, 19, 22, 24)


def _varied(section: tuple[Bar, ...], seed: int) -> tuple[Bar, ...]:
    """The section with seeded passing notes: some beats split into two eighths, some rests filled."""
    rnd = random.Random(seed)
    bars: list[Bar] = []
    for root, beats in section:
        new: list[Beat] = []
        for k, note in enumerate(beats):
            if isinstance(note, int) and note in PENTATONIC and k < 3 and rnd.random() < 0.35:
                i = PENTATONIC.index(note)
                step = PENTATONIC[min(len(PENTATONIC) - 1, i + 1)] if rnd.random() < 0.5 else PENTATONIC[max(0, i - 1)]
                new.append((note, step))
            elif note == 0 and rnd.random() < 0.5:
                new.append(rnd.choice(PENTATONIC[:5]))
            else:
                new.append(note)
        bars.append((root, tuple(new)))
    return tuple(bars)


def _sparse(section: tuple[Bar, ...]) -> tuple[Bar, ...]:
    """The section an octave up with only its first and third beats: room for the arpeggios under it."""
    return tuple((root, tuple(n + 12 if k % 2 == 0 and isinstance(n, int) and n else 0
                              for k, n in enumerate(beats))) for root, beats in section)


SECTIONS: tuple[tuple[tuple[Bar, ...], bool], ...] = (   # (bars, arpeggiated chords under them)
    (SECTION_A, False), (SECTION_B, False), (_varied(SECTION_A, 7), False), (_sparse(SECTION_B), True),
)


def _freq(semitones: int) -> float:
    return 220.0 * 2 ** (semitones / 12)


def _pluck(buf: Buffer, start: int, freq: float, seconds: float, amp: float, decay: float) -> None:
    n = min(int(seconds * RATE), len(buf) - start)
    step = math.tau * freq / RATE
    fall = math.exp(-decay / RATE)
    env = amp
    attack = max(1, int(0.01 * RATE))
    sin = math.sin
    for i in range(n):
        gain = env * (i / attack if i < attack else 1.0)
        p = step * i
        buf[start + i] += gain * (sin(p) + 0.3 * sin(2 * p) + 0.1 * sin(3 * p))
        env *= fall


Sections = tuple[tuple[tuple[Bar, ...], bool], ...]


def music_bars(sections: Sections = SECTIONS) -> int:
    return sum(len(bars) for bars, _ in sections)


def music_frames(sections: Sections = SECTIONS) -> int:
    """How many samples ``compose(sections)`` gives: four beats a bar at BPM."""
    return int(music_bars(sections) * 4 * 60.0 / BPM * RATE)


def compose(sections: Sections = SECTIONS) -> array:
    """The loop (by default all of it) as mono signed 16-bit samples at RATE; the whole loop ends on the chord
    that leads to its start."""
    beat = 60.0 / BPM
    buf: Buffer = [0.0] * music_frames(sections)
    bar_no = 0
    for bars, arpeggio in sections:
        for root, beats in bars:
            bar_start = int(bar_no * 4 * beat * RATE)
            _pluck(buf, bar_start, _freq(root), 4 * beat, 0.35, 1.2)
            _pluck(buf, bar_start, _freq(root + 7), 4 * beat, 0.18, 1.4)
            if arpeggio:
                for e, interval in enumerate((12, 15, 19, 24, 19, 15, 12, 19)):
                    third = 4 if root in (-16, -14, -9) else 3          # major chords on F, G, C
                    note = root + (interval if interval != 15 else 12 + third)
                    _pluck(buf, bar_start + int(e * beat / 2 * RATE), _freq(note), beat, 0.12, 4.0)
            for k, item in enumerate(beats):
                at = bar_start + int(k * beat * RATE)
                if isinstance(item, tuple):
                    _pluck(buf, at, _freq(item[0]), beat * 0.9, 0.3, 3.5)
                    _pluck(buf, at + int(beat / 2 * RATE), _freq(item[1]), beat * 1.2, 0.24, 3.5)
                elif item:
                    _pluck(buf, at, _freq(item), beat * 1.6, 0.3, 3.0)
            bar_no += 1
    fade = int(0.05 * RATE)
    for i in range(fade):                       # no click where the loop joins
        buf[i] *= i / fade
        buf[-1 - i] *= i / fade
    return _to_samples(buf)


def encode_ogg(samples: array, path: Path) -> None:
    """Write ``samples`` as an Ogg Vorbis file: a quiet background loop in a few hundred KB."""
    import numpy as np
    import soundfile as sf

    data = np.frombuffer(samples.tobytes(), dtype=np.int16).astype(np.float32) / 32768
    # libsndfile's compression level: 0 = best quality, 1 = smallest file. Written in blocks: one write of
    # the whole minute and a half crashes libsndfile's Vorbis encoder.
    with sf.SoundFile(str(path), "w", samplerate=RATE, channels=1, format="OGG", subtype="VORBIS",
                      compression_level=0.6) as f:
        for start in range(0, len(data), 8192):
            f.write(data[start:start + 8192])


def decoded_ogg_frames(path: Path) -> int:
    import soundfile as sf

    return int(sf.info(str(path)).frames)


# -- the command -----------------------------------------------------------------------------------
def effect_problems(out: Path) -> list[str]:
    """Which effects in ``out`` are missing or differ from their recipe (more than rounding)."""
    problems = []
    for name in SOUND_NAMES:
        path = out / f"{name}.wav"
        if not path.is_file():
            problems.append(f"{path} is missing")
            continue
        with wave.open(str(path)) as w:
            stored = array("h", w.readframes(w.getnframes()))
        fresh = synthesise(name)
        if len(stored) != len(fresh) or any(abs(a - b) > 2 for a, b in zip(stored, fresh)):
            problems.append(f"{path} differs from its recipe")
    return problems


def music_problems(out: Path) -> list[str]:
    """Whether the music in ``out`` is missing or is not the loop composed here (its length)."""
    music = out / MUSIC_FILE
    if not music.is_file():
        return [f"{music} is missing"]
    try:
        frames = decoded_ogg_frames(music)
    except RuntimeError as exc:               # soundfile's error for a file it cannot read
        return [f"{music} is not readable Ogg Vorbis ({exc})"]
    return [] if frames == music_frames() else [f"{music} is not the loop composed here (length differs)"]


def check(out: Path) -> list[str]:
    """What differs between the files in ``out`` and what this script renders (empty: all match)."""
    return effect_problems(out) + music_problems(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the effects' WAV files and the music")
    ap.add_argument("--check", action="store_true", help="exit 1 if a file there differs from what is rendered")
    args = ap.parse_args()
    if args.check:
        problems = check(args.out)
        for line in problems:
            print(line, file=sys.stderr)
        print("sounds match their recipes" if not problems else f"{len(problems)} sound file(s) differ")
        return 1 if problems else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name in SOUND_NAMES:
        (args.out / f"{name}.wav").write_bytes(to_wav(synthesise(name)))
    samples = compose()
    encode_ogg(samples, args.out / MUSIC_FILE)
    size = sum(p.stat().st_size for p in args.out.iterdir() if p.suffix in (".wav", ".ogg"))
    print(f"wrote {len(SOUND_NAMES)} effects and {len(samples) / RATE:.0f} s of music to {args.out} "
          f"({size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
