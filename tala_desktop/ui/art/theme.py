"""Theme: the one palette of the UI's text, marks and panels (the art modules keep their own recipes).

Every page, overlay and the table take their colours from here, so a
"muted" text or an error looks the same everywhere. Colours are RGB; the
panel fills carry an alpha.
"""

from __future__ import annotations

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# text on the dark green pages and panels
TEXT: Colour = (236, 244, 236)        # body text
MUTED: Colour = (176, 198, 182)       # secondary text: dates, help, counts
CAPTION: Colour = (196, 214, 200)     # captions under pictures, axis labels
FAINT: Colour = (150, 170, 156)       # placeholders in empty fields
DISABLED: Colour = (120, 134, 124)    # controls that cannot be used now
LABEL: Colour = (255, 222, 140)       # field labels and column heads
GOLD: Colour = (255, 214, 90)         # titles, the armed choice, the focused field
ACCENT: Colour = (255, 196, 64)       # a value changed from its preset
CREAM: Colour = (246, 238, 214)       # text on warm notice boxes
WHITE: Colour = (255, 255, 255)

# meaning
GAIN: Colour = (140, 236, 140)        # money won, a player ready, "the computer agrees"
LOSS: Colour = (255, 140, 120)        # money lost
ERROR: Colour = LOSS                  # a refused entry on a page
WARNING: Colour = (255, 176, 96)      # a refused move at the table, advice that differs
CYAN: Colour = (120, 226, 255)        # where a card can go: send targets, the last move, the next step
RED: Colour = (236, 52, 44)           # raised cards that make no phỏm

# the table
FELT_MUTED: Colour = (200, 214, 204)  # secondary text on the felt (brighter than MUTED)
EATABLE: Colour = (120, 230, 90)      # the last discard when you can eat it
LAST_DISCARD: Colour = (240, 240, 240)
CLOCK_DISC: Colour = (16, 24, 20)     # under the seconds left on the turn clock's ring
CELEBRATION_GOLD: Colour = (255, 206, 84)    # the winner's fanned cards' edge and the rings at their seat
CELEBRATION_SPARK: Colour = (255, 246, 200)

# avatars
AVATAR_COLOURS: tuple[Colour, ...] = (    # the discs' colours: the profile's looks 0-9, and a name's own colour
    (229, 83, 75), (241, 151, 55), (214, 178, 40), (94, 176, 82), (38, 166, 154),
    (58, 134, 214), (111, 96, 206), (181, 86, 186), (222, 96, 146), (120, 132, 150),
)
AVATAR_RING: Colour = (245, 245, 245)     # the edge of a face at the table
AVATAR_GOLD: Colour = (255, 214, 110)     # the edge of your face on the profile card, and of the look you chose
AVATAR_EDGE: Colour = (90, 110, 96)       # the edge of the looks you did not choose

# panels and overlays
SHADE: RGBA = (0, 0, 0, 150)          # the dimmed screen behind a dialog
DIALOG_FILL: RGBA = (14, 40, 28, 245)
DIALOG_EDGE: RGBA = (255, 214, 90, 180)
