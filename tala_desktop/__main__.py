"""``python -m tala_desktop``: start the application."""

import sys

from tala_desktop.app import main

sys.exit(main())
