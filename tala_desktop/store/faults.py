"""Fault injection for crash tests: ``crash_point(name)`` ends the process at a named step boundary.

The settlement and autosave code calls ``crash_point`` between its steps. In
normal use it does nothing. A test sets the environment variable
``TALA_STORE_CRASH_AT`` to ``<step>`` or ``<step>@<n>`` (the n-th time the step
is reached) in a child process; there the process ends at once with
``os._exit`` (no cleanup, no commit, like a power cut or a kill), and the test
checks that a restart neither pays twice nor loses a payment.
"""

from __future__ import annotations

import os
from collections import Counter

ENV_VAR = "TALA_STORE_CRASH_AT"
CRASH_EXIT_CODE = 86

# Every step boundary that calls crash_point, in the order a finished game passes them.
STEPS = (
    "autosave_written",        # an autosave is on disk (after every move)
    "final_autosave_written",  # the autosave of the finished game is on disk, not yet settled
    "settle_begun",            # BEGIN IMMEDIATE done
    "history_inserted",        # games row written (uncommitted)
    "seats_inserted",          # game_seats rows written (uncommitted)
    "profile_paid",            # the human's balance updated (uncommitted)
    "bots_paid",               # the bots' balances updated (uncommitted)
    "ledger_written",          # the chips-over-time row written (uncommitted)
    "settle_committed",        # COMMIT done, autosave not yet cleared
    "autosave_cleared",        # autosave file removed
)


_reached: Counter[str] = Counter()


def crash_point(name: str) -> None:
    """End the process now if ``TALA_STORE_CRASH_AT`` names this step (tests only)."""
    want = os.environ.get(ENV_VAR)
    if not want:
        return
    step, _, nth = want.partition("@")
    if step != name:
        return
    _reached[name] += 1
    if _reached[name] == (int(nth) if nth.isdigit() else 1):
        os._exit(CRASH_EXIT_CODE)
