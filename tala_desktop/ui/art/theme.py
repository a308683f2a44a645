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

# the drawing's plumbing: what a surface starts as, the shape of a mask (only its coverage counts)
CLEAR: RGBA = (0, 0, 0, 0)            # a transparent surface before anything is drawn on it
BLACK: Colour = (0, 0, 0)             # text shadows, outlines in the dark, the bars around the canvas
MASK: Colour = WHITE                  # a shape a gradient is cut to (gfx.mask_with reads its alpha)
MASK_FULL: RGBA = (255, 255, 255, 255)   # a mask's inside, drawn opaque (multiplied in: colours kept)
MASK_EMPTY: RGBA = (255, 255, 255, 0)    # a mask's outside: clear, but white so a smoothscaled edge stays white
BARS: Colour = BLACK                  # the bars round the canvas when the window is not its shape

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
PANEL_EDGE_FAINT: RGBA = (255, 255, 255, 50)   # the edge of the table's panels unless told otherwise
LOG_FILL: RGBA = (6, 22, 14, 150)     # the log of the last moves
LOG_EDGE: RGBA = (255, 255, 255, 36)
STATUS_PILL: RGBA = (0, 0, 0, 165)    # under the status line
SEAT_PLATE: RGBA = (8, 16, 12, 185)   # a seat's name, cards and chips
SEAT_GONE: Colour = (110, 110, 110)   # multiplied into the face of a player who left
BADGE_EDGE: RGBA = (255, 255, 255, 160)
BADGE_COLOURS: dict[str, Colour] = {  # a standing's badge under the avatar and in the results
    "nhat": (226, 170, 30), "nhi": (150, 160, 176), "ba": (176, 112, 60), "bet": (100, 104, 112),
    "mom": (196, 46, 46), "u": (142, 70, 210), "u_tron": (142, 70, 210), "u_khan": (142, 70, 210),
    "den": (150, 20, 30), "lose": (90, 94, 104),
}
BADGE_OTHER: Colour = (90, 90, 90)    # a standing without a colour of its own
BADGE_LEFT: Colour = (90, 94, 104)    # "left the table"
AWAY_MARK: Colour = (176, 96, 24)     # "away": a dropped player's seat still kept for them
THINKING_BUBBLE: RGBA = (250, 250, 250, 235)   # the "..." beside a bot that is thinking
THINKING_DOT: Colour = (160, 160, 160)
THINKING_DOT_LIT: Colour = (40, 40, 40)
ARROW_SHADOW: Colour = BLACK          # under the arrows from a card to where it can be sent
MONEY_GAIN: Colour = (120, 236, 120)  # the amounts that fly to a seat that is paid
MONEY_LOSS: Colour = (255, 110, 100)  # ... and from a seat that pays
BANNER_BAD: Colour = (255, 120, 100)  # "Móm", "Đền" over a seat
AMOUNT_PILL: RGBA = (0, 0, 0, 170)    # under a flying amount
RESULTS_SHADE: RGBA = (0, 0, 0, 140)  # the table dimmed behind the results
RESULTS_NOTE: Colour = (210, 220, 214)   # "a new game starts in 5 s"
RESULTS_WINNER_ROW: RGBA = (255, 214, 90, 40)
RESULTS_ROW: RGBA = (0, 0, 0, 70)

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

# cards: suits, paper, court cards, backs, and the marks round a card
SUIT_BLACK: Colour = (22, 24, 30)         # ♠ ♣; ♠ alone in the four-colour deck
SUIT_RED: Colour = (206, 22, 40)          # ♦ ♥; ♥ alone in the four-colour deck
SUIT_BLUE: Colour = (22, 84, 200)         # ♦ in the four-colour deck
SUIT_GREEN: Colour = (10, 128, 52)        # ♣ in the four-colour deck
SUIT_COLOURS_2: tuple[Colour, ...] = (SUIT_BLACK, SUIT_BLACK, SUIT_RED, SUIT_RED)   # ♠ ♣ ♦ ♥
SUIT_COLOURS_4: tuple[Colour, ...] = (SUIT_BLACK, SUIT_GREEN, SUIT_BLUE, SUIT_RED)
CARD_PAPER: Colour = (253, 252, 247)
CARD_EDGE: Colour = (150, 150, 160)
COURT_GOLD: Colour = (232, 184, 48)       # the court cards' emblems, the medal on the backs
COURT_TINT: Colour = (250, 234, 196)      # the warm paper of a court card's framed panel
CROWN_JEWEL: Colour = (250, 250, 245)     # the pearls on a King's and a Queen's crown
SWORD_BLADE: Colour = (236, 239, 246)     # the Jack's sword
EATEN_GOLD: Colour = (255, 200, 40)       # the glow round a card you ate
GROUP_COLOURS: tuple[Colour, ...] = (     # the outline round phỏm group i in a hand
    (64, 200, 255), (255, 96, 200), (120, 230, 90), (255, 150, 40))
BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {   # a back's name (a setting) -> (base, lattice)
    "red": ((142, 20, 34), (196, 64, 76)),
    "blue": ((22, 48, 124), (72, 110, 196)),
    "green": ((16, 92, 52), (70, 160, 100)),
}

# the table: the room, the felt, the wooden rim, chips and the turn clock's ring
TABLE_BACKDROP: Colour = (8, 34, 22)      # the floor round the table
TABLE_FELT_CENTRE: Colour = (34, 128, 74)
TABLE_FELT_EDGE: Colour = (14, 78, 44)
TABLE_RIM_DARK: Colour = (58, 32, 16)
TABLE_RIM_LIGHT: Colour = (128, 78, 38)
TABLE_RIM_LINE: Colour = (214, 176, 92)   # the gold line round the cloth
TABLE_SHADOW: RGBA = (0, 0, 0, 150)       # under the rim, and the darkest of the vignette
CLOCK_PLENTY: Colour = (70, 210, 90)      # the turn clock's ring while there is time
CLOCK_HURRY: Colour = (255, 184, 40)      # ten seconds left
CLOCK_LATE: Colour = (236, 52, 44)        # five seconds left
CLOCK_TRACK: RGBA = (0, 0, 0, 120)        # the ring's empty part
CHIP_COLOURS: dict[str, Colour] = {
    "white": (236, 236, 236), "red": (206, 38, 44), "blue": (40, 92, 200),
    "green": (32, 150, 70), "black": (34, 34, 40), "gold": (226, 178, 42),
}
CHIP_STRIPE: Colour = (245, 245, 240)     # the edge stripes and the inner ring of a chip

# the menu pages' art: the lobby felt, the gold logo, the ribbon, the glassy panels
MENU_FELT_CENTRE: Colour = (30, 122, 70)
MENU_FELT_EDGE: Colour = (5, 38, 22)
LOGO_GOLD_LIGHT: Colour = (255, 240, 170)
LOGO_GOLD_MID: Colour = (255, 200, 70)    # and the dividers under page titles
LOGO_GOLD_DARK: Colour = (214, 128, 20)
LOGO_OUTLINE: Colour = (70, 30, 4)
LOGO_SHADOW: RGBA = (255, 255, 255, 150)  # multiplied into the logo's blurred shadow: 150/255 of it kept
FELT_GRAIN: tuple[RGBA, RGBA] = ((255, 255, 255, 7), (0, 0, 0, 12))   # single light and dark specks
MENU_GLOW: Colour = (255, 226, 150)       # the warm light top left
MENU_GLOW_CLEAR: RGBA = (255, 220, 140, 0)   # its surface before it: clear, warm so a smoothscaled edge stays warm
MENU_VIGNETTE: RGBA = (0, 0, 0, 170)
RAYS: Colour = (255, 236, 170)            # the light behind the logo
RIBBON_DARK: Colour = (112, 14, 24)       # the ribbon's folded tails
RIBBON: Colour = (178, 28, 40)
RIBBON_EDGE: Colour = (232, 176, 70)
RIBBON_TEXT_EDGE: Colour = (80, 8, 14)
PANEL_GOLD: Colour = (226, 184, 92)      # the thin gold edges and dividers of the menu pages
PAGE_PANEL_FILL: RGBA = (8, 36, 22, 228)
PAGE_PANEL_EDGE: RGBA = (*PANEL_GOLD, 200)

# the stats page's chips plot
PLOT_LINE: Colour = (255, 206, 84)
PLOT_FILL: RGBA = (255, 206, 84, 46)
PLOT_GRID: RGBA = (255, 255, 255, 34)
PLOT_AXIS: RGBA = (255, 255, 255, 90)
PLOT_DOT: Colour = (255, 244, 200)

# the reactions' faces (drawn, the font has no emoji)
EMOTE_FACE_TOP: Colour = (255, 226, 92)
EMOTE_FACE_BOTTOM: Colour = (250, 168, 30)
EMOTE_ANGRY_TOP: Colour = (255, 150, 90)
EMOTE_ANGRY_BOTTOM: Colour = (222, 60, 40)
EMOTE_FEATURE: Colour = (92, 46, 12)      # eyes, brows, the rim
EMOTE_MOUTH: Colour = (136, 30, 30)
EMOTE_TONGUE: Colour = (240, 110, 110)
EMOTE_TEAR: Colour = (110, 190, 255)
EMOTE_EYE: Colour = WHITE
EMOTE_SHINE: RGBA = (255, 255, 255, 80)
EMOTE_HEART: Colour = (236, 48, 72)
EMOTE_HEART_EDGE: Colour = (150, 16, 40)
EMOTE_HEART_SHINE: Colour = (255, 150, 160)

