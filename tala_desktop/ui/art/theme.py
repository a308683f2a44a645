"""Theme: every colour the UI draws with, named by what it is for (a test keeps literals out of ui/).

Every page, overlay, widget, piece of art and the table take their colours
from here, so a "muted" text or an error looks the same everywhere and a
colour is changed in one place. Colours are RGB; fills that let the felt
show through carry an alpha. A colour drawn at an alpha computed while
drawing is written ``(*theme.NAME, alpha)`` where it is used.
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

# the drawing's plumbing: what a surface starts as, the shape of a mask (only its coverage counts)
CLEAR: RGBA = (0, 0, 0, 0)            # a transparent surface before anything is drawn on it
BLACK: Colour = (0, 0, 0)             # text shadows, outlines in the dark, the bars around the canvas
MASK: Colour = WHITE                  # a shape a gradient is cut to (gfx.mask_with reads its alpha)
KEEP: RGBA = (255, 255, 255, 255)     # a multiply that leaves colours as they are (BLEND_RGBA_MULT)

# buttons: (gradient top, gradient bottom, border) per style
BUTTON_FACES: dict[str, tuple[Colour, Colour, Colour]] = {
    "primary": ((255, 184, 58), (228, 112, 18), (120, 52, 6)),   # orange: the move to make
    "green": ((96, 206, 96), (28, 138, 58), (12, 70, 28)),        # go on, a new game
    "blue": ((84, 160, 246), (30, 90, 196), (14, 44, 110)),
    "red": ((244, 98, 86), (182, 36, 40), (96, 14, 18)),          # Ù, leave, delete
    "dark": ((78, 88, 104), (40, 46, 58), (16, 18, 24)),          # the quiet ones: sort, hint, skip
}
BUTTON_DISABLED: tuple[Colour, Colour, Colour] = ((150, 150, 150), (104, 104, 104), (60, 60, 60))
BUTTON_TEXT_DISABLED: Colour = (225, 225, 225)
BUTTON_GLOW: Colour = (255, 228, 110)     # the pulsing halo round the button to press now
BUTTON_SHINE: RGBA = (255, 255, 255, 46)  # the light on a button's upper half

# panels, toasts and banners (widgets)
PANEL_FILL: RGBA = (10, 20, 16, 200)
PANEL_EDGE: RGBA = (255, 255, 255, 60)
TOAST_FILL: RGBA = (0, 0, 0, 170)         # the pill under a status message
BANNER_GOLD: Colour = (255, 214, 64)      # a big moment's word ("Ăn!"), the eat banner
BANNER_OUTLINE: Colour = (60, 24, 0)

# form widgets: fields, choices, sliders, switches, steppers, scroll bars
SELECTED_TOP: Colour = (255, 222, 120)    # the chosen segment, the held scroll thumb (a gold gradient)
SELECTED_BOTTOM: Colour = (232, 152, 32)
SELECTED_TEXT: Colour = (70, 34, 0)
FIELD_FILL: RGBA = (6, 30, 18, 190)
FIELD_EDGE: RGBA = (255, 255, 255, 70)    # a text field's edge, a switch that is off
FIELD_FOCUS_EDGE: RGBA = (255, 208, 90, 255)
FIELD_ERROR_EDGE: RGBA = (236, 80, 70, 255)
WELL_FILL: RGBA = (0, 0, 0, 110)          # the sunken box behind a row of choices or a stepper
WELL_EDGE: RGBA = (255, 255, 255, 50)
TRACK: RGBA = (0, 0, 0, 120)              # a slider's and a scroll bar's track
TRACK_EDGE: RGBA = (255, 255, 255, 60)
KNOB: Colour = (250, 250, 244)            # a slider's and a switch's knob
SLIDER_KNOB_EDGE: Colour = (120, 70, 10)
SWITCH_KNOB_EDGE: Colour = (60, 60, 60)
SWITCH_ON_TOP: Colour = (104, 214, 104)
SWITCH_ON_BOTTOM: Colour = (30, 142, 62)
SWITCH_OFF: RGBA = (0, 0, 0, 130)
THUMB_TOP: Colour = (220, 196, 130)       # a scroll thumb at rest
THUMB_BOTTOM: Colour = (170, 126, 48)
STEPPER_FILLS: dict[str, RGBA] = {"off": (0, 0, 0, 60), "normal": (255, 255, 255, 40),
                                  "hover": (255, 255, 255, 80), "held": (255, 208, 90, 150)}
