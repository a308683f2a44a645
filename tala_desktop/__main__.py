"""``python -m tala_desktop``: start the application.

The guard matters: the Hard bot's worker processes are spawned, and a spawned
process imports this module (as ``__mp_main__``) without running the game.
"""

import sys

from tala_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
