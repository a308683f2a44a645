"""The words for the game's named choices: computer levels, rule presets, seat kinds and reactions.

Each choice travels as a short name (``"hard"``, ``"co_ban"``, ``"gg"``: the
settings, the saves and the LAN wire use them); here each name maps to the
message id of its words, marked for the catalogs' extraction. A name this
version does not know (from a newer save, or another player's app) is said
plainly, never raised on.
"""

from __future__ import annotations

from .i18n import N_, tr

LEVELS = {"easy": N_("setup.level.easy"), "normal": N_("setup.level.normal"), "hard": N_("setup.level.hard")}
LEVEL_GUIDES = {"easy": N_("setup.level_guide.easy"), "normal": N_("setup.level_guide.normal"),
                "hard": N_("setup.level_guide.hard")}
PRESETS = {"zingplay": N_("setup.preset.zingplay"), "co_ban": N_("setup.preset.co_ban"),
           "custom": N_("setup.preset.custom")}
PRESET_DESCRIPTIONS = {"zingplay": N_("setup.preset_desc.zingplay"), "co_ban": N_("setup.preset_desc.co_ban")}
SEAT_KINDS = {"human": N_("seat.human"), "bot": N_("seat.bot"), "remote": N_("seat.remote")}
REACTIONS = {"nice": N_("react.nice"), "hurry": N_("react.hurry"), "thanks": N_("react.thanks"),
             "sorry": N_("react.sorry"), "gg": N_("react.gg"), "again": N_("react.again"),
             "laugh": N_("react.laugh"), "wow": N_("react.wow"), "sad": N_("react.sad"),
             "angry": N_("react.angry"), "love": N_("react.love")}


def level_name(level: str | None) -> str:
    """"Khó" / "Hard" for ``"hard"``; an unknown level as it is ("" for none)."""
    return _said(LEVELS, level)


def level_guide(level: str) -> str:
    return _said(LEVEL_GUIDES, level)


def preset_name(preset: str) -> str:
    """"Zingplay", "Cơ bản", "Tùy chỉnh" ("Custom"): a preset this version does not name is custom rules."""
    return tr(PRESETS.get(str(preset), PRESETS["custom"]))


def preset_description(preset: str) -> str:
    return _said(PRESET_DESCRIPTIONS, preset)


def seat_kind_name(kind: str) -> str:
    return _said(SEAT_KINDS, kind)


def reaction_text(reaction: str) -> str:
    """A quick phrase's or an emote's words; "" for a reaction this version does not know."""
    key = REACTIONS.get(str(reaction))
    return tr(key) if key is not None else ""


def _said(keys: dict[str, str], name: str | None) -> str:
    if name is None:
        return ""
    key = keys.get(str(name))
    return tr(key) if key is not None else str(name)