# the menu pages
QUIET: Colour = (170, 196, 176)           # the version line, a note beside a choice (you, your chips)
DESCRIPTION: Colour = (206, 222, 210)     # what a preset does, a switch's on or off
NOTICE_FILL: RGBA = (40, 16, 10, 235)     # a warm box that tells of a problem with your data
NOTICE_EDGE: RGBA = (255, 170, 80, 220)
PROFILE_CARD_FILL: RGBA = (6, 30, 18, 210)
PROFILE_CARD_EDGE: RGBA = (*PANEL_GOLD, 190)
PROFILE_NAME: Colour = (255, 244, 220)
PROFILE_NOTE: Colour = (200, 240, 200)    # a word under the profile card after a change
HEADING_OUTLINE: Colour = (40, 20, 0)     # round the gold headings of the rules
RULES_DIVIDER: RGBA = (*PANEL_GOLD, 110)
TOC_HOVER: RGBA = (255, 255, 255, 30)     # a contents entry under the mouse
GLASS_EDGE: RGBA = (255, 255, 255, 40)    # the faint edge of a box on a page
ROW_BAND: RGBA = (255, 255, 255, 16)      # behind every other row, or a row drawn as a card
STAT_TILE: RGBA = (0, 0, 0, 90)
STAT_VALUE: Colour = (255, 226, 130)      # the big figure on a stats tile
REPLAY_STATUS: RGBA = (0, 0, 0, 120)      # the box of what the replay shows now
TIMELINE: RGBA = (0, 0, 0, 130)
TIMELINE_EDGE: RGBA = (255, 255, 255, 60)
REPLAY_SEAT: RGBA = (0, 0, 0, 70)         # a seat's box in the replay; the one whose move it is, lit
REPLAY_SEAT_EDGE: RGBA = (255, 255, 255, 30)
REPLAY_SEAT_TURN: RGBA = (255, 236, 170, 34)
REPLAY_SEAT_TURN_EDGE: RGBA = (255, 214, 110, 170)
COACH_PANEL_FILL: RGBA = (8, 28, 20, 225)  # the tutorial's coach box
COACH_PANEL_EDGE: RGBA = (255, 214, 110, 200)

# LAN pages
LAN_ROW: Colour = (12, 40, 28)            # a server or table in a list, a seat in the lobby
LAN_ROW_MINE: Colour = (40, 70, 40)       # your seat in the lobby
LAN_NOTE: Colour = (180, 200, 186)        # a server's address, the hint under the address field
LAN_BACK_ROW: Colour = (58, 62, 22)       # "Quay lại bàn": the seat a server still keeps for you

# chat and reactions
CHAT_FILL: RGBA = (10, 30, 22, 236)
CHAT_VEIL: RGBA = (10, 24, 18, 226)     # over the reactions of someone the host muted
CHAT_TILE: RGBA = (255, 255, 255, 26)     # a reaction's tile; lit under the mouse
CHAT_TILE_HOVER: RGBA = (255, 255, 255, 70)
CHAT_BADGE: Colour = (226, 48, 48)        # the count of unread lines on the chat button
CHAT_RULE: Colour = (64, 92, 78)          # the line over the chat's lines
CHAT_BUTTON: RGBA = (40, 46, 58, 235)
CHAT_BUTTON_EDGE: RGBA = (16, 18, 24, 255)
CHAT_BUTTON_DOTS: Colour = (40, 46, 58)   # the "..." in its speech bubble
WATCHER_NAME: Colour = (150, 200, 220)    # a watcher's name in the chat (they have no seat colour)
MUTED_MARK: Colour = (170, 40, 44)        # the mark by a muted person: a struck speech bubble on red ...
MUTED_MARK_EDGE: Colour = (255, 236, 230)  # ... in a light ring
PERSON_ROW: RGBA = (44, 74, 60, 255)      # a name in the list of those watching the host can open
PERSON_ROW_PLAIN: RGBA = (28, 52, 40, 255)  # ... and one that opens nothing (a guest's list)
BUBBLE_FILL: Colour = (252, 250, 244)     # a reaction's speech bubble over a seat
BUBBLE_EDGE: Colour = (60, 60, 60)
BUBBLE_INK: Colour = (34, 34, 34)
BUBBLE_NAME: Colour = (90, 96, 104)
