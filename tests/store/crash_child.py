"""Child process of the crash tests: plays or resumes one offline game with the store, printing the result.

    python crash_child.py DATA_DIR play      # a new table (seed 7); crashes where TALA_STORE_CRASH_AT says
    python crash_child.py DATA_DIR restart   # what the app does at start-up: recover, resume and finish
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tala_desktop.bots.runner import InlineRunner  # noqa: E402
from tala_desktop.store import OfflineSession, Store  # noqa: E402
from tests.store.helpers import drive, make_config  # noqa: E402


def main(data_dir: str, mode: str) -> int:
    store = Store(data_dir)
    session = None
    if mode == "play":
        session = OfflineSession.new(store, make_config(seed=7), runner=InlineRunner())
        session.table.start_game(0.0)
    else:
        save = store.recover()
        if save is not None:
            session = OfflineSession.resume(store, save, now=0.0, runner=InlineRunner())
    if session is not None:
        drive(session.table)
    print(json.dumps({"resumed": mode == "restart" and session is not None,
                      "notices": [n.code for n in store.notices],
                      "errors": session.errors if session else []}))
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
