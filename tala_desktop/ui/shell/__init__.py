"""The shell: the app's frame loop and the scenes it runs (the menu, the offline tables), the selftest."""
