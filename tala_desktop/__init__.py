"""Tá Lả Desktop: the Phỏm (Tá lả) card game for the desktop, offline against bots or on the LAN."""

__version__ = "0.1.0"
