"""Wire cost of the table messages: cards as numbers (the protocol) against cards and moves in notation.

    python bench/wire_bench.py [--games 20] [--seed 1] [--repeat 5]

Collects every message every seat receives in ``--games`` bot-only 4-player
games (the real Table, Normal bots), then times, per message, over the whole
set (best of ``--repeat``):

- numbers: ``msgspec.json.encode`` of the Struct and the strict decode back
  into the Struct (what the LAN server and client do);
- notation: the same message with cards as strings like ``"Kh"`` and moves
  as text (``"0 discard Kh"``, the form before the Structs): turning the
  message into that form, encoding it, decoding it into plain objects and
  parsing the cards and moves back into numbers for the UI.

Prints microseconds per message and bytes per message for both.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tala_desktop.bots.runner import InlineRunner  # noqa: E402
from tala_desktop.engine import Move, Rules, card_str, parse_card, parse_move  # noqa: E402
from tala_desktop.table import SeatConfig, Table, TableConfig  # noqa: E402
from tala_desktop.table.messages import TableMessage  # noqa: E402

CARD_KEYS = ("card", "hand", "cards", "hands", "melds", "known", "eaten", "piles", "laid", "reveal")


def collect(games: int, seed: int) -> list[Any]:
    seats = [SeatConfig(f"Bot {i}", level="normal") for i in range(4)]
    table = Table(TableConfig(seats, rules=Rules(), seed=seed, think_delay=0.0), InlineRunner())
    seen: list[Any] = []
    table.subscribe(lambda seat, msg: seen.append(msg))
    table.start_game(0.0)
    now = 0.0
    for game in range(games):
        if game:
            table.next_game(now)
        while not table.state.is_over:  # type: ignore[union-attr]
            now += 0.01
            table.update(now)
    table.close()
    return seen


def to_notation(obj: Any, key: str = "") -> Any:
    """The sender's side of the notation form: card numbers and moves into strings (from ``to_builtins``)."""
    if isinstance(obj, dict):
        return {k: to_notation(v, k) for k, v in obj.items()}
    if key in ("legal", "move") and isinstance(obj, list):
        return [str(Move(*m)) for m in obj] if key == "legal" else str(Move(*obj))
    if isinstance(obj, list):
        if key == "last_discard":
            return [obj[0], card_str(obj[1])]
        return [to_notation(v, key) for v in obj]
    if isinstance(obj, int) and not isinstance(obj, bool) and key in CARD_KEYS:
        return card_str(obj)
    return obj


def parse_back(obj: Any, key: str = "") -> Any:
    """The UI's side of the notation form: card strings and move texts back into numbers and moves."""
    if isinstance(obj, dict):
        return {k: parse_back(v, k) for k, v in obj.items()}
    if isinstance(obj, list):
        return [parse_back(v, key) for v in obj]
    if isinstance(obj, str):
        if key in CARD_KEYS or key == "last_discard":
            return parse_card(obj)
        if key in ("legal", "move"):
            return parse_move(obj)
    return obj


def best(repeat: int, run: Callable[[], None]) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="bot-only games whose messages are measured")
    ap.add_argument("--seed", type=int, default=1, help="the table's seed")
    ap.add_argument("--repeat", type=int, default=5, help="timing runs over the whole set; the best counts")
    args = ap.parse_args()
    messages = collect(args.games, args.seed)
    encode = msgspec.json.Encoder().encode
    strict = msgspec.json.Decoder(TableMessage).decode
    plain = msgspec.json.Decoder().decode
    frames = [encode(m) for m in messages]
    assert all(strict(f) == m for f, m in zip(frames, messages))
    builtins = msgspec.to_builtins
    text_frames = [encode(to_notation(builtins(m))) for m in messages]

    def numbers() -> None:
        for m in messages:
            strict(encode(m))

    def notation() -> None:
        for m in messages:
            parse_back(plain(encode(to_notation(builtins(m)))))

    n = len(messages)
    t_num, t_text = best(args.repeat, numbers), best(args.repeat, notation)
    b_num, b_text = sum(map(len, frames)) / n, sum(map(len, text_frames)) / n
    print(f"{n} messages from {args.games} games (seed {args.seed}), best of {args.repeat}")
    print(f"numbers  (Structs, strict decode):            {t_num / n * 1e6:6.1f} us per message, {b_num:6.0f} bytes")
    print(f"notation (to text, encode, decode, parse):    {t_text / n * 1e6:6.1f} us per message, {b_text:6.0f} bytes")


if __name__ == "__main__":
    main()
