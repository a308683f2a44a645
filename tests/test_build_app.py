"""tools/build_app.py's checks of a built app, on stand-in executables: they read any bytes the app writes."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_platforms import _load_tool

build_app = _load_tool("build_app")

# what a Windows app writes to a pipe in the ANSI code page: "Tá Lả" in cp1252 (ả is not in it)
CP1252_LINE = "print('T\\xe1 L\\xe1 Desktop 0.1.0 on win32'.encode('cp1252').decode('latin-1'), file=sys.stderr)"


def _script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return [sys.executable, str(path)]


def test_the_first_frame_is_read_from_a_log_that_is_not_utf8(tmp_path):
    """A frozen Windows app that wrote in the ANSI code page: its start-up is still read, nothing raised."""
    command = _script(tmp_path, "app", f"""
        import sys, time
        sys.stderr.reconfigure(encoding="latin-1")
        {CP1252_LINE}
        stamp = time.strftime("%Y-%m-%d %H:%M:%S,000")
        print(stamp + " tala_desktop.ui.shell.app_loop INFO first frame 480 ms after start", file=sys.stderr)
        """)
    launch, since_main = build_app.first_frame(command)
    assert since_main == 480.0 and launch > -2000


def test_a_first_frame_that_never_comes_fails_the_check_with_the_log(tmp_path):
    command = _script(tmp_path, "app", f"""
        import sys
        sys.stderr.reconfigure(encoding="latin-1")
        {CP1252_LINE}
        sys.exit(3)
        """)
    with pytest.raises(build_app.CheckFailed, match="exited 3 without a first frame:\n.*T\ufffd L\ufffd Desktop"):
        build_app.first_frame(command)
