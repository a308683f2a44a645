"""Journeys: the paths a player walks, each a test of the real app from its composition root.

Every journey starts the app on a fresh data folder (``driver.Journey``),
steps its clock frame by frame, clicks only where the buttons and cards are
drawn, restarts the app on the same folder where a player would, and checks
what the screen and the store show. A journey that fails saves the last
frame and the steps it took under the test's temporary folder
(``journey-failure/last-frame.png`` and ``steps.txt``) and prints where.
"""
