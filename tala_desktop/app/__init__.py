"""The application by job: the command line, the composition root, the log, the crash and second-copy windows.

- ``cli``: the options and ``main``, the entry point of ``tala-desktop``,
  ``python -m tala_desktop`` and the packaged app;
- ``composition``: ``build_desktop``, ``start_desktop`` and
  ``selftest_desktop``, the one place the desktop game is put together;
- ``logs``: the console's level and the rotating log file in the data folder;
- ``crash``: what an error nothing caught leaves (the log, a window);
- ``already_open``: the data folder's lock and the window of a second copy.
"""

from .cli import main

__all__ = ["main"]
