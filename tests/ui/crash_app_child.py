"""Child process of the resume test: starts the real app on a data folder, plays some moves, then dies hard.

Usage: python -m tests.ui.crash_app_child DATA_DIR MOVES OUT_JSON. Before dying it writes where the game
stood (cards, turn, moves) to OUT_JSON, then leaves with os._exit: no shutdown, no flush, like a crash.
"""

from __future__ import annotations

import json
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


def main() -> None:
    data_dir, moves, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    from tala_desktop.bots import BotLevel
    from tests.store.helpers import fingerprint
    from tests.ui.store_app_helpers import open_app, play_my_turns, two_player_choices

    desktop = open_app(data_dir)
    app = desktop.app
    desktop.games.start_game(two_player_choices(BotLevel.NORMAL))
    client = desktop.games.clients[0]
    client.table.think_delay = 0.0
    play_my_turns(app, client, until_moves=moves)
    st = client.table.state          # moves are applied on this (the UI) thread, each one autosaved at once
    assert st is not None
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"fingerprint": fingerprint(st), "balances": client.table.balances}, f)
    os._exit(3)


if __name__ == "__main__":
    main()
