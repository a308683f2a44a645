"""Windows suite: the whole test suite run by Windows' own Python under Wine 8, its counts and wall time.

    python bench/windows_suite.py            # as root on Debian/Ubuntu x86-64 (tools/windows_check.py's steps)

The environment is tools/windows_check.py's (a fresh Windows 10 prefix with the embeddable CPython 3.11 and the
project's test, build and bench extras, in a network namespace that holds only loopback); then ``pytest -n 2``
over the whole suite. The only tests left out are those Wine 8.0 cannot run, each with Wine's reason (printed):
the data folder's lock, whose msvcrt ``_locking`` fails there without setting errno; the release workflow's
Windows leg runs them on a real Windows. Prints passed, failed and skipped (from pytest's JUnit report: under
Wine pytest's closing line can be lost at exit), the suite's wall time and each step's; exits 1 if any failed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import windows_check  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = windows_check.parser(__doc__.splitlines()[0])
    args = ap.parse_args(argv)
    if sys.platform != "linux" or os.geteuid() != 0:
        print("windows_suite: runs on Linux as root (apt, network namespaces)", file=sys.stderr)
        return 2
    args.tests, args.no_builds = "full", True
    code, check, times = windows_check.run_check(args)
    print(f"whole suite under Windows' Python (Wine 8, CPython 3.11 for Windows): {check.found.get('suite', 'no run')}")
    return code


if __name__ == "__main__":
    sys.exit(main())
